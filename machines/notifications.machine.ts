import {
  type Notification,
  type NotificationSelectedMessage,
  notificationSelectedMessage,
  SOCKET_REFUSED,
  SOCKET_SUPERSEDED,
} from '@contract/wire/notifications';
import { assign, fromCallback, fromPromise, raise, sendTo, setup } from 'xstate';

/**
 * What the machine asks of the socket actor: send this message. The socket actor answers with
 * `socket.opened`, `socket.message` and `socket.closed`.
 */
export type SocketCommand = { type: 'socket.send'; message: NotificationSelectedMessage };

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
  | { type: 'socket.opened' }
  /** Any JSON message from the server. */
  | { type: 'socket.message' }
  /** `code`: the close code (4401: the token is refused; 4008: the user has too many sockets). */
  | { type: 'socket.closed'; code: number }
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
 * Signed out, nothing is connected. Signed in, three regions run side by side:
 * - `connection`: the socket (partysocket, which reconnects with backoff by itself) is `connecting`,
 *   `open` or `reconnecting` after a drop. The server closes with 4401 when the token is refused
 *   or expires: the machine then asks the session to renew the token (`renewing`); the new token
 *   arrives as `session.changed` and re-enters `signedIn`, connecting again with it. The server
 *   closes with 4008 the oldest socket of a user who opened too many (tabs): this tab then waits
 *   (`superseded`) until the page is focused or shown again, since reconnecting at once would close
 *   another tab's socket, which would reconnect in turn, and so on.
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
    socket: fromCallback<SocketCommand, { token: string }>(() => {
      throw new Error('socket is supplied by the application');
    }),
    fetchNotifications: fromPromise<Notification[]>(async () => {
      throw new Error('fetchNotifications is supplied by the application');
    }),
    markSeen: fromPromise<Notification, { id: number }>(async () => {
      throw new Error('markSeen is supplied by the application');
    }),
    /** Asks the session for a new access token; it arrives as `session.changed`. */
    renewSession: fromPromise<void>(async () => {
      throw new Error('renewSession is supplied by the application');
    }),
  },
  guards: {
    signedIn: ({ event }) => event.type === 'session.changed' && event.token !== null,
    signedOut: ({ event }) => event.type === 'session.changed' && event.token === null,
    newToken: ({ context, event }) =>
      event.type === 'session.changed' && event.token !== null && event.token !== context.token,
    refused: ({ event }) => event.type === 'socket.closed' && event.code === SOCKET_REFUSED,
    superseded: ({ event }) => event.type === 'socket.closed' && event.code === SOCKET_SUPERSEDED,
  },
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
    tellSocket: sendTo('socket', (_, params: { id: number }) => ({
      type: 'socket.send' as const,
      message: notificationSelectedMessage(params.id),
    })),
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
      },
      states: {
        connection: {
          initial: 'live',
          states: {
            live: {
              invoke: {
                id: 'socket',
                src: 'socket',
                input: ({ context }) => ({ token: context.token ?? '' }),
              },
              initial: 'connecting',
              on: {
                'socket.closed': [
                  { guard: 'refused', target: 'renewing' },
                  { guard: 'superseded', target: 'superseded' },
                  { target: '.reconnecting' },
                ],
                'socket.opened': { target: '.open', actions: 'refetch' },
                'notification.seen': {
                  actions: { type: 'tellSocket', params: ({ event }) => ({ id: event.id }) },
                },
              },
              states: {
                connecting: {},
                open: {},
                reconnecting: {},
              },
            },
            renewing: {
              invoke: {
                id: 'renewSession',
                src: 'renewSession',
                // Renewed with the same token (another tab was first): connect again.
                onDone: { target: 'live' },
                onError: {
                  target: 'offline',
                  actions: {
                    type: 'logFailure',
                    params: ({ event }) => ({ what: 'renew the session', error: event.error }),
                  },
                },
              },
            },
            /** The session could not be renewed; signing out (or in again) leaves this state. */
            offline: {},
            /** Other tabs hold the sockets the server allows: connect when the user comes back here. */
            superseded: {
              on: { 'page.resumed': 'live' },
            },
          },
        },
        list: {
          initial: 'loading',
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
                  actions: {
                    type: 'logFailure',
                    params: ({ event }) => ({ what: 'read the notifications', error: event.error }),
                  },
                },
              },
              on: {
                // A newer message makes the read in flight stale: start it again.
                'notifications.refetch': { target: 'loading', reenter: true },
                'socket.message': { target: 'loading', reenter: true },
              },
            },
            ready: {
              on: { 'notifications.refetch': 'loading', 'socket.message': 'loading' },
            },
            failed: {
              on: { 'notifications.refetch': 'loading', 'socket.message': 'loading' },
            },
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
                  actions: [
                    {
                      type: 'logFailure',
                      params: ({ event }) => ({ what: 'mark a notification seen', error: event.error }),
                    },
                    'clearSelection',
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});
