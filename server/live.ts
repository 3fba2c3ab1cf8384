import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  type NewNotificationMessage,
  type NotificationSeenMessage,
  notificationSelectedMessageSchema,
  SOCKET_PATHS,
  SOCKET_REFUSED,
} from '../src/api/schemas/notifications';
import { TokenError, type TokenService } from './auth/tokens';
import type { Db } from './db';
import { findUserById } from './users';

export type ServerSocketMessage = NewNotificationMessage | NotificationSeenMessage;

/** Server → client: a notification was created for the user. */
export function newNotificationMessage(id: number): NewNotificationMessage {
  return { type: 'new_notification', id };
}

/** Server → client: one of the user's notifications was marked seen. */
export function notificationSeenMessage(id: number): NotificationSeenMessage {
  return { type: 'notification_seen', id };
}

/** The longest a timer may wait in Node (about 24.8 days). */
const MAX_TIMER = 2_147_483_647;

/**
 * The live channels: `/ws/notifications` and `/ws/chat`, each authenticated by the access token in
 * the `token` query parameter. A missing, invalid or expired token, or one of a user who may not
 * sign in, gets the socket closed with 4401 before anything is sent; an accepted socket is closed
 * with 4401 when its token expires, so the client renews it and reconnects.
 */
export interface LiveHub {
  /** Sends a message to every open notifications socket of the user; returns how many got it. */
  push(userId: number, message: ServerSocketMessage): number;
  /** Serves the channels on this HTTP server's upgrade requests. */
  attach(server: Server): void;
  /** Open notification sockets of a user (for tests and the reliability script). */
  openSockets(userId: number): number;
  /** Closes every socket (the server is stopping). */
  close(): void;
}

export function createLiveHub(options: {
  db: Db;
  tokens: TokenService;
  /** Called with each valid `notification_selected` a user sends. */
  onNotificationSelected?: (userId: number, id: number) => Promise<void> | void;
}): LiveHub {
  const { db, tokens } = options;
  const sockets = new Map<number, Set<WebSocket>>();
  const chatSockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });

  /** The user id the token belongs to, or null when it must be refused. */
  async function authenticate(token: string | null): Promise<{ userId: number; exp: number } | null> {
    if (!token) return null;
    try {
      const claims = await tokens.verify(token, 'access');
      const user = await findUserById(db, claims.userId);
      if (!user?.verified || !user.approved) return null;
      return { userId: user.id, exp: claims.exp };
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
  }

  function track(set: Set<WebSocket>, socket: WebSocket, exp: number, onClose: () => void): void {
    set.add(socket);
    const expiry = setTimeout(
      () => socket.close(SOCKET_REFUSED, 'Token expired'),
      Math.min(MAX_TIMER, Math.max(0, exp * 1000 - Date.now())),
    );
    expiry.unref();
    socket.on('close', () => {
      clearTimeout(expiry);
      set.delete(socket);
      onClose();
    });
  }

  function serveNotifications(socket: WebSocket, userId: number, exp: number): void {
    let own = sockets.get(userId);
    if (!own) {
      own = new Set();
      sockets.set(userId, own);
    }
    const set = own;
    track(set, socket, exp, () => {
      if (set.size === 0 && sockets.get(userId) === set) sockets.delete(userId);
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return;
      }
      const selected = notificationSelectedMessageSchema.safeParse(parsed);
      if (!selected.success) return;
      Promise.resolve(options.onNotificationSelected?.(userId, selected.data.id)).catch((error: unknown) =>
        console.error('notification_selected failed:', error),
      );
    });
  }

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== SOCKET_PATHS.notifications && path !== SOCKET_PATHS.chat) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    authenticate(url.searchParams.get('token'))
      .then((identity) => {
        wss.handleUpgrade(request, socket, head, (ws) => {
          socket.on('error', () => ws.terminate());
          if (!identity) {
            ws.close(SOCKET_REFUSED, 'Unauthorized');
            return;
          }
          if (path === SOCKET_PATHS.chat) {
            // The chat's messages come with the chat feature; the channel already authenticates.
            track(chatSockets, ws, identity.exp, () => {});
            return;
          }
          serveNotifications(ws, identity.userId, identity.exp);
        });
      })
      .catch((error: unknown) => {
        console.error('websocket upgrade failed:', error);
        socket.write('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\n');
        socket.destroy();
      });
  }

  return {
    push(userId, message) {
      const text = JSON.stringify(message);
      let sent = 0;
      for (const socket of sockets.get(userId) ?? []) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(text);
        sent += 1;
      }
      return sent;
    },
    attach(server) {
      server.on('upgrade', upgrade);
    },
    openSockets(userId) {
      return sockets.get(userId)?.size ?? 0;
    },
    close() {
      for (const set of [...sockets.values(), chatSockets]) {
        for (const socket of set) socket.terminate();
      }
      sockets.clear();
      chatSockets.clear();
      wss.close();
    },
  };
}
