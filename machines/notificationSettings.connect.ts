import type { NoticeMailKind } from '@contract/wire/notice-mail';
import type { SnapshotFrom } from 'xstate';
import type { NotificationSettingsEvent, notificationSettingsMachine } from './notificationSettings.machine';

export interface NoticeSwitchView {
  kind: NoticeMailKind;
  mail: boolean;
  change: (mail: boolean) => void;
}

/** What the "Mail notifications" section shows. */
export type NotificationSettingsView =
  | { step: 'loading' }
  | { step: 'failed'; error: unknown; retry: () => void }
  | {
      step: 'ready';
      switches: NoticeSwitchView[];
      busy: boolean;
      /** Saved just now, with nothing changed since. */
      saved: boolean;
      /** A switch differs from what is saved. */
      changed: boolean;
      alert: string | null;
      save: () => void;
    };

export function connectNotificationSettings(
  snapshot: SnapshotFrom<typeof notificationSettingsMachine>,
  send: (event: NotificationSettingsEvent) => void,
): NotificationSettingsView {
  const { draft, saved, error, alert } = snapshot.context;
  if (snapshot.matches('loading')) return { step: 'loading' };
  if (snapshot.matches('failed'))
    return { step: 'failed', error, retry: () => send({ type: 'settings.retry' }) };
  return {
    step: 'ready',
    switches: draft.map(({ kind, mail }) => ({
      kind,
      mail,
      change: (next) => send({ type: 'kind.toggle', kind, mail: next }),
    })),
    busy: snapshot.matches({ ready: 'saving' }),
    saved: snapshot.matches({ ready: 'saved' }),
    changed: draft.some((setting) => saved.find((kept) => kept.kind === setting.kind)?.mail !== setting.mail),
    alert,
    save: () => send({ type: 'settings.save' }),
  };
}
