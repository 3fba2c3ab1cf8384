import type { ChatMessage, Conversation } from '@contract/wire/chat';
import type { SnapshotFrom } from 'xstate';
import type { ChatEvent, chatMachine, OutboxItem } from './chat.machine';
import { draftProblem, unreadTotal } from './chat.model';
import type {
  ChatConnection,
  ChatView,
  ConversationItemView,
  DeliveryMark,
  MessageItemView,
  ThreadView,
} from './chat.view';

type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

/** An own stored message's mark: read or delivered once another member got that far. */
export function storedMark(conversation: Conversation | undefined, seq: number): DeliveryMark {
  if (conversation && conversation.others_read_seq >= seq) return 'read';
  if (conversation && conversation.others_delivered_seq >= seq) return 'delivered';
  return 'sent';
}

function outboxMark(item: OutboxItem): DeliveryMark {
  return item.error === null ? 'sending' : 'failed';
}

function connection(snapshot: ChatSnapshot): ChatConnection {
  if (!snapshot.matches('signedIn')) return 'offline';
  const status = snapshot.context.connection;
  // A tab whose socket another tab took connects again as soon as the user is back on it.
  return status === 'superseded' ? 'reconnecting' : status;
}

/** The list's item for a conversation; its last message is the newest of the stored and the sending. */
function conversationItem(
  conversation: Conversation,
  snapshot: ChatSnapshot,
  userId: number | null,
): ConversationItemView {
  const { outbox, selectedId } = snapshot.context;
  const pending = outbox.filter((item) => item.conversation_id === conversation.id).at(-1);
  const last = conversation.last_message;
  const lastMine = last !== null && last.sender_id !== null && last.sender_id === userId;
  return {
    id: conversation.id,
    kind: conversation.kind,
    course: conversation.course,
    peer: conversation.peer,
    members: conversation.members,
    lastMessage: pending
      ? { body: pending.body, senderName: '', mine: true, createdAt: null, mark: outboxMark(pending) }
      : last
        ? {
            body: last.body,
            senderName: last.sender_name,
            mine: lastMine,
            createdAt: last.created_at,
            mark: lastMine ? storedMark(conversation, last.seq) : null,
          }
        : null,
    unread: conversation.unread,
    active: conversation.id === selectedId,
  };
}

/** The chat's view model: the list, the open thread, the contacts, and what the user can do. */
export function connectChat(snapshot: ChatSnapshot, send: (event: ChatEvent) => void): ChatView {
  const { context } = snapshot;
  const { userId, conversations, selectedId } = context;
  const items = conversations.map((conversation) => conversationItem(conversation, snapshot, userId));
  const listStatus: ChatView['listStatus'] = context.listLoaded
    ? 'ready'
    : snapshot.matches({ signedIn: { list: 'failed' } })
      ? 'failed'
      : 'loading';
  const selected = items.find((item) => item.id === selectedId);
  const contactsStatus: ChatView['contactsStatus'] = snapshot.matches({ signedIn: { contacts: 'loading' } })
    ? 'loading'
    : snapshot.matches({ signedIn: { contacts: 'ready' } })
      ? 'ready'
      : snapshot.matches({ signedIn: { contacts: 'failed' } })
        ? 'failed'
        : 'idle';
  return {
    connection: connection(snapshot),
    listStatus,
    conversations: items,
    unreadTotal: unreadTotal(conversations),
    retryList: () => send({ type: 'list.refetch' }),
    select: (conversationId) => send({ type: 'conversation.select', id: conversationId }),
    thread: selected ? threadView(snapshot, selected, send) : null,
    // Not while the list is read again: a conversation just started by someone else may be on it.
    notFound:
      context.listLoaded &&
      selectedId !== null &&
      !selected &&
      !snapshot.matches({ signedIn: { list: 'loading' } }),
    contactsStatus,
    contacts: context.contacts.map((contact) => ({
      person: contact.person,
      courses: contact.courses,
      conversationId: contact.conversation_id,
    })),
    loadContacts: () => send({ type: 'contacts.load' }),
    start: (id) => send({ type: 'contact.start', userId: id }),
    starting: snapshot.matches({ signedIn: { start: 'starting' } }),
    startError: context.startError,
  };
}

function threadView(
  snapshot: ChatSnapshot,
  conversation: ConversationItemView,
  send: (event: ChatEvent) => void,
): ThreadView {
  const { context } = snapshot;
  const { userId } = context;
  const listed = context.conversations.find((item) => item.id === conversation.id);
  const thread = context.thread?.conversationId === conversation.id ? context.thread : null;
  const stored = thread?.messages ?? [];
  const storedKeys = new Set(stored.map((message) => message.client_id));
  const pending = context.outbox.filter(
    (item) => item.conversation_id === conversation.id && !storedKeys.has(item.client_id),
  );
  const noop = () => {};

  const messages: MessageItemView[] = [];
  let previousSender: number | null | undefined;
  const push = (entry: Omit<MessageItemView, 'firstOfRun'>, senderId: number | null) => {
    messages.push({ ...entry, firstOfRun: messages.length === 0 || previousSender !== senderId });
    previousSender = senderId;
  };
  for (const message of stored) {
    const mine = isMine(message, userId);
    push(
      {
        key: message.client_id,
        body: message.body,
        mine,
        senderName: message.sender_name,
        createdAt: message.created_at,
        mark: mine ? storedMark(listed, message.seq) : null,
        error: null,
        retry: noop,
        discard: noop,
      },
      message.sender_id,
    );
  }
  for (const item of pending) {
    const failed = item.error !== null;
    push(
      {
        key: item.client_id,
        body: item.body,
        mine: true,
        senderName: '',
        createdAt: null,
        mark: outboxMark(item),
        error: item.error,
        retry: failed ? () => send({ type: 'outbox.retry', clientId: item.client_id }) : noop,
        discard: failed ? () => send({ type: 'outbox.discard', clientId: item.client_id }) : noop,
      },
      userId,
    );
  }

  const openedReadSeq = thread?.openedReadSeq ?? null;
  const firstUnread =
    openedReadSeq === null
      ? undefined
      : stored.find((message) => message.seq > openedReadSeq && !isMine(message, userId));
  const draft = context.drafts[conversation.id] ?? '';
  const status: ThreadView['status'] = thread
    ? 'ready'
    : snapshot.matches({ signedIn: { conversation: 'failed' } })
      ? 'failed'
      : 'loading';
  return {
    conversation,
    status,
    messages,
    firstUnreadKey: firstUnread?.client_id ?? null,
    hasOlder: thread?.hasMore ?? false,
    loadingOlder: snapshot.matches({ signedIn: { conversation: { ready: 'loading' } } }),
    olderFailed: snapshot.matches({ signedIn: { conversation: { ready: 'failed' } } }),
    loadOlder: () => send({ type: 'thread.older' }),
    retry: () => send({ type: 'thread.reload' }),
    typing: context.typing
      .filter((person) => person.conversationId === conversation.id && person.userId !== userId)
      .map((person) => person.name),
    draft,
    // Callers pass `Date.now()` in the callback: the connect stays pure.
    setDraft: (text) => send({ type: 'draft.changed', text, at: Date.now() }),
    draftError: draftProblem(draft),
    send: () => send({ type: 'draft.send', clientId: crypto.randomUUID() }),
    markRead: () => send({ type: 'thread.read' }),
  };
}

function isMine(message: ChatMessage, userId: number | null): boolean {
  return message.sender_id !== null && message.sender_id === userId;
}
