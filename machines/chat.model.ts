import { CHAT_MESSAGES, type ChatMessageSentence } from '@contract/messages/chat';
import {
  CHAT_BODY_MAX,
  CHAT_SYNC_MAX_CONVERSATIONS,
  type ChatAck,
  type ChatMessage,
  type ChatReceipt,
  type ChatSync,
  type Conversation,
} from '@contract/wire/chat';

/**
 * The chat's pure bookkeeping (machines/chat.machine.ts keeps its context with these): the outbox,
 * the open thread's messages keyed by sequence, the conversation list's last messages and counts.
 */

/** A message written here and not yet acknowledged by the server (saved per user in the browser). */
export interface OutboxItem {
  client_id: string;
  conversation_id: number;
  /** Trimmed, 1 to CHAT_BODY_MAX characters. */
  body: string;
  /** Why the server refused it; null while it waits for its acknowledgement. */
  error: ChatMessageSentence | null;
}

/** The open conversation's messages, as read and as they arrive. */
export interface ThreadState {
  conversationId: number;
  /** Stored messages, oldest first, one per sequence. */
  messages: ChatMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
  /** The user's read position when the thread was read (where the unread divider goes); null: unknown. */
  openedReadSeq: number | null;
}

/** Someone else typing in a conversation. */
export interface TypingPerson {
  conversationId: number;
  userId: number;
  name: string;
}

/** The sentence a draft is refused with before it is sent, or null when it can go. */
export function draftProblem(text: string): ChatMessageSentence | null {
  return text.trim().length > CHAT_BODY_MAX ? CHAT_MESSAGES.tooLong : null;
}

/** A draft that can be sent: not empty once trimmed, and not too long. */
export function sendable(text: string): boolean {
  const body = text.trim();
  return body.length > 0 && body.length <= CHAT_BODY_MAX;
}

/** One of the chat's sentences; anything else the server says becomes the generic one. */
export function knownSentence(message: string): ChatMessageSentence {
  const sentences: readonly string[] = Object.values(CHAT_MESSAGES);
  return sentences.includes(message) ? (message as ChatMessageSentence) : CHAT_MESSAGES.invalid;
}

/** The highest sequence of the messages, or 0. */
export function newestSeq(messages: readonly ChatMessage[]): number {
  return messages.reduce((highest, message) => Math.max(highest, message.seq), 0);
}

/** The messages with `message` added in sequence order; one already there (same seq) is replaced. */
export function withMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const others = messages.filter((item) => item.seq !== message.seq);
  return [...others, message].sort((a, b) => a.seq - b.seq);
}

/** `older` before `messages`, one per sequence, in order. */
export function withOlder(messages: readonly ChatMessage[], older: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(messages.map((message) => message.seq));
  return [...older.filter((message) => !known.has(message.seq)), ...messages].sort((a, b) => a.seq - b.seq);
}

/** The stored message an acknowledgement makes of an outbox item. */
export function acknowledged(item: OutboxItem, ack: ChatAck, userId: number | null): ChatMessage {
  return {
    conversation_id: item.conversation_id,
    seq: ack.seq,
    client_id: item.client_id,
    sender_id: userId,
    sender_name: '',
    body: item.body,
    created_at: ack.created_at,
  };
}

/**
 * The list after a stored message: it becomes the conversation's last one when it is the newest, and
 * counts as unread when someone else wrote it after the user's read position. A message the list
 * had seen (a resend, a sync) changes nothing.
 */
export function listWithMessage(
  conversations: readonly Conversation[],
  message: ChatMessage,
  userId: number | null,
): Conversation[] {
  return conversations.map((conversation) => {
    if (conversation.id !== message.conversation_id || message.seq <= conversation.last_seq)
      return conversation;
    const mine = message.sender_id !== null && message.sender_id === userId;
    return {
      ...conversation,
      last_message: message,
      last_seq: message.seq,
      read_seq: mine ? message.seq : conversation.read_seq,
      unread: mine ? 0 : message.seq > conversation.read_seq ? conversation.unread + 1 : conversation.unread,
    };
  });
}

/** The list after the user read a conversation up to `seq`. */
export function listRead(conversations: readonly Conversation[], conversationId: number, seq: number) {
  return conversations.map((conversation) =>
    conversation.id === conversationId && seq > conversation.read_seq
      ? { ...conversation, read_seq: seq, unread: seq >= conversation.last_seq ? 0 : conversation.unread }
      : conversation,
  );
}

/**
 * The list after a receipt: the user's own (another tab read) moves the read position, counting
 * what is left unread from the open thread when it holds those messages; someone else's moves how
 * far the others have got.
 */
export function listWithReceipt(
  conversations: readonly Conversation[],
  receipt: ChatReceipt,
  userId: number | null,
  thread: ThreadState | null,
): Conversation[] {
  return conversations.map((conversation) => {
    if (conversation.id !== receipt.conversation_id) return conversation;
    if (receipt.user_id !== userId) {
      return {
        ...conversation,
        others_delivered_seq: Math.max(conversation.others_delivered_seq, receipt.delivered_seq),
        others_read_seq: Math.max(conversation.others_read_seq, receipt.read_seq),
      };
    }
    if (receipt.read_seq <= conversation.read_seq) return conversation;
    return {
      ...conversation,
      read_seq: receipt.read_seq,
      unread: unreadAfter(conversation, receipt.read_seq, userId, thread) ?? conversation.unread,
    };
  });
}

/** Messages of others after `readSeq`, when known (null: only the server knows). */
export function unreadAfter(
  conversation: Conversation,
  readSeq: number,
  userId: number | null,
  thread: ThreadState | null,
): number | null {
  if (readSeq >= conversation.last_seq) return 0;
  if (thread === null || thread.conversationId !== conversation.id) return null;
  const oldest = thread.messages[0]?.seq ?? conversation.last_seq + 1;
  if (thread.hasMore && oldest > readSeq + 1) return null;
  return thread.messages.filter((message) => message.seq > readSeq && message.sender_id !== userId).length;
}

/** Whether a receipt of the user's own leaves an unread count only the server can give. */
export function receiptNeedsList(
  conversations: readonly Conversation[],
  receipt: ChatReceipt,
  userId: number | null,
  thread: ThreadState | null,
): boolean {
  if (receipt.user_id !== userId) return false;
  const conversation = conversations.find((item) => item.id === receipt.conversation_id);
  if (!conversation || receipt.read_seq <= conversation.read_seq) return false;
  return unreadAfter(conversation, receipt.read_seq, userId, thread) === null;
}

/**
 * What `chat_sync` names: the open thread's newest message, then every listed conversation's last
 * sequence (at most CHAT_SYNC_MAX_CONVERSATIONS, the most recent first).
 */
export function syncPositions(
  conversations: readonly Conversation[],
  thread: ThreadState | null,
): ChatSync['positions'] {
  const positions: ChatSync['positions'] = [];
  if (thread)
    positions.push({ conversation_id: thread.conversationId, after_seq: newestSeq(thread.messages) });
  for (const conversation of conversations) {
    if (conversation.id === thread?.conversationId) continue;
    positions.push({ conversation_id: conversation.id, after_seq: conversation.last_seq });
  }
  return positions.slice(0, CHAT_SYNC_MAX_CONVERSATIONS);
}

/** The unread total over the conversations (the header's count). */
export function unreadTotal(conversations: readonly Conversation[]): number {
  return conversations.reduce((total, conversation) => total + conversation.unread, 0);
}

/**
 * The list as read, keeping what arrived over the socket while it was read: a later last message and
 * further read and delivery positions (sequences only grow); read up to its last, nothing is unread.
 */
export function mergeList(previous: readonly Conversation[], read: readonly Conversation[]): Conversation[] {
  const known = new Map(previous.map((conversation) => [conversation.id, conversation]));
  return read.map((conversation) => {
    const before = known.get(conversation.id);
    if (!before) return conversation;
    const newer = before.last_seq > conversation.last_seq;
    const lastSeq = Math.max(before.last_seq, conversation.last_seq);
    const readSeq = Math.max(before.read_seq, conversation.read_seq);
    return {
      ...conversation,
      last_message: newer ? before.last_message : conversation.last_message,
      last_seq: lastSeq,
      read_seq: readSeq,
      unread: readSeq >= lastSeq ? 0 : conversation.unread,
      others_delivered_seq: Math.max(before.others_delivered_seq, conversation.others_delivered_seq),
      others_read_seq: Math.max(before.others_read_seq, conversation.others_read_seq),
    };
  });
}
