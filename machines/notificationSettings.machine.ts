import type { NoticeMailKind, NoticeMailSetting, NoticeMailSettings } from '@contract/wire/notice-mail';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * The profile's "Mail notifications" section: the notices of the user's role, each with a switch,
 * read, changed on the page, and saved together with Save. A failed read offers a retry; a failed
 * save keeps the switches as they are and says why; a save that went through says so until the next
 * change. Pure: the calls are actors provided by the view.
 */
export interface NotificationSettingsInput {
  /** The alert text when a refusal carries no message of its own. */
  fallback: string;
}

export interface NotificationSettingsContext {
  fallback: string;
  /** The kinds as the server last answered them. */
  saved: NoticeMailSetting[];
  /** The switches as the user set them. */
  draft: NoticeMailSetting[];
  /** Why the read failed (the view says it, with a retry). */
  error: unknown;
  /** Why the save failed. */
  alert: string | null;
}

export type NotificationSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'kind.toggle'; kind: NoticeMailKind; mail: boolean }
  | { type: 'settings.save' };

export const notificationSettingsMachine = setup({
  types: {
    input: {} as NotificationSettingsInput,
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    load: fromPromise<NoticeMailSettings>(async () => {
      throw new Error('load is supplied by the view');
    }),
    save: fromPromise<NoticeMailSettings, { kinds: NoticeMailSetting[] }>(async () => {
      throw new Error('save is supplied by the view');
    }),
  },
  actions: {
    keepSettings: assign((_, { reply }: { reply: NoticeMailSettings }) => ({
      saved: reply.data.kinds,
      draft: reply.data.kinds,
      error: undefined,
      alert: null,
    })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'kind.toggle');
      return {
        draft: context.draft.map((setting) =>
          setting.kind === event.kind ? { kind: setting.kind, mail: event.mail } : setting,
        ),
      };
    }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'notificationSettings',
  context: ({ input }) => ({ fallback: input.fallback, saved: [], draft: [], error: undefined, alert: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: { type: 'keepSettings', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: failureOf } },
      },
    },
    failed: {
      on: { 'settings.retry': 'loading' },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: { 'kind.toggle': { actions: 'toggle' }, 'settings.save': 'saving' },
        },
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ kinds: context.draft }),
            onDone: {
              target: 'saved',
              actions: { type: 'keepSettings', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: { target: 'saveFailed', actions: { type: 'showAlert', params: failureOf } },
          },
        },
        /** Saved: the section says so until the next change. */
        saved: {
          on: { 'kind.toggle': { target: 'editing', actions: 'toggle' }, 'settings.save': 'saving' },
        },
        /** The switches stay as set; the alert says why, until the next save. */
        saveFailed: {
          on: {
            'kind.toggle': { actions: 'toggle' },
            'settings.save': { target: 'saving', actions: 'clearAlert' },
          },
        },
      },
    },
  },
});
