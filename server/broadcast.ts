import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import * as z from 'zod/mini';
import type { Queryable } from './db';
import { describeError } from './http';

/**
 * What one server instance tells every instance (itself included) about live events. Only ids
 * travel: each instance reads nothing and pushes the ids to its own sockets, and a PostgreSQL
 * NOTIFY payload must stay under 8000 bytes.
 */
export const broadcastEventSchema = z.union([
  /** A notification was stored for the user: tell their sockets. */
  z.object({ type: z.literal('new_notification'), userId: z.number(), id: z.number() }),
  /** One of the user's tabs marked a notification seen: tell the user's other tabs. */
  z.object({ type: z.literal('notification_seen'), userId: z.number(), id: z.number() }),
  /** The user's sessions were ended (a password reset, say): close their sockets with 4401. */
  z.object({ type: z.literal('end_sessions'), userId: z.number() }),
  /** Someone was marked at a course's session: tell its trainer and facilitators the count. */
  z.object({
    type: z.literal('attendance_marked'),
    userIds: z.array(z.number()),
    course_id: z.number(),
    date: z.string(),
    present: z.number(),
  }),
  // Chat (server/chat/socket.ts): each instance reads what its own sockets need.
  /** A chat message was stored: each instance reads it and pushes it to its members' sockets. */
  z.object({ type: z.literal('chat_message'), conversation_id: z.number(), seq: z.number() }),
  /** A member's delivered or read position rose: the other members and the member's other tabs. */
  z.object({
    type: z.literal('chat_receipt'),
    conversation_id: z.number(),
    user_id: z.number(),
    delivered_seq: z.number(),
    read_seq: z.number(),
  }),
  /** A member is typing: the other members' sockets. */
  z.object({
    type: z.literal('chat_typing'),
    conversation_id: z.number(),
    user_id: z.number(),
    name: z.string(),
  }),
]);
export type BroadcastEvent = z.infer<typeof broadcastEventSchema>;
/** The chat's events (server/chat/socket.ts handles them). */
export type ChatBroadcastEvent = Extract<
  BroadcastEvent,
  { type: 'chat_message' | 'chat_receipt' | 'chat_typing' }
>;

/** What travels in a NOTIFY: the event and the instance that sent it (which has delivered it already). */
const envelopeSchema = z.object({ origin: z.string(), event: broadcastEventSchema });

export interface Broadcast {
  /** `local`: one process holds the database (PGlite); `postgres`: LISTEN/NOTIFY between instances. */
  readonly kind: 'local' | 'postgres';
  /**
   * Tells every instance: this one at once (before the returned promise settles), the others through
   * the database. Resolves once the event is handed to the database.
   */
  publish(event: BroadcastEvent): Promise<void>;
  /**
   * `handler` gets every event of every instance; `onMissed` is called when events may have been
   * lost (the listening connection dropped and is listening again). Returns the unsubscribe.
   */
  subscribe(handler: (event: BroadcastEvent) => void, onMissed?: () => void): () => void;
  /** Stops listening (the server is stopping). */
  close(): Promise<void>;
  /** Whether events of other instances reach this one now (readiness); always when absent. */
  listening?(): boolean;
}

/** The PostgreSQL channel the instances share (per database: NOTIFY does not cross databases). */
export const BROADCAST_CHANNEL = 'kfu_live';
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'kfu-live-listener';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7999;

type Subscriber = { handler: (event: BroadcastEvent) => void; onMissed: (() => void) | undefined };

/** Calls every subscriber; one that throws must not keep the event from the others. */
function fanOut(subscribers: Iterable<Subscriber>, event: BroadcastEvent): void {
  for (const { handler } of subscribers) {
    try {
      handler(event);
    } catch (error) {
      console.error(`live event handler failed: ${describeError(error)}`);
    }
  }
}

/** One process holds the database (PGlite): events go straight to the subscribers. */
export function createLocalBroadcast(): Broadcast {
  const emitter = new EventEmitter();
  const subscribers = new Set<Subscriber>();
  emitter.on('event', (event: BroadcastEvent) => fanOut(subscribers, event));
  return {
    kind: 'local',
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler, onMissed) {
      const subscriber = { handler, onMissed };
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      subscribers.clear();
    },
  };
}

export interface PostgresBroadcastOptions {
  /** The database every instance uses; one dedicated connection to it LISTENs. */
  connectionString: string;
  /** Where `pg_notify` runs: the app's pool, so publishing does not wait for the listener. */
  publisher: Queryable;
  channel?: string;
  /** First wait before reconnecting the listener, doubled after each failure up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

/**
 * Several instances on one PostgreSQL database: publishing delivers to this instance's subscribers
 * at once and sends `SELECT pg_notify(channel, json)` for the others; one dedicated connection per
 * instance LISTENs (and skips what it sent itself). When that connection drops, it reconnects with
 * backoff and listens again, then reports the gap (`onMissed`), since NOTIFY keeps nothing for a
 * listener that was away. Resolves once the first LISTEN is in place; rejects when it fails.
 */
export async function createPostgresBroadcast(options: PostgresBroadcastOptions): Promise<Broadcast> {
  const channel = options.channel ?? BROADCAST_CHANNEL;
  const minRetryMs = options.minRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const subscribers = new Set<Subscriber>();
  const self = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnecting: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  function deliver(payload: string | undefined): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    // Anyone who may connect to the database can NOTIFY this channel: take only well-formed events.
    const envelope = envelopeSchema.safeParse(parsed);
    if (envelope.success && envelope.data.origin !== self) fanOut(subscribers, envelope.data.event);
  }

  async function listen(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      // A peer that vanished without closing (a cut network) is noticed instead of waited on forever.
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) deliver(message.payload);
    });
    // Without this listener a dropped connection would end the process.
    next.on('error', (error) => {
      if (!closed) console.error(`live events: the listening connection failed: ${error.message}`);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    return next;
  }

  function lost(which: pg.Client): void {
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    if (!closed) reconnecting ??= reconnect().finally(() => (reconnecting = undefined));
  }

  async function reconnect(): Promise<void> {
    let delay = minRetryMs;
    while (!closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      if (closed) return;
      try {
        const next = await listen();
        if (closed) {
          await next.end().catch(() => {});
          return;
        }
        client = next;
        console.log('live events: listening again');
        for (const { onMissed } of subscribers) {
          try {
            onMissed?.();
          } catch (error) {
            console.error(`live events: gap handler failed: ${describeError(error)}`);
          }
        }
        return;
      } catch (error) {
        console.error(
          `live events: cannot listen yet (${error instanceof Error ? error.message : error}); retrying in ${delay} ms`,
        );
        delay = Math.min(maxRetryMs, delay * 2);
      }
    }
  }

  client = await listen();

  return {
    kind: 'postgres',
    async publish(event) {
      const payload = JSON.stringify({ origin: self, event });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error(`live event too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
      // This instance's sockets do not wait for the database round trip (nor for the listener).
      fanOut(subscribers, event);
      await options.publisher.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(handler, onMissed) {
      const subscriber = { handler, onMissed };
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    listening: () => client !== undefined && !closed,
    async close() {
      if (closed) return;
      closed = true;
      subscribers.clear();
      wake?.();
      await reconnecting;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

/** The broadcast for a server: LISTEN/NOTIFY on a PostgreSQL server, in-process otherwise. */
export function openBroadcast(options: {
  databaseUrl: string | undefined;
  publisher: Queryable;
}): Promise<Broadcast> {
  if (!options.databaseUrl) return Promise.resolve(createLocalBroadcast());
  return createPostgresBroadcast({ connectionString: options.databaseUrl, publisher: options.publisher });
}
