import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { TestServer } from '../../../server/testing';

/** How long to wait for one expected socket event before failing. */
export const WAIT_MS = 10_000;

export interface LiveMessage {
  type: string;
  id: number;
}

/** A websocket client of the live channels, as a test drives it. */
export interface LiveClient {
  socket: WebSocket;
  /** Every message received so far. */
  messages: LiveMessage[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /**
   * Resolves with the first message that `match` accepts, already received or still to come (with
   * PostgreSQL a push travels through the database, so it may come before the test waits for it).
   */
  waitFor(match: (message: LiveMessage) => boolean): Promise<LiveMessage>;
}

/** The promise, or a failure naming `what` after WAIT_MS. */
export function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: nothing within ${WAIT_MS} ms`)), WAIT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The ws:// address of a live channel of the server, with the access token when given. */
export function liveUrl(server: TestServer, path: string, token?: string): string {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return `${server.url.replace('http', 'ws')}${path}${query}`;
}

export function openLiveClient(url: string): LiveClient {
  const socket = new WebSocket(url);
  const messages: LiveMessage[] = [];
  const waiting: { match: (message: LiveMessage) => boolean; done: (message: LiveMessage) => void }[] = [];
  // The server may close a misbehaving socket mid-send: the client's own error is expected.
  socket.on('error', () => {});
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as LiveMessage;
    messages.push(message);
    for (const entry of [...waiting]) {
      if (!entry.match(message)) continue;
      waiting.splice(waiting.indexOf(entry), 1);
      entry.done(message);
    }
  });
  return {
    socket,
    messages,
    opened: within(
      new Promise((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('close', () => reject(new Error('closed before opening')));
      }),
      'opening',
    ),
    closed: new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
    waitFor(match) {
      const earlier = messages.find(match);
      if (earlier) return Promise.resolve(earlier);
      return within(new Promise((resolve) => waiting.push({ match, done: resolve })), 'a message');
    },
  };
}

/** Waits until the server instance has registered `count` notification sockets of the user. */
export async function socketsRegistered(server: TestServer, userId: number, count: number): Promise<void> {
  for (let attempt = 0; attempt < 250 && server.live.openSockets(userId) !== count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(server.live.openSockets(userId)).toBe(count);
}
