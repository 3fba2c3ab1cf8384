import type { ChatMessageSentence } from '@contract/messages/chat';
import type { ChatCourse, ChatPerson } from '@contract/wire/chat';

/**
 * What the `/messages` screen and the header's Messages link show and can do: the view model
 * `connectChat` (machines/chat.connect.ts) makes from the chat machine's snapshot. The views render
 * it and call its functions; they decide nothing about the chat themselves.
 */

/** The chat socket: connecting, open, reconnecting after a drop, renewing the sign-in, or offline. */
export type ChatConnection = 'connecting' | 'open' | 'reconnecting' | 'renewing' | 'offline';

/** An own message's state: in the outbox, stored, received by another member, read by one; refused. */
export type DeliveryMark = 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface ConversationItemView {
  id: number;
  kind: 'direct' | 'course';
  /** A channel's course; null for a direct conversation. */
  course: ChatCourse | null;
  /** A direct conversation's other person; null for a channel. */
  peer: ChatPerson | null;
  /** How many people belong. */
  members: number;
  /** The newest message (stored or still sending), or null when there is none. */
  lastMessage: {
    body: string;
    senderName: string;
    mine: boolean;
    /** ISO 8601; null while it is sending. */
    createdAt: string | null;
    mark: DeliveryMark | null;
  } | null;
  /** Messages of others the user has not read. */
  unread: number;
  /** The conversation open in the thread beside the list. */
  active: boolean;
}

export interface MessageItemView {
  /** Stable across sending and stored: the message's client id. */
  key: string;
  body: string;
  mine: boolean;
  senderName: string;
  /** ISO 8601; null while sending. */
  createdAt: string | null;
  /** Own messages only. */
  mark: DeliveryMark | null;
  /** Why the server refused it (`mark` 'failed'). */
  error: ChatMessageSentence | null;
  /** The first message of a run by one sender (a channel shows the name there). */
  firstOfRun: boolean;
  /** Sends a refused message again (own `failed` only). */
  retry(): void;
  /** Drops a refused message from the outbox (own `failed` only). */
  discard(): void;
}

export interface ThreadView {
  conversation: ConversationItemView;
  /** The newest page is loading (the first time), shown, or could not be read. */
  status: 'loading' | 'ready' | 'failed';
  /** Oldest first; own messages still in the outbox come last, in the order they were written. */
  messages: MessageItemView[];
  /** The key of the first message the user had not read when the conversation opened, or null. */
  firstUnreadKey: string | null;
  /** Older messages exist on the server. */
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  /** Reads the page before the oldest message shown (the view calls it when scrolled to the top). */
  loadOlder(): void;
  /** Reads the newest page again after a failure. */
  retry(): void;
  /** The names of the others typing now. */
  typing: string[];
  draft: string;
  /** Keeps what is typed (and tells the others, at most every CHAT_TYPING_EVERY_MS). */
  setDraft(text: string): void;
  /** Why the draft cannot be sent as it is ('A message can be at most 4000 characters'), or null. */
  draftError: ChatMessageSentence | null;
  /** Sends the draft: trimmed, not empty, at most CHAT_BODY_MAX characters; the draft empties. */
  send(): void;
  /** Records that the user has read up to the newest message (the view calls it when it is seen). */
  markRead(): void;
}

export interface ContactView {
  person: ChatPerson;
  courses: ChatCourse[];
  /** The direct conversation with them, when one exists. */
  conversationId: number | null;
}

export interface ChatView {
  connection: ChatConnection;
  /** The conversation list: loading the first time, shown, or could not be read. */
  listStatus: 'loading' | 'ready' | 'failed';
  conversations: ConversationItemView[];
  /** Unread messages over all conversations (the header's count). */
  unreadTotal: number;
  retryList(): void;
  /** Opens a conversation (the view passes the `conversation` query parameter), or none. */
  select(conversationId: number | null): void;
  /** The open conversation, or null. */
  thread: ThreadView | null;
  /** The open conversation's id is not one of the user's conversations. */
  notFound: boolean;
  /** The people the user may start a conversation with, read when `loadContacts` is called. */
  contactsStatus: 'idle' | 'loading' | 'ready' | 'failed';
  contacts: ContactView[];
  loadContacts(): void;
  /** Starts (or finds) the direct conversation with this person, then opens it. */
  start(userId: number): void;
  /** A start is in flight. */
  starting: boolean;
  /** Why the last start failed, or null. */
  startError: string | null;
}
