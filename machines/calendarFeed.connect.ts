import type { CalendarFeed } from '@contract/wire/schedule';
import type { SnapshotFrom } from 'xstate';
import type { CalendarFeedEvent, calendarFeedMachine } from './calendarFeed.machine';
import { connectLoader } from './loader.connect';

export interface CalendarFeedView {
  status: 'loading' | 'ready' | 'failed';
  feed: CalendarFeed | undefined;
  error: unknown;
  retry: () => void;
  copy: () => void;
  /** 'copied': the confirmation; 'failed': the clipboard refused, the user copies by hand. */
  copyState: 'idle' | 'copying' | 'copied' | 'failed';
  /** The question before a new address is made (the old one will stop working). */
  confirming: boolean;
  renewing: boolean;
  askRenew: () => void;
  cancelRenew: () => void;
  confirmRenew: () => void;
}

/** What the calendar feed panel shows. */
export function connectCalendarFeed(
  snapshot: SnapshotFrom<typeof calendarFeedMachine>,
  send: (event: CalendarFeedEvent) => void,
): CalendarFeedView {
  const { feed } = snapshot.context;
  const load = connectLoader(snapshot.children.loader);
  const copyState = snapshot.matches({ ready: 'copying' })
    ? 'copying'
    : snapshot.matches({ ready: 'copied' })
      ? 'copied'
      : snapshot.matches({ ready: 'copyFailed' })
        ? 'failed'
        : 'idle';
  return {
    status: snapshot.matches('ready') ? 'ready' : load.status === 'failed' ? 'failed' : 'loading',
    feed,
    error: load.status === 'failed' ? load.error : null,
    retry: load.status === 'failed' ? load.retry : () => {},
    copy: () => send({ type: 'feed.copy' }),
    copyState,
    confirming: snapshot.matches({ ready: 'confirming' }),
    renewing: snapshot.matches({ ready: 'renewing' }),
    askRenew: () => send({ type: 'renew.ask' }),
    cancelRenew: () => send({ type: 'renew.cancel' }),
    confirmRenew: () => send({ type: 'renew.confirm' }),
  };
}
