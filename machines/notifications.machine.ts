import { type Notification, notificationSelectedMessage } from '@contract/wire/notifications';
import { assign, forwardTo, fromPromise, raise, sendTo, setup } from 'xstate';
import {
  type LiveConnectionReport,
  liveConnectionInvoke,
  liveConnectionMachine,
  logged,
  sessionGuards,
} from './liveConnection.machine';

export interface NotificationsContext {
  /** The access token the socket was opened with; null while signed out. */
  token: string | null;
  /** The user's notifications, newest first, as last read. */
  items: Notification[];
  /** Whether the list was read at least once since signing in (the panel says 'Loading ...' until then). */
  loaded: boolean;
  /** The notification being marked seen, and where it leads. */
  selected: { id: number; link: string | null } | null;
}

export type NotificationsEvent =
  /** The session's access token, or null once signed out (sent at start and at every change). */
  | { type: 'session.changed'; token: string | null }
  | LiveConnectionReport
  /** Any JSON message from the server (passed on by the connection). */
  | { type: 'socket.message' }
  /** The page was focused or shown again. */
  | { type: 'page.resumed' }
  | { type: 'notification.select'; id: number; link: string | null }
  /** Read the list again (raised internally; also the panel's retry). */
  | { type: 'notifications.refetch' }
  /** A notification was marked seen (raised internally): a live socket tells the server. */
  | { type: 'notification.seen'; id: number };

/** How many of the items are unseen: the bell's count. */
export function unreadCount(items: readonly Notification[]): number {
  return items.filter((item) => !item.seen).length;
}

/**
 * The live notifications of the signed-in user (spec sections 2, 3, 4 and 7).
 *
 * Signed out, nothing is connected. Signed in, the `/ws/notifications` socket runs in the invoked
 * `connection` (machines/liveConnection.machine.ts: it renews a refused token and waits for the page
 * after a newer tab took the socket); a new token re-enters `signedIn`, connecting again with it.
 * Two regions run side by side:
 * - `list`: `GET /notification/` on entry, on every server message and on every (re)connection, so
 *   nothing created while the socket was down is missed. A failed read keeps the last list.
 * - `selection`: a click marks the notification seen; on success the socket is told
 *   (`notification_selected`) if one is live, the list is read again and the notification's link is
 *   followed. A failure is only logged.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    /** The `/ws/notifications` socket and its reconnections; the application supplies its socket and renewal. */
    liveConnection: liveConnectionMachine,
    fetchNotifications: fromPromise<Notification[]>(async () => {
      throw new Error('fetchNotifications is supplied by the application');
    }),
    markSeen: fromPromise<Notification, { id: number }>(async () => {
      throw new Error('markSeen is supplied by the application');
    }),
  },
  guards: sessionGuards,
  actions: {
    keepToken: assign((_, params: { token: string | null }) => ({ token: params.token })),
    forget: assign({ token: null, items: [], loaded: false, selected: null }),
    keepItems: assign((_, params: { items: Notification[] }) => ({ items: params.items, loaded: true })),
    select: assign((_, params: { id: number; link: string | null }) => ({
      selected: { id: params.id, link: params.link },
    })),
    markLocally: assign({
      items: ({ context }) =>
        context.items.map((item) => (item.id === context.selected?.id ? { ...item, seen: true } : item)),
    }),
    /** Raises `notification.seen`, which only a live connection acts on. */
    announceSeen: raise((_, params: { id: number }) => ({
      type: 'notification.seen' as const,
      id: params.id,
    })),
    /** A socket not open yet keeps the message until it opens; one that is not running drops it. */
    tellSocket: sendTo('connection', (_, params: { id: number }) => ({
      type: 'connection.queue' as const,
      message: notificationSelectedMessage(params.id),
    })),
    passToConnection: forwardTo('connection'),
    refetch: raise({ type: 'notifications.refetch' }),
    clearSelection: assign({ selected: null }),
    /** Goes to the selected notification's link, if it has one. */
    followLink: (_, _params: { link: string | null }) => {},

    /** A failed mark-as-seen or read is only logged (spec section 4). */
    logFailure: (_, _params: { what: string; error: unknown }) => {},
  },
}).createMachine({
  id: 'notifications',
  context: { token: null, items: [], loaded: false, selected: null },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.changed': {
          guard: 'signedIn',
          target: 'signedIn',
          actions: { type: 'keepToken', params: ({ event }) => ({ token: event.token }) },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      invoke: liveConnectionInvoke,
      on: {
        'session.changed': [
          { guard: 'signedOut', target: 'signedOut', actions: 'forget' },
          {
            guard: 'newToken',
            target: 'signedIn',
            reenter: true,
            actions: { type: 'keepToken', params: ({ event }) => ({ token: event.token }) },
          },
        ],
        'connection.opened': { actions: 'refetch' },
        'page.resumed': { actions: 'passToConnection' },
        // Only a running socket tells the server.
        'notification.seen': {
          actions: { type: 'tellSocket', params: ({ event }) => ({ id: event.id }) },
        },
      },
      states: {
        list: {
          initial: 'loading',
          on: {
            // From `loading` too: a newer message makes the read in flight stale, so it starts again.
            'notifications.refetch': '.loading',
            'socket.message': '.loading',
          },
          states: {
            loading: {
              invoke: {
                id: 'fetchNotifications',
                src: 'fetchNotifications',
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepItems', params: ({ event }) => ({ items: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: logged('read the notifications'),
                },
              },
            },
            ready: {},
            failed: {},
          },
        },
        selection: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'notification.select': {
                  target: 'marking',
                  actions: { type: 'select', params: ({ event }) => ({ id: event.id, link: event.link }) },
                },
              },
            },
            marking: {
              invoke: {
                id: 'markSeen',
                src: 'markSeen',
                input: ({ context }) => ({ id: context.selected?.id ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: [
                    'markLocally',
                    { type: 'announceSeen', params: ({ context }) => ({ id: context.selected?.id ?? 0 }) },
                    'refetch',
                    {
                      type: 'followLink',
                      params: ({ context }) => ({ link: context.selected?.link ?? null }),
                    },
                    'clearSelection',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [logged('mark a notification seen'), 'clearSelection'],
                },
              },
            },
          },
        },
      },
    },
  },
});
