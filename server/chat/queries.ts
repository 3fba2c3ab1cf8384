import type {
  ChatContact,
  ChatMessage,
  ChatPerson,
  Conversation,
  ConversationList,
  MessagePage,
} from '@contract/wire/chat';
import type { Role } from '@contract/wire/common';
import type { Queryable } from '../db';

/**
 * The chat's reads and writes (the rules: contract/wire/chat.ts and migration 021). Membership is
 * always `chat_member(conversation, user)`; a direct conversation may only be started between a
 * trainee and a trainer or facilitator of an Approved course the trainee is currently enrolled in.
 */

/** The most conversations the list answers with (the newest activity). */
export const CONVERSATION_LIST_MAX = 200;

/** Enrolments that make a trainee a current member of a course. */
const CURRENT = `('enrolled', 'withdrawal_requested')`;

export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export interface MessageRow {
  conversation_id: number;
  seq: number;
  client_id: string;
  sender_id: number | null;
  sender_name: string | null;
  body: string;
  created_at: Date | string;
}

/** The columns of a message and its sender's name, for `m` joined with its sender `su`. */
export const MESSAGE_COLUMNS = `m.conversation_id, m.seq, m.client_id::text AS client_id, m.sender_id,
  su.full_name AS sender_name, m.body, m.created_at`;

export function messageOf(row: MessageRow): ChatMessage {
  return {
    conversation_id: row.conversation_id,
    seq: row.seq,
    client_id: row.client_id,
    sender_id: row.sender_id,
    sender_name: row.sender_name ?? '',
    body: row.body,
    created_at: iso(row.created_at),
  };
}

/**
 * The pairs (other person, course) a user may start a direct conversation with: as a trainee
 * currently enrolled, the course's trainer and facilitators; as a course's trainer or facilitator,
 * its currently enrolled trainees. Approved courses only; `$1` is the user.
 */
const STARTABLE_PAIRS = `
  staff AS (
    SELECT k.id AS course_id, k.created_by AS user_id FROM courses k WHERE k.status = 'Approved'
    UNION
    SELECT f.course_id, f.user_id FROM course_facilitators f
    JOIN courses k ON k.id = f.course_id AND k.status = 'Approved'
  ),
  learners AS (
    SELECT e.course_id, e.user_id FROM enrolments e
    JOIN courses k ON k.id = e.course_id AND k.status = 'Approved'
    JOIN users lu ON lu.id = e.user_id AND lu.role = 'TRAINEE'
    WHERE e.status IN ${CURRENT}
  ),
  pairs AS (
    SELECT s.user_id AS other_id, s.course_id FROM learners l
    JOIN staff s ON s.course_id = l.course_id WHERE l.user_id = $1
    UNION
    SELECT l.user_id, l.course_id FROM staff s
    JOIN learners l ON l.course_id = s.course_id WHERE s.user_id = $1
  )`;

interface ContactRow {
  id: number;
  full_name: string;
  role: Role;
  image: string | null;
  courses: { id: number; title: string; title_ar: string }[];
  conversation_id: number | null;
}

/** The people the user may start a conversation with, the courses they share, sorted by name. */
export async function chatContacts(db: Queryable, userId: number): Promise<ChatContact[]> {
  const { rows } = await db.query<ContactRow>(
    `WITH ${STARTABLE_PAIRS}
     SELECT u.id, u.full_name, u.role, u.image,
       json_agg(json_build_object('id', k.id, 'title', k.title, 'title_ar', k.title_ar) ORDER BY k.title, k.id) AS courses,
       c.id AS conversation_id
     FROM pairs p
     JOIN users u ON u.id = p.other_id AND u.id <> $1 AND u.closed_at IS NULL AND u.approved
     JOIN courses k ON k.id = p.course_id
     LEFT JOIN conversations c ON c.kind = 'direct' AND c.user_low = LEAST($1, u.id) AND c.user_high = GREATEST($1, u.id)
     GROUP BY u.id, c.id
     ORDER BY u.full_name, u.id`,
    [userId],
  );
  return rows.map((row) => ({
    person: { id: row.id, name: row.full_name, role: row.role, image: row.image },
    courses: row.courses,
    conversation_id: row.conversation_id,
  }));
}

/** Whether the two may start a direct conversation (see STARTABLE_PAIRS); an unknown user may not. */
export async function mayStart(db: Queryable, userId: number, otherId: number): Promise<boolean> {
  const { rows } = await db.query<{ allowed: boolean }>(
    `WITH ${STARTABLE_PAIRS}
     SELECT EXISTS (
       SELECT 1 FROM pairs p JOIN users u ON u.id = p.other_id AND u.closed_at IS NULL AND u.approved
       WHERE p.other_id = $2 AND p.other_id <> $1
     ) AS allowed`,
    [userId, otherId],
  );
  return rows[0]?.allowed ?? false;
}

/** The direct conversation of a pair, when it exists. */
export async function directConversationId(db: Queryable, a: number, b: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM conversations WHERE kind = 'direct' AND user_low = LEAST($1::int, $2::int) AND user_high = GREATEST($1::int, $2::int)`,
    [a, b],
  );
  return rows[0]?.id ?? null;
}

/** Creates the direct conversation of a pair (or finds it, when another request just did). */
export async function createDirectConversation(
  db: Queryable,
  a: number,
  b: number,
): Promise<{ id: number; created: boolean }> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO conversations (kind, user_low, user_high) VALUES ('direct', LEAST($1::int, $2::int), GREATEST($1::int, $2::int))
     ON CONFLICT (user_low, user_high) WHERE kind = 'direct' DO NOTHING RETURNING id`,
    [a, b],
  );
  if (rows[0]) return { id: rows[0].id, created: true };
  const id = await directConversationId(db, a, b);
  if (id === null) throw new Error('The direct conversation was neither created nor found');
  return { id, created: false };
}

/** The channel of every Approved course the user belongs to exists afterwards (one statement). */
export async function ensureChannels(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `INSERT INTO conversations (kind, course_id)
     SELECT 'course', k.id FROM courses k
     WHERE k.status = 'Approved' AND (
       k.created_by = $1
       OR EXISTS (SELECT 1 FROM course_facilitators f WHERE f.course_id = k.id AND f.user_id = $1)
       OR EXISTS (SELECT 1 FROM enrolments e WHERE e.course_id = k.id AND e.user_id = $1 AND e.status IN ${CURRENT})
     )
     ON CONFLICT (course_id) WHERE kind = 'course' DO NOTHING`,
    [userId],
  );
}

/** Whether the conversation exists, and whether the user belongs to it. */
export async function membership(
  db: Queryable,
  conversationId: number,
  userId: number,
): Promise<'unknown' | 'member' | 'outsider'> {
  const { rows } = await db.query<{ member: boolean }>(
    'SELECT chat_member(id, $2) AS member FROM conversations WHERE id = $1',
    [conversationId, userId],
  );
  if (!rows[0]) return 'unknown';
  return rows[0].member ? 'member' : 'outsider';
}

interface ConversationRow {
  id: number;
  kind: 'direct' | 'course';
  last_seq: number;
  course_id: number | null;
  course_title: string | null;
  course_title_ar: string | null;
  peer_id: number | null;
  peer_name: string | null;
  peer_role: Role | null;
  peer_image: string | null;
  members: number;
  read_seq: number;
  unread: number;
  others_delivered_seq: number;
  others_read_seq: number;
  m_seq: number | null;
  m_client_id: string | null;
  m_sender_id: number | null;
  m_sender_name: string | null;
  m_body: string | null;
  m_created_at: Date | string | null;
}

function conversationOf(row: ConversationRow): Conversation {
  const course =
    row.course_id === null
      ? null
      : { id: row.course_id, title: row.course_title ?? '', title_ar: row.course_title_ar ?? '' };
  const peer: ChatPerson | null =
    row.peer_id === null
      ? null
      : {
          id: row.peer_id,
          name: row.peer_name ?? '',
          role: row.peer_role ?? 'TRAINEE',
          image: row.peer_image,
        };
  const last_message =
    row.m_seq === null || row.m_created_at === null
      ? null
      : messageOf({
          conversation_id: row.id,
          seq: row.m_seq,
          client_id: row.m_client_id ?? '',
          sender_id: row.m_sender_id,
          sender_name: row.m_sender_name,
          body: row.m_body ?? '',
          created_at: row.m_created_at,
        });
  return {
    id: row.id,
    kind: row.kind,
    course,
    peer,
    members: row.members,
    last_message,
    last_seq: row.last_seq,
    read_seq: row.read_seq,
    unread: row.unread,
    others_delivered_seq: row.others_delivered_seq,
    others_read_seq: row.others_read_seq,
  };
}

/**
 * The user's conversations as they see them, newest activity first: by their last message, then
 * those without any by when they began (a channel made on this very visit does not push the
 * conversations under way down); at most CONVERSATION_LIST_MAX; only `onlyId` when given. One statement.
 */
async function conversationRows(
  db: Queryable,
  userId: number,
  onlyId: number | null,
): Promise<Conversation[]> {
  const { rows } = await db.query<ConversationRow>(
    `WITH mine AS (
       SELECT c.* FROM conversations c
       WHERE ($2::int IS NULL OR c.id = $2)
         AND ((c.kind = 'direct' AND $1 IN (c.user_low, c.user_high))
           OR (c.kind = 'course' AND chat_member(c.id, $1)))
       ORDER BY c.last_message_at DESC NULLS LAST, c.created_at DESC, c.id DESC
       LIMIT $3
     )
     SELECT c.id, c.kind, c.last_seq, c.last_message_at, c.created_at,
       k.id AS course_id, k.title AS course_title, k.title_ar AS course_title_ar,
       pu.id AS peer_id, pu.full_name AS peer_name, pu.role AS peer_role, pu.image AS peer_image,
       CASE WHEN c.kind = 'direct' THEN 2 ELSE (
         SELECT count(*)::int FROM (
           SELECT k.created_by AS user_id
           UNION SELECT f.user_id FROM course_facilitators f WHERE f.course_id = k.id
           UNION SELECT e.user_id FROM enrolments e WHERE e.course_id = k.id AND e.status IN ${CURRENT}
         ) AS everyone
       ) END AS members,
       COALESCE(p.read_seq, 0) AS read_seq,
       (SELECT count(*)::int FROM chat_messages x
         WHERE x.conversation_id = c.id AND x.seq > COALESCE(p.read_seq, 0)
           AND x.sender_id IS DISTINCT FROM $1) AS unread,
       COALESCE((SELECT max(o.delivered_seq) FROM chat_positions o
         WHERE o.conversation_id = c.id AND o.user_id <> $1), 0) AS others_delivered_seq,
       COALESCE((SELECT max(o.read_seq) FROM chat_positions o
         WHERE o.conversation_id = c.id AND o.user_id <> $1), 0) AS others_read_seq,
       m.seq AS m_seq, m.client_id::text AS m_client_id, m.sender_id AS m_sender_id,
       su.full_name AS m_sender_name, m.body AS m_body, m.created_at AS m_created_at
     FROM mine c
     LEFT JOIN courses k ON k.id = c.course_id
     LEFT JOIN users pu ON c.kind = 'direct'
       AND pu.id = CASE WHEN c.user_low = $1 THEN c.user_high ELSE c.user_low END
     LEFT JOIN chat_positions p ON p.conversation_id = c.id AND p.user_id = $1
     LEFT JOIN chat_messages m ON m.conversation_id = c.id AND m.seq = c.last_seq
     LEFT JOIN users su ON su.id = m.sender_id
     ORDER BY c.last_message_at DESC NULLS LAST, c.created_at DESC, c.id DESC`,
    [userId, onlyId, CONVERSATION_LIST_MAX],
  );
  return rows.map(conversationOf);
}

/** GET /chat/conversations/: the channels are made sure of first, then the list is read. */
export async function listConversations(db: Queryable, userId: number): Promise<ConversationList> {
  await ensureChannels(db, userId);
  const results = await conversationRows(db, userId, null);
  return { results, unread_total: results.reduce((total, c) => total + c.unread, 0) };
}

/** One conversation of the user (the caller checked membership). */
export async function oneConversation(
  db: Queryable,
  userId: number,
  conversationId: number,
): Promise<Conversation | null> {
  return (await conversationRows(db, userId, conversationId))[0] ?? null;
}

/** A page of history, oldest first: the newest `limit` messages, or those before sequence `before`. */
export async function messagePage(
  db: Queryable,
  conversationId: number,
  before: number | null,
  limit: number,
): Promise<MessagePage> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN users su ON su.id = m.sender_id
     WHERE m.conversation_id = $1 AND ($2::int IS NULL OR m.seq < $2)
     ORDER BY m.seq DESC LIMIT $3`,
    [conversationId, before, limit + 1],
  );
  const has_more = rows.length > limit;
  return { results: rows.slice(0, limit).reverse().map(messageOf), has_more };
}
