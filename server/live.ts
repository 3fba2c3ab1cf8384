import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AttendanceMarkedMessage } from '@contract/wire/attendance';
import {
  type NewNotificationMessage,
  type NotificationSeenMessage,
  notificationSelectedMessageSchema,
  SOCKET_PATHS,
  SOCKET_REFUSED,
  SOCKET_SUPERSEDED,
} from '@contract/wire/notifications';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { verifyAccess } from './auth/sessions';
import type { TokenService } from './auth/tokens';
import { type Broadcast, type BroadcastEvent, createLocalBroadcast } from './broadcast';
import { type ChatHub, createChatHub } from './chat/socket';
import type { Db } from './db';
import { describeError } from './http';
import type { Notifier } from './notifications/notifier';

export type ServerSocketMessage = NewNotificationMessage | NotificationSeenMessage | AttendanceMarkedMessage;

/** Server → client: a notification was created for the user. */
export function newNotificationMessage(id: number): NewNotificationMessage {
  return { type: 'new_notification', id };
}

/** Server → client: one of the user's notifications was marked seen. */
export function notificationSeenMessage(id: number): NotificationSeenMessage {
  return { type: 'notification_seen', id };
}

/** Server → the course's trainer and facilitators: someone was marked; the day's count. */
export function attendanceMarkedMessage(
  course_id: number,
  date: string,
  present: number,
): AttendanceMarkedMessage {
  return { type: 'attendance_marked', course_id, date, present };
}

/** The largest frame a client may send; a larger one closes its socket with 1009. */
export const MAX_INBOUND_BYTES = 16 * 1024;
/** Open sockets per user, per channel and per instance; one more closes the oldest (4008). */
export const MAX_SOCKETS_PER_USER = 10;
/**
 * Messages (and pings) a socket may send per second, as a bucket that refills at this rate and
 * holds the channel's burst (below): the web app sends one message per click, and coalesces its
 * delivery reports, so only a misbehaving client reaches it, and its socket is closed with 1008.
 */
export const INBOUND_MESSAGES_PER_SECOND = 20;
/** How many messages a notifications socket may send at once: as many as it may send in a second. */
export const NOTIFICATIONS_INBOUND_BURST = INBOUND_MESSAGES_PER_SECOND;
/**
 * How many messages a chat socket may send at once (still refilled at INBOUND_MESSAGES_PER_SECOND):
 * on reconnecting, the web app sends its `chat_sync`, then resends its whole outbox (dozens of
 * messages written offline), and reports what the sync brought (one `chat_received` per
 * conversation); a bucket of 20 would close that socket with 1008, and the reconnection would do
 * the same again.
 */
export const CHAT_INBOUND_BURST = 120;
/** How many (user, notification) pairs this instance remembers having relayed as seen. */
const RELAYED_MEMORY = 10_000;

/** Standard close codes this server uses (RFC 6455 section 7.4.1, and the IANA registry). */
const CLOSE = {
  /** A binary frame: the channels speak JSON text only. */
  unsupportedData: 1003,
  /** More messages than INBOUND_MESSAGES_PER_SECOND allows after the socket's burst. */
  policyViolation: 1008,
  /**
   * The instance lost its live events for a while, or is stopping: reconnect, and the app reads its
   * list again.
   */
  serviceRestart: 1012,
} as const;

/** The longest a timer may wait in Node (about 24.8 days). */
const MAX_TIMER = 2_147_483_647;
/** PostgreSQL's integer column: an id outside it cannot exist and would make the query fail. */
const MAX_ID = 2_147_483_647;

/**
 * The live channels: `/ws/notifications` and `/ws/chat`, each authenticated by the access token in
 * the `token` query parameter. A missing, invalid or expired token, or one of a user who may not
 * sign in, gets the socket closed with 4401 before anything is sent; an accepted socket is closed
 * with 4401 when its token expires, so the client renews it and reconnects.
 *
 * No frame a client sends can stop the process: every socket has an `error` listener from the
 * moment it exists, so `ws` closes the offending socket itself (1009 too big, 1007 invalid UTF-8,
 * 1002 protocol error such as an unmasked frame) and nothing else.
 *
 * Events travel through the broadcast, so with several instances on one PostgreSQL database each
 * instance pushes to the sockets it holds.
 */
export interface LiveHub {
  /** Sends a message to every open notifications socket of the user on this instance. */
  push(userId: number, message: ServerSocketMessage): number;
  /**
   * Ends the user's live sessions on every instance: their sockets are closed with 4401 (the
   * client then renews its session, which fails once the session is revoked).
   */
  endSessions(userId: number): Promise<void>;
  /** Serves the channels on this HTTP server's upgrade requests. */
  attach(server: Server): void;
  /** Open notification sockets of a user on this instance (for tests and the benchmark). */
  openSockets(userId: number): number;
  /** Open sockets on this instance by channel (metrics). */
  openCounts(): Record<'notifications' | 'chat', number>;
  /**
   * The instance is stopping: new sockets are refused, and open ones are closed with 1012 (service
   * restart), which makes clients reconnect (to another instance); resolves once they are closed,
   * at most after `timeoutMs`, then closes the hub.
   */
  shutdown(timeoutMs?: number): Promise<void>;
  /** Closes every socket (the server is stopping); the broadcast is the caller's to close. */
  close(): void;
}

/** A user's sockets on one channel, oldest first (a Set keeps insertion order). */
type Registry = Map<number, Set<WebSocket>>;

function ignore(): void {}

/** A bucket of `capacity` tokens refilled at `rate` per second: false once it is empty. */
function rateLimiter(rate: number, capacity: number): () => boolean {
  let tokens = capacity;
  let last = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(capacity, tokens + ((now - last) / 1000) * rate);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export function createLiveHub(options: {
  db: Db;
  tokens: TokenService;
  /** How instances share events; in-process when absent. */
  broadcast?: Broadcast | undefined;
  /** The chat's bell notifications (server/chat/socket.ts). */
  notifier: Notifier;
  /** How long after a chat message its undelivered members are notified; CHAT_NOTIFY_AFTER_MS when absent. */
  chatNotifyAfterMs?: number | undefined;
}): LiveHub {
  const { db, tokens } = options;
  const broadcast = options.broadcast ?? createLocalBroadcast();
  const notificationSockets: Registry = new Map();
  const chatSockets: Registry = new Map();
  /** `userId:id` of notifications whose seen state this instance relayed (or is relaying). */
  const relayed = new Set<string>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_INBOUND_BYTES });
  // The chat's protocol (server/chat/socket.ts) over the sockets this hub authenticates and guards.
  const chat: ChatHub = createChatHub({
    db,
    broadcast,
    notifier: options.notifier,
    notifyAfterMs: options.chatNotifyAfterMs,
    socketsOf: (userId) => chatSockets.get(userId) ?? [],
    connectedUsers: () => chatSockets.keys(),
  });

  /**
   * The user id the token belongs to, or null when it must be refused: checked as every API call
   * checks it (so a token from before the user's sessions were ended is refused), and the user must
   * be approved.
   */
  async function authenticate(token: string | null): Promise<{ userId: number; exp: number } | null> {
    if (!token) return null;
    const verified = await verifyAccess(db, tokens, token);
    if (!verified?.user.approved) return null;
    return { userId: verified.user.id, exp: verified.claims.exp };
  }

  /** Closes a socket and forgets it at once, so it no longer counts nor gets pushes. */
  function closeSocket(registry: Registry, userId: number, socket: WebSocket, code: number, reason: string) {
    forget(registry, userId, socket);
    socket.close(code, reason);
  }

  function forget(registry: Registry, userId: number, socket: WebSocket): void {
    const own = registry.get(userId);
    if (!own?.delete(socket)) return;
    if (own.size === 0) registry.delete(userId);
  }

  function track(registry: Registry, userId: number, socket: WebSocket, exp: number): void {
    let own = registry.get(userId);
    if (!own) {
      own = new Set();
      registry.set(userId, own);
    }
    // One more tab than allowed: the oldest goes, so the socket the user just opened works.
    while (own.size >= MAX_SOCKETS_PER_USER) {
      const oldest = own.values().next().value as WebSocket;
      closeSocket(registry, userId, oldest, SOCKET_SUPERSEDED, 'Too many connections');
    }
    own.add(socket);
    const expiry = setTimeout(
      () => closeSocket(registry, userId, socket, SOCKET_REFUSED, 'Token expired'),
      Math.min(MAX_TIMER, Math.max(0, exp * 1000 - Date.now())),
    );
    expiry.unref();
    socket.on('close', () => {
      clearTimeout(expiry);
      forget(registry, userId, socket);
    });
  }

  /**
   * What every accepted socket reads: text only, at most INBOUND_MESSAGES_PER_SECOND after a burst
   * of at most `burst`; each text message goes to `onText`.
   */
  function guardInbound(
    registry: Registry,
    userId: number,
    socket: WebSocket,
    burst: number,
    onText: (data: RawData) => void,
  ): void {
    const allowed = rateLimiter(INBOUND_MESSAGES_PER_SECOND, burst);
    // Frames already received are still read after close() starts the closing handshake: skip them.
    const open = () => socket.readyState === socket.OPEN;
    socket.on('ping', () => {
      if (open() && !allowed())
        closeSocket(registry, userId, socket, CLOSE.policyViolation, 'Too many messages');
    });
    socket.on('message', (data, isBinary) => {
      if (!open()) return;
      if (!allowed()) {
        closeSocket(registry, userId, socket, CLOSE.policyViolation, 'Too many messages');
        return;
      }
      if (isBinary) {
        closeSocket(registry, userId, socket, CLOSE.unsupportedData, 'Text messages only');
        return;
      }
      onText(data);
    });
  }

  /**
   * The user's other tabs hear of a notification marked seen, once: the web app sends
   * `notification_selected` after its mark-as-seen call succeeded, so only the user's own
   * notification that is seen by now is relayed, and this instance relays each one at most once
   * (a seen notification never becomes unseen again).
   */
  async function relaySelected(userId: number, id: number): Promise<void> {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return;
    const key = `${userId}:${id}`;
    if (relayed.has(key)) return;
    // Remembered before the query, so a burst of the same id is dropped without reaching the database.
    relayed.add(key);
    if (relayed.size > RELAYED_MEMORY) relayed.delete(relayed.values().next().value as string);
    try {
      const { rows } = await db.query<{ seen: boolean }>(
        'SELECT seen FROM notifications WHERE id = $1 AND user_id = $2',
        [id, userId],
      );
      if (!rows[0]?.seen) {
        relayed.delete(key);
        return;
      }
      await broadcast.publish({ type: 'notification_seen', userId, id });
    } catch (error) {
      relayed.delete(key);
      throw error;
    }
  }

  function serveNotifications(socket: WebSocket, userId: number, exp: number): void {
    track(notificationSockets, userId, socket, exp);
    guardInbound(notificationSockets, userId, socket, NOTIFICATIONS_INBOUND_BURST, (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return;
      }
      const selected = notificationSelectedMessageSchema.safeParse(parsed);
      if (!selected.success) return;
      relaySelected(userId, selected.data.id).catch((error: unknown) =>
        console.error(`notification_selected failed: ${describeError(error)}`),
      );
    });
  }

  function serveChat(socket: WebSocket, userId: number, exp: number): void {
    track(chatSockets, userId, socket, exp);
    guardInbound(chatSockets, userId, socket, CHAT_INBOUND_BURST, chat.serve(socket, userId));
  }

  function refuse(socket: Duplex, status: string): void {
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  let stopping = false;

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Before anything else: a connection reset while the token is checked must not end the process.
    socket.on('error', ignore);
    if (stopping) {
      refuse(socket, '503 Service Unavailable');
      return;
    }
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      refuse(socket, '400 Bad Request');
      return;
    }
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== SOCKET_PATHS.notifications && path !== SOCKET_PATHS.chat) {
      refuse(socket, '404 Not Found');
      return;
    }
    authenticate(url.searchParams.get('token'))
      .then((identity) => {
        // The client went away while its token was checked.
        if (socket.destroyed) return;
        wss.handleUpgrade(request, socket, head, (ws) => {
          // Listening is what makes `ws` close a socket that sent a bad frame instead of throwing.
          ws.on('error', ignore);
          if (!identity) {
            ws.close(SOCKET_REFUSED, 'Unauthorized');
            return;
          }
          if (path === SOCKET_PATHS.chat) serveChat(ws, identity.userId, identity.exp);
          else serveNotifications(ws, identity.userId, identity.exp);
        });
      })
      .catch((error: unknown) => {
        console.error(`websocket upgrade failed: ${describeError(error)}`);
        refuse(socket, '500 Internal Server Error');
      });
  }

  function push(userId: number, message: ServerSocketMessage): number {
    const text = JSON.stringify(message);
    let sent = 0;
    for (const socket of notificationSockets.get(userId) ?? []) {
      if (socket.readyState !== socket.OPEN) continue;
      socket.send(text);
      sent += 1;
    }
    return sent;
  }

  function onEvent(event: BroadcastEvent): void {
    switch (event.type) {
      case 'new_notification':
        push(event.userId, newNotificationMessage(event.id));
        return;
      case 'notification_seen':
        push(event.userId, notificationSeenMessage(event.id));
        return;
      case 'attendance_marked': {
        const { userIds, course_id, date, present } = event;
        for (const userId of userIds) push(userId, attendanceMarkedMessage(course_id, date, present));
        return;
      }
      case 'chat_message':
      case 'chat_receipt':
      case 'chat_typing':
        chat.onEvent(event);
        return;
      case 'end_sessions':
        for (const registry of [notificationSockets, chatSockets]) {
          for (const socket of [...(registry.get(event.userId) ?? [])])
            closeSocket(registry, event.userId, socket, SOCKET_REFUSED, 'Session ended');
        }
        return;
    }
  }

  /** Events may have been lost: every client reconnects and reads its list (or syncs its chat) again. */
  function onMissed(): void {
    for (const registry of [notificationSockets, chatSockets]) {
      for (const [userId, own] of registry) {
        for (const socket of [...own])
          closeSocket(registry, userId, socket, CLOSE.serviceRestart, 'Live events resumed');
      }
    }
  }

  const unsubscribe = broadcast.subscribe(onEvent, onMissed);

  const count = (registry: Registry) => {
    let total = 0;
    for (const own of registry.values()) total += own.size;
    return total;
  };

  function close(): void {
    unsubscribe();
    chat.close();
    for (const registry of [notificationSockets, chatSockets]) {
      for (const own of registry.values()) for (const socket of own) socket.terminate();
      registry.clear();
    }
    wss.close();
  }

  return {
    push,
    endSessions: (userId) => broadcast.publish({ type: 'end_sessions', userId }),
    attach(server) {
      server.on('upgrade', upgrade);
    },
    openSockets(userId) {
      return notificationSockets.get(userId)?.size ?? 0;
    },
    openCounts: () => ({ notifications: count(notificationSockets), chat: count(chatSockets) }),
    async shutdown(timeoutMs = 2_000) {
      stopping = true;
      const closing: Promise<void>[] = [];
      for (const registry of [notificationSockets, chatSockets]) {
        for (const [userId, own] of registry) {
          for (const socket of [...own]) {
            closing.push(new Promise((resolve) => socket.once('close', () => resolve())));
            closeSocket(registry, userId, socket, CLOSE.serviceRestart, 'Server restarting');
          }
        }
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(closing),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      for (const socket of wss.clients) socket.terminate();
      close();
    },
    close,
  };
}
