import { SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import {
  type AnyActorRef,
  assertEvent,
  assign,
  type EventObject,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
} from 'xstate';

/** A message for the server: one of its socket protocol's JSON objects. */
export interface LiveMessage {
  readonly type: string;
}

/** What the connection asks of the socket actor: send this message. */
export type LiveSocketCommand = { type: 'socket.send'; message: LiveMessage };

/** What the socket actor reports. */
export type LiveSocketEvent =
  | { type: 'socket.opened' }
  /** `code`: the close code (4401: the token is refused; 4008: a newer tab took the socket). */
  | { type: 'socket.closed'; code: number }
  /** A frame of the server's, already made the owner's event (frames the owner ignores are not sent). */
  | { type: 'socket.received'; event: EventObject };

/** Where the connection stands: the owner keeps it for its view. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'renewing' | 'superseded' | 'offline';

/** What the connection tells its owner (the chat or the notifications machine). */
export type LiveConnectionReport =
  /** The socket opened; `afterDrop`: it reconnected by itself after a drop, so messages may be missing. */
  | { type: 'connection.opened'; afterDrop: boolean }
  /** The socket is not open (yet, or any more), and why. */
  | { type: 'connection.status'; status: Exclude<LiveStatus, 'open'> };

/**
 * The owner, which gets the reports (its events include LiveConnectionReport) and the server's frames
 * as its own events.
 */
export type LiveConnectionOwner = AnyActorRef;

export interface LiveConnectionInput {
  /** The access token to connect with. */
  token: string;
  owner: LiveConnectionOwner;
}

/**
 * How the owners of a live connection (chat, notifications) follow the session: a
 * `session.changed` with the access token, or with null once the user signed out.
 */
export const sessionGuards = {
  signedIn: ({ event }: { event: { type: string; token?: string | null } }) =>
    event.type === 'session.changed' && typeof event.token === 'string',
  signedOut: ({ event }: { event: { type: string; token?: string | null } }) =>
    event.type === 'session.changed' && event.token === null,
  /** Another token than the one held (of the same user, where the owner checks that first). */
  newToken: ({
    context,
    event,
  }: {
    context: { token: string | null };
    event: { type: string; token?: string | null };
  }) => event.type === 'session.changed' && typeof event.token === 'string' && event.token !== context.token,
};

/** How an owner invokes its connection: with its session's access token, and itself as owner. */
export const liveConnectionInvoke = {
  id: 'connection',
  src: 'liveConnection',
  input: ({
    context,
    self,
  }: {
    context: { token: string | null };
    self: AnyActorRef;
  }): LiveConnectionInput => ({
    token: context.token ?? '',
    owner: self,
  }),
} as const;

/**
 * A failed call of the live machines is only logged: their `logFailure` action, with what was tried
 * and the invocation's error.
 */
export function logged(what: string) {
  return {
    type: 'logFailure' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ what, error: event.error }),
  };
}

export type LiveConnectionEvent =
  | LiveSocketEvent
  /** The same user's renewed access token: connect again with it. */
  | { type: 'connection.token'; token: string }
  /** Sent only while the socket is open, else dropped (the owner sends what matters on `connection.opened`). */
  | { type: 'connection.send'; message: LiveMessage }
  /** Sent while the socket runs: one not open yet keeps it until it opens. */
  | { type: 'connection.queue'; message: LiveMessage }
  /** The page was focused or shown again. */
  | { type: 'page.resumed' }
  | { type: 'network.offline' }
  | { type: 'network.online' };

/**
 * The live socket of the signed-in user, one per channel (`/ws/chat`, `/ws/notifications`), invoked
 * by the machine that owns the channel (chat, notifications) with the access token and itself as
 * owner. The socket (partysocket, which reconnects with backoff by itself) is `connecting`, `open` or
 * `reconnecting` after a drop:
 * - The server closes with 4401 when the token is refused or expires: the session is renewed
 *   (`renewing`); the new token comes from the owner (`connection.token`, or the owner invokes the
 *   connection again), and an unchanged one (another tab renewed first) is tried again. A session that
 *   cannot be renewed waits in `offline`.
 * - The server closes with 4008 the oldest socket of a user who opened too many (tabs): this tab waits
 *   (`superseded`) until the page is focused or shown again, since reconnecting at once would close
 *   another tab's socket, which would reconnect in turn, and so on.
 * - The browser going offline (where the owner says so) waits in `offline` until it is back online.
 * Every change is reported to the owner, and every frame the socket reads is passed on to it.
 */
export const liveConnectionMachine = setup({
  types: {
    context: {} as LiveConnectionInput,
    events: {} as LiveConnectionEvent,
    input: {} as LiveConnectionInput,
  },
  actors: {
    socket: fromCallback<LiveSocketCommand, { token: string }>(() => {
      throw new Error('socket is supplied by the application');
    }),
    /** Asks the session for a new access token; it arrives from the owner. */
    renewSession: fromPromise<void>(async () => {
      throw new Error('renewSession is supplied by the application');
    }),
  },
  guards: {
    refused: ({ event }) => event.type === 'socket.closed' && event.code === SOCKET_REFUSED,
    superseded: ({ event }) => event.type === 'socket.closed' && event.code === SOCKET_SUPERSEDED,
  },
  actions: {
    keepToken: assign(({ event }) => {
      assertEvent(event, 'connection.token');
      return { token: event.token };
    }),
    tellSocket: sendTo('socket', ({ event }) => {
      assertEvent(event, ['connection.send', 'connection.queue']);
      return { type: 'socket.send' as const, message: event.message };
    }),
    passOn: sendTo(
      ({ context }) => context.owner,
      ({ event }) => {
        assertEvent(event, 'socket.received');
        return event.event;
      },
    ),
    reportOpened: sendTo(
      ({ context }) => context.owner,
      (_, params: { afterDrop: boolean }) => ({ type: 'connection.opened' as const, ...params }),
    ),
    reportStatus: sendTo(
      ({ context }) => context.owner,
      (_, params: { status: Exclude<LiveStatus, 'open'> }) => ({
        type: 'connection.status' as const,
        ...params,
      }),
    ),
    logFailure: (_, _params: { what: string; error: unknown }) => {},
  },
}).createMachine({
  id: 'liveConnection',
  context: ({ input }) => input,
  initial: 'live',
  on: {
    // From any state, the socket of `live` included, which starts again with the new token.
    'connection.token': { target: '.live', actions: 'keepToken' },
  },
  states: {
    live: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ token: context.token }) },
      initial: 'connecting',
      on: {
        'socket.closed': [
          { guard: 'refused', target: 'renewing' },
          { guard: 'superseded', target: 'superseded' },
          { target: '.reconnecting' },
        ],
        'socket.opened': { target: '.open', actions: { type: 'reportOpened', params: { afterDrop: false } } },
        'socket.received': { actions: 'passOn' },
        'connection.queue': { actions: 'tellSocket' },
        'network.offline': 'offline',
      },
      states: {
        connecting: { entry: { type: 'reportStatus', params: { status: 'connecting' } } },
        open: {
          on: { 'connection.send': { actions: 'tellSocket' } },
        },
        reconnecting: {
          entry: { type: 'reportStatus', params: { status: 'reconnecting' } },
          on: {
            'socket.opened': {
              target: 'open',
              actions: { type: 'reportOpened', params: { afterDrop: true } },
            },
          },
        },
      },
    },
    renewing: {
      entry: { type: 'reportStatus', params: { status: 'renewing' } },
      invoke: {
        id: 'renewSession',
        src: 'renewSession',
        // Renewed with the same token (another tab was first): connect again.
        onDone: { target: 'live' },
        onError: { target: 'offline', actions: logged('renew the session') },
      },
      on: { 'network.offline': 'offline' },
    },
    /** Other tabs hold the sockets the server allows: connect when the user comes back here. */
    superseded: {
      entry: { type: 'reportStatus', params: { status: 'superseded' } },
      on: { 'page.resumed': 'live', 'network.offline': 'offline' },
    },
    /** The browser is offline, or the session could not be renewed: wait for the network (or a token). */
    offline: {
      entry: { type: 'reportStatus', params: { status: 'offline' } },
      on: { 'network.online': 'live' },
    },
  },
});
