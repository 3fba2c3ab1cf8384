import { CHAT_MESSAGES } from '@contract/messages/chat';
import {
  CHAT_BODY_MAX,
  CHAT_GAP_MAX,
  CHAT_NOTIFY_AFTER_MS,
  CHAT_SENDS_PER_MINUTE,
  type ChatAck,
  type ChatClientMessage,
  type ChatError,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatReceipt,
  type ChatServerMessage,
  type ChatSynced,
  type ChatTypingEvent,
  chatClientMessageSchema,
} from '@contract/wire/chat';
import type { RawData, WebSocket } from 'ws';
import type { Broadcast, ChatBroadcastEvent } from '../broadcast';
import type { Db, Queryable } from '../db';
import { describeError } from '../http';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';
import { iso, MESSAGE_COLUMNS, type MessageRow, messageOf } from './queries';

// The messages the server sends on /ws/chat (the pacts' producers use these too).

export function chatAckMessage(
  client_id: string,
  conversation_id: number,
  seq: number,
  created_at: string,
): ChatAck {
  return { type: 'chat_ack', client_id, conversation_id, seq, created_at };
}

export function chatMessageEvent(message: ChatMessage): ChatMessageEvent {
  return { type: 'chat_message', message };
}

export function chatSyncedMessage(conversation_id: number, last_seq: number): ChatSynced {
  return { type: 'chat_synced', conversation_id, last_seq };
}

export function chatReceiptMessage(
  conversation_id: number,
  user_id: number,
  delivered_seq: number,
  read_seq: number,
): ChatReceipt {
  return { type: 'chat_receipt', conversation_id, user_id, delivered_seq, read_seq };
}

export function chatTypingEvent(conversation_id: number, user_id: number, name: string): ChatTypingEvent {
  return { type: 'chat_typing', conversation_id, user_id, name };
}

const ERROR_SENTENCES = {
  not_member: CHAT_MESSAGES.notMember,
  empty: CHAT_MESSAGES.empty,
  too_long: CHAT_MESSAGES.tooLong,
  too_fast: CHAT_MESSAGES.tooFast,
  invalid: CHAT_MESSAGES.invalid,
} as const satisfies Record<ChatError['code'], string>;

export function chatErrorMessage(
  code: ChatError['code'],
  client_id: string | null,
  conversation_id: number | null,
): ChatError {
  return { type: 'chat_error', client_id, conversation_id, code, message: ERROR_SENTENCES[code] };
}

/** How often one user's typing in one conversation is relayed at most. */
export const TYPING_RELAY_MS = 1_000;
/** PostgreSQL's integer column. */
const MAX_ID = 2_147_483_647;

export interface ChatHubOptions {
  db: Db;
  broadcast: Pick<Broadcast, 'publish'>;
  notifier: Notifier;
  /** The user's open chat sockets on this instance. */
  socketsOf(userId: number): Iterable<WebSocket>;
  /** The users with an open chat socket on this instance. */
  connectedUsers(): Iterable<number>;
  /** How long after a message its undelivered members get a bell notification; CHAT_NOTIFY_AFTER_MS. */
  notifyAfterMs?: number | undefined;
}

/**
 * The chat over /ws/chat (the protocol: contract/wire/chat.ts). server/live.ts authenticates and
 * guards the sockets and hands each text frame here; events between instances travel through the
 * broadcast as ids only, and each instance reads what its own sockets need.
 *
 * The send rate (CHAT_SENDS_PER_MINUTE per user) is counted in memory per instance: a user whose
 * tabs are spread over several instances may send that many on each. The socket's own frame limit
 * (server/live.ts) still bounds every socket.
 */
export interface ChatHub {
  /** What a socket's text frames go to: handled one at a time, in the order they came. */
  serve(socket: WebSocket, userId: number): (data: RawData) => void;
  /** An event of any instance (this one included). */
  onEvent(event: ChatBroadcastEvent): void;
  /** The server is stopping: pending notification timers are dropped. */
  close(): void;
}

/** A bucket of `perMinute` sends refilled evenly over a minute. */
class SendBucket {
  private tokens: number;
  private last = performance.now();
  constructor(private readonly perMinute: number) {
    this.tokens = perMinute;
  }
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.perMinute, this.tokens + ((now - this.last) / 60_000) * this.perMinute);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
  /** Whether a minute passed since the last take (the bucket has refilled by now). */
  get full(): boolean {
    return performance.now() - this.last >= 60_000;
  }
}

function send(socket: WebSocket, message: ChatServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** The number of Unicode characters (what PostgreSQL's char_length counts). */
function characters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

interface StoredRow {
  seq: number;
  sender_id: number | null;
  created_at: Date | string;
}

export function createChatHub(options: ChatHubOptions): ChatHub {
  const { db, broadcast, notifier } = options;
  const notifyAfterMs = options.notifyAfterMs ?? CHAT_NOTIFY_AFTER_MS;
  const buckets = new Map<number, SendBucket>();
  /** `userId:conversationId` → when their typing was last relayed. */
  const typingRelayed = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();

  function bucketOf(userId: number): SendBucket {
    let bucket = buckets.get(userId);
    if (!bucket) {
      // Forget users whose bucket refilled, so the map holds only recent senders.
      if (buckets.size > 10_000) for (const [id, old] of buckets) if (old.full) buckets.delete(id);
      bucket = new SendBucket(CHAT_SENDS_PER_MINUTE);
      buckets.set(userId, bucket);
    }
    return bucket;
  }

  async function handleSend(
    socket: WebSocket,
    userId: number,
    message: Extract<ChatClientMessage, { type: 'chat_send' }>,
  ): Promise<void> {
    const { conversation_id, client_id } = message;
    const refuse = (code: ChatError['code']) =>
      send(socket, chatErrorMessage(code, client_id, conversation_id));
    const { rows } = await db.query<{
      member: boolean;
      seq: number | null;
      sender_id: number | null;
      created_at: Date | null;
    }>(
      `SELECT chat_member($1, $2) AS member, m.seq, m.sender_id, m.created_at
       FROM (SELECT 1) AS one LEFT JOIN chat_messages m ON m.conversation_id = $1 AND m.client_id = $3::uuid`,
      [conversation_id, userId, client_id],
    );
    const found = rows[0];
    if (!found?.member) return refuse('not_member');
    if (found.seq !== null && found.created_at !== null) {
      // A resend: the stored message's ack, nothing stored. Another sender's id is refused.
      if (found.sender_id !== userId) return refuse('invalid');
      return send(socket, chatAckMessage(client_id, conversation_id, found.seq, iso(found.created_at)));
    }
    const body = message.body.trim();
    if (body.length === 0) return refuse('empty');
    if (characters(body) > CHAT_BODY_MAX) return refuse('too_long');
    // PostgreSQL text cannot hold NUL.
    if (body.includes('\0')) return refuse('invalid');
    if (!bucketOf(userId).take()) return refuse('too_fast');
    let stored: StoredRow | undefined;
    try {
      stored = await db.transaction(async (tx) => {
        const { rows: numbered } = await tx.query<{ last_seq: number }>(
          `UPDATE conversations SET last_seq = last_seq + 1, last_message_at = now() WHERE id = $1 RETURNING last_seq`,
          [conversation_id],
        );
        const seq = numbered[0]?.last_seq;
        if (seq === undefined) throw new Error('The conversation is gone');
        const { rows: inserted } = await tx.query<StoredRow>(
          `INSERT INTO chat_messages (conversation_id, seq, sender_id, client_id, body)
           VALUES ($1, $2, $3, $4::uuid, $5) RETURNING seq, sender_id, created_at`,
          [conversation_id, seq, userId, client_id, body],
        );
        await raisePosition(tx, conversation_id, userId, seq, seq);
        return inserted[0];
      });
    } catch (error) {
      // The same client id stored by another socket meanwhile: answer as a resend.
      if ((error as { code?: unknown }).code !== '23505') throw error;
      const { rows: again } = await db.query<StoredRow>(
        'SELECT seq, sender_id, created_at FROM chat_messages WHERE conversation_id = $1 AND client_id = $2::uuid',
        [conversation_id, client_id],
      );
      const existing = again[0];
      if (!existing || existing.sender_id !== userId) return refuse('invalid');
      return send(socket, chatAckMessage(client_id, conversation_id, existing.seq, iso(existing.created_at)));
    }
    if (!stored) throw new Error('The message was not stored');
    send(socket, chatAckMessage(client_id, conversation_id, stored.seq, iso(stored.created_at)));
    await broadcast.publish({ type: 'chat_message', conversation_id, seq: stored.seq });
    scheduleNotification(conversation_id, stored.seq, userId);
  }

  /** Raises (never lowers) a member's positions, to at most the conversation's last message. */
  async function raisePosition(
    q: Queryable,
    conversationId: number,
    userId: number,
    delivered: number,
    read: number,
    /** Only when the user belongs to the conversation (the sender of a message just stored does). */
    checkMember = false,
  ): Promise<{ delivered_seq: number; read_seq: number } | undefined> {
    const { rows } = await q.query<{ delivered_seq: number; read_seq: number }>(
      `INSERT INTO chat_positions AS p (conversation_id, user_id, delivered_seq, read_seq)
       SELECT c.id, $2, LEAST($3::int, c.last_seq), LEAST($4::int, c.last_seq) FROM conversations c
       WHERE c.id = $1 AND ($5::boolean IS FALSE OR chat_member(c.id, $2))
       ON CONFLICT (conversation_id, user_id) DO UPDATE
         SET delivered_seq = GREATEST(p.delivered_seq, EXCLUDED.delivered_seq), read_seq = GREATEST(p.read_seq, EXCLUDED.read_seq)
         WHERE EXCLUDED.delivered_seq > p.delivered_seq OR EXCLUDED.read_seq > p.read_seq
       RETURNING delivered_seq, read_seq`,
      [conversationId, userId, delivered, read, checkMember],
    );
    return rows[0];
  }

  async function handleSync(
    socket: WebSocket,
    userId: number,
    positions: { conversation_id: number; after_seq: number }[],
  ): Promise<void> {
    const wanted = new Map<number, number>();
    for (const { conversation_id, after_seq } of positions)
      if (!wanted.has(conversation_id)) wanted.set(conversation_id, after_seq);
    if (wanted.size === 0) return;
    const { rows } = await db.query<MessageRow & { id: number; last_seq: number; position: number }>(
      `SELECT w.position, c.id, c.last_seq, ${MESSAGE_COLUMNS}
       FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS w(conversation_id, after_seq, position)
       JOIN conversations c ON c.id = w.conversation_id AND chat_member(c.id, $1)
       LEFT JOIN LATERAL (
         SELECT * FROM chat_messages x WHERE x.conversation_id = c.id AND x.seq > w.after_seq ORDER BY x.seq LIMIT $4
       ) m ON true
       LEFT JOIN users su ON su.id = m.sender_id
       ORDER BY w.position, m.seq`,
      [userId, [...wanted.keys()], [...wanted.values()], CHAT_GAP_MAX],
    );
    let current: { id: number; last_seq: number } | undefined;
    /** Per conversation of the answer: the highest sequence this device now holds. */
    const held = new Map<number, number>();
    for (const row of rows) {
      if (current && current.id !== row.id) send(socket, chatSyncedMessage(current.id, current.last_seq));
      current = { id: row.id, last_seq: row.last_seq };
      const after = Math.min(wanted.get(row.id) ?? 0, row.last_seq);
      held.set(row.id, Math.max(held.get(row.id) ?? 0, after, row.seq ?? 0));
      if (row.seq !== null) send(socket, chatMessageEvent(messageOf(row)));
    }
    if (current) send(socket, chatSyncedMessage(current.id, current.last_seq));
    await raiseDelivered(userId, held);
  }

  /**
   * A sync's position says the device holds everything up to it, and the answer brought the rest:
   * the caller's delivered positions rise to what the device now holds (one statement for every
   * conversation of the sync), and the other members get a receipt for each that rose.
   */
  async function raiseDelivered(userId: number, held: Map<number, number>): Promise<void> {
    const positive = [...held].filter(([, seq]) => seq > 0);
    if (positive.length === 0) return;
    const { rows } = await db.query<{ conversation_id: number; delivered_seq: number; read_seq: number }>(
      `INSERT INTO chat_positions AS p (conversation_id, user_id, delivered_seq)
       SELECT h.conversation_id, $1, h.seq FROM unnest($2::int[], $3::int[]) AS h(conversation_id, seq)
       ON CONFLICT (conversation_id, user_id) DO UPDATE SET delivered_seq = EXCLUDED.delivered_seq
         WHERE EXCLUDED.delivered_seq > p.delivered_seq
       RETURNING conversation_id, delivered_seq, read_seq`,
      [userId, positive.map(([id]) => id), positive.map(([, seq]) => seq)],
    );
    for (const row of rows) {
      await broadcast.publish({
        type: 'chat_receipt',
        conversation_id: row.conversation_id,
        user_id: userId,
        delivered_seq: row.delivered_seq,
        read_seq: row.read_seq,
      });
    }
  }

  async function handlePosition(userId: number, conversationId: number, seq: number, read: boolean) {
    const raised = await raisePosition(db, conversationId, userId, seq, read ? seq : 0, true);
    if (!raised) return;
    await broadcast.publish({
      type: 'chat_receipt',
      conversation_id: conversationId,
      user_id: userId,
      delivered_seq: raised.delivered_seq,
      read_seq: raised.read_seq,
    });
  }

  async function handleTyping(userId: number, conversationId: number): Promise<void> {
    const key = `${userId}:${conversationId}`;
    const now = Date.now();
    if (now - (typingRelayed.get(key) ?? 0) < TYPING_RELAY_MS) return;
    typingRelayed.set(key, now);
    if (typingRelayed.size > 10_000)
      for (const [old, at] of typingRelayed) if (now - at >= TYPING_RELAY_MS) typingRelayed.delete(old);
    const { rows } = await db.query<{ member: boolean; name: string | null }>(
      'SELECT chat_member($1, $2) AS member, (SELECT full_name FROM users WHERE id = $2) AS name',
      [conversationId, userId],
    );
    if (!rows[0]?.member) return;
    await broadcast.publish({
      type: 'chat_typing',
      conversation_id: conversationId,
      user_id: userId,
      name: rows[0].name ?? '',
    });
  }

  async function handle(socket: WebSocket, userId: number, data: RawData): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return;
    }
    const result = chatClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      // A send that does not parse is refused by its client id, so its outbox entry does not wait forever.
      const raw = parsed as { type?: unknown; client_id?: unknown; conversation_id?: unknown } | null;
      if (raw && typeof raw === 'object' && raw.type === 'chat_send') {
        const clientId = typeof raw.client_id === 'string' ? raw.client_id.slice(0, 100) : null;
        const conversationId =
          Number.isSafeInteger(raw.conversation_id) &&
          Number(raw.conversation_id) > 0 &&
          Number(raw.conversation_id) <= MAX_ID
            ? Number(raw.conversation_id)
            : null;
        send(socket, chatErrorMessage('invalid', clientId, conversationId));
      }
      return;
    }
    const message = result.data;
    switch (message.type) {
      case 'chat_send':
        return handleSend(socket, userId, message);
      case 'chat_sync':
        return handleSync(socket, userId, message.positions);
      case 'chat_received':
        return handlePosition(userId, message.conversation_id, message.seq, false);
      case 'chat_read':
        return handlePosition(userId, message.conversation_id, message.seq, true);
      case 'chat_typing':
        return handleTyping(userId, message.conversation_id);
    }
  }

  /**
   * After notifyAfterMs: every other member none of whose devices received the message, and who has
   * no chat notification of this conversation waiting (notified_seq <= read_seq), gets one, and
   * notified_seq becomes the message. One statement picks and marks them all.
   */
  function scheduleNotification(conversationId: number, seq: number, senderId: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      notifyUndelivered(conversationId, seq, senderId).catch((error: unknown) =>
        console.error(`chat notification failed: ${describeError(error)}`),
      );
    }, notifyAfterMs);
    timer.unref();
    timers.add(timer);
  }

  async function notifyUndelivered(conversationId: number, seq: number, senderId: number): Promise<void> {
    const { rows: about } = await db.query<{
      kind: 'direct' | 'course';
      sender: string | null;
      title: string | null;
      title_ar: string | null;
    }>(
      `SELECT c.kind, (SELECT full_name FROM users WHERE id = $2) AS sender, k.title, k.title_ar
       FROM conversations c LEFT JOIN courses k ON k.id = c.course_id WHERE c.id = $1`,
      [conversationId, senderId],
    );
    const conversation = about[0];
    if (!conversation) return;
    const content =
      conversation.kind === 'direct'
        ? NOTIFICATIONS.chatDirect(conversationId, conversation.sender ?? '')
        : NOTIFICATIONS.chatChannel(conversationId, {
            title: conversation.title ?? '',
            title_ar: conversation.title_ar ?? '',
          });
    const notified = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ user_id: number }>(
        `WITH c AS (SELECT * FROM conversations WHERE id = $1),
         everyone AS (
           SELECT user_low AS user_id FROM c WHERE kind = 'direct'
           UNION SELECT user_high FROM c WHERE kind = 'direct'
           UNION SELECT k.created_by FROM c JOIN courses k ON k.id = c.course_id AND k.status = 'Approved'
           UNION SELECT f.user_id FROM c JOIN courses k ON k.id = c.course_id AND k.status = 'Approved'
             JOIN course_facilitators f ON f.course_id = k.id
           UNION SELECT e.user_id FROM c JOIN courses k ON k.id = c.course_id AND k.status = 'Approved'
             JOIN enrolments e ON e.course_id = k.id AND e.status IN ('enrolled', 'withdrawal_requested')
         )
         INSERT INTO chat_positions AS p (conversation_id, user_id, notified_seq)
         SELECT $1, user_id, $2 FROM everyone WHERE user_id <> $3
         ON CONFLICT (conversation_id, user_id) DO UPDATE SET notified_seq = EXCLUDED.notified_seq
           WHERE p.delivered_seq < EXCLUDED.notified_seq AND p.notified_seq <= p.read_seq
             AND p.read_seq < EXCLUDED.notified_seq
         RETURNING user_id`,
        [conversationId, seq, senderId],
      );
      const announcements: (() => Promise<void>)[] = [];
      for (const { user_id } of rows) {
        announcements.push((await notifier.notifyWithin(tx, user_id, content)).announce);
      }
      return announcements;
    });
    for (const announce of notified) await announce();
  }

  /** The two people of direct conversations seen lately: they never change, so they are kept. */
  const pairs = new Map<number, readonly [number, number]>();

  function rememberPair(conversationId: number, pair: readonly [number, number] | null): void {
    if (!pair) return;
    if (pairs.size >= 10_000) pairs.delete(pairs.keys().next().value as number);
    pairs.set(conversationId, pair);
  }

  /**
   * Members among this instance's connected users: a direct conversation's two people (kept after
   * the first read), a channel's by chat_member (one query).
   */
  async function localMembers(conversationId: number): Promise<number[]> {
    const users = [...options.connectedUsers()];
    if (users.length === 0) return [];
    const pair = pairs.get(conversationId);
    if (pair) return pair.filter((id) => users.includes(id));
    const { rows } = await db.query<{ pair: [number, number] | null; members: number[] }>(
      `SELECT CASE WHEN c.kind = 'direct' THEN ARRAY[c.user_low, c.user_high] END AS pair,
         CASE WHEN c.kind = 'course' THEN ARRAY(SELECT u FROM unnest($2::int[]) AS u WHERE chat_member(c.id, u)) END AS members
       FROM conversations c WHERE c.id = $1`,
      [conversationId, users],
    );
    const row = rows[0];
    if (!row) return [];
    rememberPair(conversationId, row.pair);
    return row.pair ? row.pair.filter((id) => users.includes(id)) : (row.members ?? []);
  }

  function pushTo(userIds: Iterable<number>, message: ChatServerMessage): void {
    for (const userId of userIds) for (const socket of options.socketsOf(userId)) send(socket, message);
  }

  /**
   * The newest message this instance pushed per conversation, so that messages reach its sockets in
   * order: events of one conversation are handled one after the other (`conversationChains`), and
   * an event for message N pushes every message after the last one pushed up to N. With several
   * instances, or a pool of connections, events and reads may otherwise finish out of order (the
   * web app would then ask for the gap, but need not).
   */
  const pushedSeq = new Map<number, number>();
  const conversationChains = new Map<number, Promise<void>>();
  /** The most earlier messages one event pushes along with its own (a client asks for a longer gap itself). */
  const CATCH_UP_MAX = 20;

  function inOrder(conversationId: number, work: () => Promise<void>): Promise<void> {
    const next = (conversationChains.get(conversationId) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => {});
    conversationChains.set(conversationId, settled);
    settled.then(() => {
      if (conversationChains.get(conversationId) === settled) conversationChains.delete(conversationId);
    });
    return next;
  }

  function pushMessages(conversationId: number, seq: number): Promise<void> {
    return inOrder(conversationId, async () => {
      const users = [...options.connectedUsers()];
      const pushed = pushedSeq.get(conversationId);
      if (pushed !== undefined && seq <= pushed) return;
      const after = pushed === undefined ? seq - 1 : Math.max(pushed, seq - 1 - CATCH_UP_MAX);
      if (pushedSeq.size >= 10_000 && pushed === undefined)
        pushedSeq.delete(pushedSeq.keys().next().value as number);
      pushedSeq.set(conversationId, seq);
      if (users.length === 0) return;
      // The messages and which of this instance's users belong: one query per event (a direct
      // conversation's two people; a channel's members among the connected users).
      const { rows } = await db.query<
        MessageRow & { pair: [number, number] | null; members: number[] | null }
      >(
        `SELECT ${MESSAGE_COLUMNS},
           CASE WHEN c.kind = 'direct' THEN ARRAY[c.user_low, c.user_high] END AS pair,
           CASE WHEN c.kind = 'course' THEN
             ARRAY(SELECT u FROM unnest($4::int[]) AS u WHERE chat_member(c.id, u)) END AS members
         FROM chat_messages m JOIN conversations c ON c.id = m.conversation_id
         LEFT JOIN users su ON su.id = m.sender_id
         WHERE m.conversation_id = $1 AND m.seq > $2 AND m.seq <= $3
         ORDER BY m.seq`,
        [conversationId, after, seq, users],
      );
      for (const row of rows) {
        rememberPair(conversationId, row.pair);
        const members = row.pair ? row.pair.filter((id) => users.includes(id)) : (row.members ?? []);
        pushTo(members, chatMessageEvent(messageOf(row)));
      }
    });
  }

  async function deliver(event: ChatBroadcastEvent): Promise<void> {
    switch (event.type) {
      case 'chat_message':
        return pushMessages(event.conversation_id, event.seq);
      case 'chat_receipt': {
        const { conversation_id, user_id, delivered_seq, read_seq } = event;
        // The other members, and the user's other sockets (their unread count drops).
        pushTo(
          await localMembers(conversation_id),
          chatReceiptMessage(conversation_id, user_id, delivered_seq, read_seq),
        );
        return;
      }
      case 'chat_typing': {
        const { conversation_id, user_id, name } = event;
        const members = (await localMembers(conversation_id)).filter((id) => id !== user_id);
        pushTo(members, chatTypingEvent(conversation_id, user_id, name));
        return;
      }
    }
  }

  return {
    serve(socket, userId) {
      let chain = Promise.resolve();
      return (data) => {
        chain = chain
          .then(() => handle(socket, userId, data))
          .catch((error: unknown) => console.error(`chat message failed: ${describeError(error)}`));
      };
    },
    onEvent(event) {
      deliver(event).catch((error: unknown) => console.error(`chat event failed: ${describeError(error)}`));
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
