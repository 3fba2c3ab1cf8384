import { roleSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/**
 * Chat (spec sections 1 and 7: the `/messages` screen and the `/ws/chat` socket; the rest is the
 * product's own, in the extensions pact).
 *
 * Conversations:
 * - `direct`: one-to-one, between a trainee and a trainer or facilitator of a course the trainee is
 *   enrolled in. Either side may start it (`POST /chat/conversations/ {user_id}`); a pair has one
 *   conversation, whichever course brought them together. Once started, both may go on reading and
 *   writing it after the course ends or the trainee leaves.
 * - `course`: one channel per Approved course, for its trainer, its facilitators and its trainees
 *   whose enrolment is current. It exists from the first time a member lists their conversations;
 *   anyone who belongs may write. Leaving the course (withdrawn, dropped) leaves the channel.
 * Two trainees, or two trainers, never start a conversation with each other: they meet in their
 * course's channel.
 *
 * Protocol over `/ws/chat?token=…` (the same token, refusal and renewal as `/ws/notifications`):
 * - The client sends `chat_send` with a client id (a UUID it makes once per message and keeps in its
 *   outbox until acknowledged). The server stores it, gives it the conversation's next sequence
 *   number and answers `chat_ack` with it; a send with a client id already stored is answered with
 *   the stored message's ack and stored nothing. Every member's open sockets (the sender's other
 *   tabs too, on any instance) then get `chat_message`.
 * - After (re)connecting, the client sends `chat_sync` with the last sequence it saw per
 *   conversation it holds; the server answers each with the messages after it, in order (at most
 *   CHAT_GAP_MAX), then `chat_synced` with the conversation's last sequence. A client that is still
 *   behind then reads the newest page again. Only then does it resend its outbox, in order. A
 *   position means the device holds everything up to it (the client also syncs every listed
 *   conversation once its list is read): the caller's delivered position rises to the newest
 *   message the answer brings (or the position, at most the last sequence), with a `chat_receipt`.
 * - `chat_received` and `chat_read` raise the sender's delivered and read positions; the other
 *   members get `chat_receipt`. `chat_typing` is relayed to the other members as `chat_typing`.
 * - A send that is refused is answered `chat_error` with its client id and a sentence.
 * - A member with no device that received a message within CHAT_NOTIFY_AFTER_MS gets one bell
 *   notification per conversation until they read it.
 */

/** The longest message, in characters, after trimming. */
export const CHAT_BODY_MAX = 4000;
/** Messages a page of history holds: by default, and at most. */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_MAX_PAGE_SIZE = 100;
/** The most messages one `chat_sync` answers per conversation; a client further behind reloads. */
export const CHAT_GAP_MAX = 200;
/** The most conversations one `chat_sync` names. */
export const CHAT_SYNC_MAX_CONVERSATIONS = 200;
/** Messages a user may send per minute, over all conversations and devices. */
export const CHAT_SENDS_PER_MINUTE = 60;
/** Conversations a user may start per hour. */
export const CHAT_STARTS_PER_HOUR = 30;
/** How long after a message a member none of whose devices received it is notified in the bell. */
export const CHAT_NOTIFY_AFTER_MS = 5_000;
/** A client sends `chat_typing` at most this often while typing; the indicator lasts twice as long. */
export const CHAT_TYPING_EVERY_MS = 3_000;

/** A course as a conversation names it. */
export const chatCourseSchema = z.object({ id: z.number(), title: z.string(), title_ar: z.string() });
export type ChatCourse = z.infer<typeof chatCourseSchema>;

/** A person as the chat shows them. */
export const chatPersonSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: roleSchema,
  /** The profile photo's address, or null. */
  image: z.nullable(z.string()),
});
export type ChatPerson = z.infer<typeof chatPersonSchema>;

/** One stored message. */
export const chatMessageSchema = z.object({
  conversation_id: z.number(),
  /** 1, 2, 3 … within the conversation, in the order the server stored them. */
  seq: z.number(),
  /** The sender's id for it (a UUID). */
  client_id: z.string(),
  /** Null once the sender's account is closed. */
  sender_id: z.nullable(z.number()),
  sender_name: z.string(),
  body: z.string(),
  /** ISO 8601 with the offset. */
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A conversation as its member sees it. */
export const conversationSchema = z.object({
  id: z.number(),
  kind: z.enum(['direct', 'course']),
  /** The course of a channel; null for a direct conversation. */
  course: z.nullable(chatCourseSchema),
  /** The other person of a direct conversation; null for a channel. */
  peer: z.nullable(chatPersonSchema),
  /** How many people belong (2 for a direct conversation). */
  members: z.number(),
  last_message: z.nullable(chatMessageSchema),
  /** The newest message's sequence; 0 when there is none. */
  last_seq: z.number(),
  /** The caller's read position, and the messages of others after it. */
  read_seq: z.number(),
  unread: z.number(),
  /**
   * How far the others have got: a direct conversation's other person; in a channel, the furthest
   * of the others (a message is delivered or read once someone else has it).
   */
  others_delivered_seq: z.number(),
  others_read_seq: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /chat/conversations/: newest activity first, and the unread total (the header's count). */
export const conversationListSchema = z.object({
  results: z.array(conversationSchema),
  unread_total: z.number(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** POST /chat/conversations/: starts (or finds) the direct conversation with this person. */
export const startConversationSchema = z.object({ user_id: z.int().check(z.positive()) });
export type StartConversation = z.infer<typeof startConversationSchema>;

/** GET /chat/conversations/{id}/messages/?before&limit: a page, oldest first, older pages before it. */
export const messagePageSchema = z.object({
  results: z.array(chatMessageSchema),
  /** Whether messages older than the first of `results` exist. */
  has_more: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** GET /chat/contacts/: the people the caller may start a conversation with, and the courses they share. */
export const chatContactSchema = z.object({
  person: chatPersonSchema,
  courses: z.array(chatCourseSchema),
  /** The direct conversation with them, when one exists. */
  conversation_id: z.nullable(z.number()),
});
export type ChatContact = z.infer<typeof chatContactSchema>;
export const chatContactListSchema = z.object({ results: z.array(chatContactSchema) });
export type ChatContactList = z.infer<typeof chatContactListSchema>;

// Client → server on /ws/chat.

const clientIdSchema = z.uuid();
const idSchema = z.int().check(z.positive(), z.maximum(2_147_483_647));
const seqSchema = z.int().check(z.nonnegative(), z.maximum(2_147_483_647));

export const chatSendSchema = z.object({
  type: z.literal('chat_send'),
  conversation_id: idSchema,
  client_id: clientIdSchema,
  /** Trimmed by the server; 1 to CHAT_BODY_MAX characters. */
  body: z.string(),
});
export type ChatSend = z.infer<typeof chatSendSchema>;

export const chatSyncSchema = z.object({
  type: z.literal('chat_sync'),
  positions: z
    .array(z.object({ conversation_id: idSchema, after_seq: seqSchema }))
    .check(z.maxLength(CHAT_SYNC_MAX_CONVERSATIONS)),
});
export type ChatSync = z.infer<typeof chatSyncSchema>;

export const chatReceivedSchema = z.object({
  type: z.literal('chat_received'),
  conversation_id: idSchema,
  seq: seqSchema,
});
export type ChatReceived = z.infer<typeof chatReceivedSchema>;

export const chatReadSchema = z.object({
  type: z.literal('chat_read'),
  conversation_id: idSchema,
  seq: seqSchema,
});
export type ChatRead = z.infer<typeof chatReadSchema>;

export const chatTypingSchema = z.object({ type: z.literal('chat_typing'), conversation_id: idSchema });
export type ChatTyping = z.infer<typeof chatTypingSchema>;

export const chatClientMessageSchema = z.discriminatedUnion('type', [
  chatSendSchema,
  chatSyncSchema,
  chatReceivedSchema,
  chatReadSchema,
  chatTypingSchema,
]);
export type ChatClientMessage = z.infer<typeof chatClientMessageSchema>;

// Server → client on /ws/chat.

export const chatAckSchema = z.object({
  type: z.literal('chat_ack'),
  client_id: z.string(),
  conversation_id: z.number(),
  seq: z.number(),
  created_at: z.string(),
});
export type ChatAck = z.infer<typeof chatAckSchema>;

export const chatMessageEventSchema = z.object({
  type: z.literal('chat_message'),
  message: chatMessageSchema,
});
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

export const chatSyncedSchema = z.object({
  type: z.literal('chat_synced'),
  conversation_id: z.number(),
  last_seq: z.number(),
});
export type ChatSynced = z.infer<typeof chatSyncedSchema>;

export const chatReceiptSchema = z.object({
  type: z.literal('chat_receipt'),
  conversation_id: z.number(),
  user_id: z.number(),
  delivered_seq: z.number(),
  read_seq: z.number(),
});
export type ChatReceipt = z.infer<typeof chatReceiptSchema>;

export const chatTypingEventSchema = z.object({
  type: z.literal('chat_typing'),
  conversation_id: z.number(),
  user_id: z.number(),
  name: z.string(),
});
export type ChatTypingEvent = z.infer<typeof chatTypingEventSchema>;

export const chatErrorSchema = z.object({
  type: z.literal('chat_error'),
  /** The refused send's client id; null when the message was not a send. */
  client_id: z.nullable(z.string()),
  conversation_id: z.nullable(z.number()),
  code: z.enum(['not_member', 'empty', 'too_long', 'too_fast', 'invalid']),
  /** One of CHAT_MESSAGES. */
  message: z.string(),
});
export type ChatError = z.infer<typeof chatErrorSchema>;

export const chatServerMessageSchema = z.discriminatedUnion('type', [
  chatAckSchema,
  chatMessageEventSchema,
  chatSyncedSchema,
  chatReceiptSchema,
  chatTypingEventSchema,
  chatErrorSchema,
]);
export type ChatServerMessage = z.infer<typeof chatServerMessageSchema>;

// The messages each side builds (the web app's and the reference server's code use these).

export function chatSendMessage(conversation_id: number, client_id: string, body: string): ChatSend {
  return { type: 'chat_send', conversation_id, client_id, body };
}

export function chatSyncMessage(positions: ChatSync['positions']): ChatSync {
  return { type: 'chat_sync', positions };
}

export function chatReceivedMessage(conversation_id: number, seq: number): ChatReceived {
  return { type: 'chat_received', conversation_id, seq };
}

export function chatReadMessage(conversation_id: number, seq: number): ChatRead {
  return { type: 'chat_read', conversation_id, seq };
}

export function chatTypingMessage(conversation_id: number): ChatTyping {
  return { type: 'chat_typing', conversation_id };
}
