import { DEFAULT_FAILURE } from '@contract/messages/errors';
import {
  CHAT_TYPING_EVERY_MS,
  type ChatAck,
  type ChatClientMessage,
  type ChatContact,
  type ChatError,
  type ChatMessage,
  type ChatReceipt,
  type ChatServerMessage,
  type ChatSynced,
  type ChatTypingEvent,
  type Conversation,
  type ConversationList,
  chatReadMessage,
  chatReceivedMessage,
  chatSendMessage,
  chatSyncMessage,
  chatTypingMessage,
  type MessagePage,
} from '@contract/wire/chat';
import { assertEvent, assign, enqueueActions, forwardTo, fromPromise, raise, sendTo, setup } from 'xstate';
import {
  acknowledged,
  knownSentence,
  listRead,
  listWithMessage,
  listWithReceipt,
  mergeList,
  newestSeq,
  type OutboxItem,
  receiptNeedsList,
  sendable,
  syncPositions,
  type ThreadState,
  type TypingPerson,
  withMessage,
  withOlder,
} from './chat.model';
import { alertOf } from './forms';
import {
  type LiveConnectionReport,
  type LiveStatus,
  liveConnectionInvoke,
  liveConnectionMachine,
  logged,
  sessionGuards,
} from './liveConnection.machine';

export type { OutboxItem, ThreadState, TypingPerson } from './chat.model';

/**
 * How long delivery reports wait to be sent together: a sync's answer may bring CHAT_GAP_MAX
 * messages at once, and one `chat_received` each would exceed what the server lets a socket send.
 */
export const RECEIVED_FLUSH_MS = 250;
/** The id of the delayed event that sends the waiting delivery reports. */
const RECEIVED_FLUSH_ID = 'received.flush';

/** How long someone else's typing shows after their last `chat_typing`. */
export const TYPING_SHOWN_MS = 2 * CHAT_TYPING_EVERY_MS;

export interface ChatContext {
  /** The access token the socket was opened with; null while signed out. */
  token: string | null;
  userId: number | null;
  /** Where the socket stands, as the live connection last reported. */
  connection: LiveStatus;
  /** The conversation list, newest activity first, as read and as messages arrive. */
  conversations: Conversation[];
  /** The list was read at least once since signing in. */
  listLoaded: boolean;
  /** The conversation asked for (the `conversation` query parameter), or null. */
  selectedId: number | null;
  /** The selected conversation's messages once read. */
  thread: ThreadState | null;
  /** Messages written and not yet acknowledged, in the order they were written. */
  outbox: OutboxItem[];
  /** What is typed, per conversation. */
  drafts: Record<number, string>;
  /** Delivery reports not sent yet: the highest sequence of others received, per conversation. */
  received: Record<number, number>;
  /** When this user last told the others they were typing, and where. */
  lastTyping: { conversationId: number; at: number } | null;
  typing: TypingPerson[];
  contacts: ChatContact[];
  /** Why the last start failed, or null. */
  startError: string | null;
}

/** The server's messages on `/ws/chat`, one event each. */
export type ChatServerEvent =
  | { type: 'server.ack'; ack: ChatAck }
  | { type: 'server.message'; message: ChatMessage }
  | { type: 'server.synced'; synced: ChatSynced }
  | { type: 'server.receipt'; receipt: ChatReceipt }
  | { type: 'server.typing'; typing: ChatTypingEvent }
  | { type: 'server.error'; error: ChatError };

export type ChatEvent =
  /** The session: its access token, the user's id and the outbox the browser kept; token null: signed out. */
  | { type: 'session.changed'; token: string | null; userId: number | null; outbox: OutboxItem[] }
  | LiveConnectionReport
  | ChatServerEvent
  /** The page was focused or shown again. */
  | { type: 'page.resumed' }
  | { type: 'network.offline' }
  | { type: 'network.online' }
  /** Read the list again (the view's retry; raised when a message names an unknown conversation). */
  | { type: 'list.refetch' }
  | { type: 'conversation.select'; id: number | null }
  /** Read the newest page again (the view's retry; raised when the thread is too far behind). */
  | { type: 'thread.reload' }
  | { type: 'thread.older' }
  /** The user has seen the newest message. */
  | { type: 'thread.read' }
  /** `at`: when it was typed (ms since the epoch). */
  | { type: 'draft.changed'; text: string; at: number }
  /** `clientId`: a new UUID for the message. */
  | { type: 'draft.send'; clientId: string }
  | { type: 'outbox.retry'; clientId: string }
  | { type: 'outbox.discard'; clientId: string }
  | { type: 'contacts.load' }
  | { type: 'contact.start'; userId: number }
  /** Someone's typing indicator ran out (raised, delayed). */
  | { type: 'typing.expired'; conversationId: number; userId: number }
  /** Send the waiting delivery reports (raised, delayed). */
  | { type: 'received.flush' }
  /** A message for the socket (raised; only an open socket sends it). */
  | { type: 'socket.out'; message: ChatClientMessage };

/** The machine's event for a message the server sent. */
export function serverEvent(message: ChatServerMessage): ChatServerEvent {
  switch (message.type) {
    case 'chat_ack':
      return { type: 'server.ack', ack: message };
    case 'chat_message':
      return { type: 'server.message', message: message.message };
    case 'chat_synced':
      return { type: 'server.synced', synced: message };
    case 'chat_receipt':
      return { type: 'server.receipt', receipt: message };
    case 'chat_typing':
      return { type: 'server.typing', typing: message };
    case 'chat_error':
      return { type: 'server.error', error: message };
  }
}

/** The id of the delayed event that ends someone's typing indicator. */
export function typingTimerId(conversationId: number, userId: number): string {
  return `typing:${conversationId}:${userId}`;
}

const signedOutContext: ChatContext = {
  token: null,
  userId: null,
  connection: 'connecting',
  conversations: [],
  listLoaded: false,
  selectedId: null,
  thread: null,
  outbox: [],
  drafts: {},
  received: {},
  lastTyping: null,
  typing: [],
  contacts: [],
  startError: null,
};

/** Saves the outbox after what may have changed it. */
const persist = {
  type: 'saveOutbox',
  params: ({ context }: { context: ChatContext }) => ({ userId: context.userId, outbox: context.outbox }),
} as const;

const out = (message: ChatClientMessage) => ({ type: 'socket.out' as const, message });

/**
 * The chat of the signed-in user (`/messages` and the header's count; the protocol is the comment of
 * contract/wire/chat.ts).
 *
 * Signed out, nothing runs. `session.changed` with a token enters `signedIn`, whose regions run side
 * by side:
 * - `connection` (invoked, machines/liveConnection.machine.ts): the `/ws/chat` socket, which renews a
 *   refused token, waits for the page after a newer tab took it, and for the network when the
 *   browser is offline; a renewed token of the same user starts only the socket again. It reports
 *   where it stands (`context.connection`) and passes the server's frames on. Messages go only
 *   through an open socket: every open sends `chat_sync` with the newest sequence known per
 *   conversation, then the outbox in order (and reads the list again after a drop); so does every
 *   read of the list while the socket is open (the server counts what the list holds as delivered).
 *   Delivery reports (`chat_received`) wait RECEIVED_FLUSH_MS and go one per conversation.
 * - `list`: `GET /chat/conversations/`, read again on the view's retry, after a reconnection and when
 *   a message names a conversation it does not hold or skips sequences.
 * - `conversation`: the selected conversation's newest page, then older pages as the user scrolls up.
 * - `outbox`: `sending` while messages wait for their acknowledgement.
 * - `contacts`: the people the user may write to, read when asked.
 * - `start`: `POST /chat/conversations/` for a person; the list gains the conversation and the app
 *   shows it.
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    /** The `/ws/chat` socket and its reconnections; the application supplies its socket and renewal. */
    liveConnection: liveConnectionMachine,
    fetchConversations: fromPromise<ConversationList>(async () => {
      throw new Error('fetchConversations is supplied by the application');
    }),
    fetchMessages: fromPromise<MessagePage, { conversationId: number }>(async () => {
      throw new Error('fetchMessages is supplied by the application');
    }),
    fetchOlder: fromPromise<MessagePage, { conversationId: number; before: number }>(async () => {
      throw new Error('fetchOlder is supplied by the application');
    }),
    fetchContacts: fromPromise<ChatContact[]>(async () => {
      throw new Error('fetchContacts is supplied by the application');
    }),
    startConversation: fromPromise<Conversation, { userId: number }>(async () => {
      throw new Error('startConversation is supplied by the application');
    }),
  },
  guards: {
    ...sessionGuards,
    otherUser: ({ context, event }) =>
      event.type === 'session.changed' && event.token !== null && event.userId !== context.userId,
    /** The socket opened again by itself after a drop: anything may have come meanwhile. */
    afterDrop: ({ event }) => event.type === 'connection.opened' && event.afterDrop,
    conversationChosen: ({ event }) => event.type === 'conversation.select' && event.id !== null,
    hasOlder: ({ context }) => context.thread?.hasMore === true,
    pending: ({ context }) => context.outbox.some((item) => item.error === null),
    nothingPending: ({ context }) => !context.outbox.some((item) => item.error === null),
  },
  actions: {
    /** Keeps the saved outbox; called after every change of it. */
    saveOutbox: (_, _params: { userId: number | null; outbox: OutboxItem[] }) => {},
    /** Shows this conversation (the app navigates to `/messages?conversation={id}`). */
    showConversation: (_, _params: { id: number }) => {},
    logFailure: (_, _params: { what: string; error: unknown }) => {},

    startSession: assign(({ event }) => {
      assertEvent(event, 'session.changed');
      return { ...signedOutContext, token: event.token, userId: event.userId, outbox: event.outbox };
    }),
    keepToken: assign(({ event }) => {
      assertEvent(event, 'session.changed');
      return { token: event.token };
    }),
    forget: assign(() => signedOutContext),

    /** The renewed token to the connection, which connects again with it. */
    renewConnection: sendTo('connection', ({ event }) => {
      assertEvent(event, 'session.changed');
      return { type: 'connection.token' as const, token: event.token ?? '' };
    }),
    keepConnection: assign(({ event }) => {
      assertEvent(event, ['connection.opened', 'connection.status']);
      return { connection: event.type === 'connection.opened' ? ('open' as const) : event.status };
    }),
    tellSocket: sendTo('connection', ({ event }) => {
      assertEvent(event, 'socket.out');
      return { type: 'connection.send' as const, message: event.message };
    }),
    passToConnection: forwardTo('connection'),
    /** `chat_sync` for every conversation known, then the outbox's waiting messages in order. */
    catchUp: enqueueActions(({ context, enqueue }) => {
      const positions = syncPositions(context.conversations, context.thread);
      if (positions.length > 0) enqueue.raise(out(chatSyncMessage(positions)));
      for (const item of context.outbox) {
        if (item.error === null)
          enqueue.raise(out(chatSendMessage(item.conversation_id, item.client_id, item.body)));
      }
    }),
    refetchList: raise({ type: 'list.refetch' }),
    /** With the list read, every listed conversation's position: the server counts them delivered. */
    syncList: enqueueActions(({ context, enqueue }) => {
      const positions = syncPositions(context.conversations, context.thread);
      if (positions.length > 0) enqueue.raise(out(chatSyncMessage(positions)));
    }),

    keepList: assign(({ context }, params: { list: ConversationList }) => ({
      conversations: mergeList(context.conversations, params.list.results),
      listLoaded: true,
    })),

    select: assign(({ context, event }) => {
      assertEvent(event, 'conversation.select');
      const sameThread = context.thread !== null && context.thread.conversationId === event.id;
      return { selectedId: event.id, thread: sameThread ? context.thread : null, lastTyping: null };
    }),
    keepPage: assign(({ context }, params: { page: MessagePage }) => {
      const id = context.selectedId ?? 0;
      const listed = context.conversations.find((conversation) => conversation.id === id);
      const previous = context.thread?.conversationId === id ? context.thread : null;
      return {
        thread: {
          conversationId: id,
          messages: params.page.results,
          hasMore: params.page.has_more,
          openedReadSeq: previous ? previous.openedReadSeq : (listed?.read_seq ?? null),
        },
      };
    }),
    /**
     * Messages that arrived while the page was read, and are not on it, are asked for again; a
     * conversation the list does not hold yet (just started by someone else) makes it read again.
     */
    checkPage: enqueueActions(({ context, enqueue }) => {
      const thread = context.thread;
      if (!thread) return;
      const listed = context.conversations.find((conversation) => conversation.id === thread.conversationId);
      if (!listed && context.listLoaded) enqueue.raise({ type: 'list.refetch' });
      const newest = newestSeq(thread.messages);
      if (listed && listed.last_seq > newest) {
        enqueue.raise(out(chatSyncMessage([{ conversation_id: thread.conversationId, after_seq: newest }])));
      }
    }),
    keepOlder: assign(({ context }, params: { page: MessagePage }) => ({
      thread: context.thread && {
        ...context.thread,
        messages: withOlder(context.thread.messages, params.page.results),
        hasMore: params.page.has_more,
      },
    })),

    acknowledge: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'server.ack');
      const item = context.outbox.find((entry) => entry.client_id === event.ack.client_id);
      if (!item) return;
      const message = acknowledged(item, event.ack, context.userId);
      const outbox = context.outbox.filter((entry) => entry !== item);
      enqueue.assign({
        outbox,
        conversations: listWithMessage(context.conversations, message, context.userId),
        thread:
          context.thread?.conversationId === message.conversation_id
            ? { ...context.thread, messages: withMessage(context.thread.messages, message) }
            : context.thread,
      });
    }),
    receive: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'server.message');
      const { message } = event;
      const mine = message.sender_id !== null && message.sender_id === context.userId;
      const listed = context.conversations.find(
        (conversation) => conversation.id === message.conversation_id,
      );
      // A conversation the list does not hold, or messages it skipped: only the server has the counts.
      if (!listed || message.seq > listed.last_seq + 1) enqueue.raise({ type: 'list.refetch' });

      const thread = context.thread;
      if (thread?.conversationId === message.conversation_id) {
        const newest = newestSeq(thread.messages);
        const known = thread.messages.some((item) => item.seq === message.seq);
        if (!known && message.seq > newest + 1) {
          enqueue.raise(
            out(chatSyncMessage([{ conversation_id: message.conversation_id, after_seq: newest }])),
          );
        }
      }
      const inOutbox = context.outbox.some((item) => item.client_id === message.client_id);
      const outbox = inOutbox ? context.outbox.filter((item) => item.client_id !== message.client_id) : null;
      // Someone else's message is reported delivered with the others that come meanwhile.
      const waiting = context.received;
      const received = mine
        ? waiting
        : {
            ...waiting,
            [message.conversation_id]: Math.max(waiting[message.conversation_id] ?? 0, message.seq),
          };
      if (!mine && Object.keys(waiting).length === 0)
        enqueue.raise({ type: 'received.flush' }, { id: RECEIVED_FLUSH_ID, delay: RECEIVED_FLUSH_MS });
      enqueue.assign({
        received,
        conversations: listWithMessage(context.conversations, message, context.userId),
        thread:
          thread?.conversationId === message.conversation_id
            ? { ...thread, messages: withMessage(thread.messages, message) }
            : thread,
        typing: context.typing.filter(
          (person) =>
            person.conversationId !== message.conversation_id || person.userId !== message.sender_id,
        ),
        ...(outbox ? { outbox } : {}),
      });
    }),
    /** One `chat_received` per conversation with the highest sequence received (only an open socket sends). */
    flushReceived: enqueueActions(({ context, enqueue }) => {
      for (const [id, seq] of Object.entries(context.received))
        enqueue.raise(out(chatReceivedMessage(Number(id), seq)));
      enqueue.assign({ received: {} });
    }),
    /** A thread still behind after a sync was more than CHAT_GAP_MAX behind: read its newest page. */
    checkSynced: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'server.synced');
      const { synced } = event;
      const thread = context.thread;
      if (thread?.conversationId === synced.conversation_id && newestSeq(thread.messages) < synced.last_seq) {
        enqueue.raise({ type: 'thread.reload' });
      }
      const listed = context.conversations.find((conversation) => conversation.id === synced.conversation_id);
      if (listed && listed.last_seq < synced.last_seq) enqueue.raise({ type: 'list.refetch' });
    }),
    keepReceipt: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'server.receipt');
      const { receipt } = event;
      if (receiptNeedsList(context.conversations, receipt, context.userId, context.thread)) {
        enqueue.raise({ type: 'list.refetch' });
      }
      enqueue.assign({
        conversations: listWithReceipt(context.conversations, receipt, context.userId, context.thread),
      });
    }),
    showTyping: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'server.typing');
      const { typing } = event;
      if (typing.user_id === context.userId) return;
      const id = typingTimerId(typing.conversation_id, typing.user_id);
      enqueue.cancel(id);
      enqueue.assign({
        typing: [
          ...context.typing.filter(
            (person) => person.conversationId !== typing.conversation_id || person.userId !== typing.user_id,
          ),
          { conversationId: typing.conversation_id, userId: typing.user_id, name: typing.name },
        ],
      });
      enqueue.raise(
        { type: 'typing.expired', conversationId: typing.conversation_id, userId: typing.user_id },
        { id, delay: TYPING_SHOWN_MS },
      );
    }),
    hideTyping: assign(({ context, event }) => {
      assertEvent(event, 'typing.expired');
      return {
        typing: context.typing.filter(
          (person) => person.conversationId !== event.conversationId || person.userId !== event.userId,
        ),
      };
    }),
    markRefused: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'server.error');
      const { error } = event;
      if (error.client_id === null || !context.outbox.some((item) => item.client_id === error.client_id))
        return;
      const outbox = context.outbox.map((item) =>
        item.client_id === error.client_id ? { ...item, error: knownSentence(error.message) } : item,
      );
      enqueue.assign({ outbox });
    }),

    keepDraft: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'draft.changed');
      const id = context.selectedId;
      if (id === null) return;
      enqueue.assign({ drafts: { ...context.drafts, [id]: event.text } });
      if (event.text.trim() === '') return;
      const last = context.lastTyping;
      if (last && last.conversationId === id && event.at - last.at < CHAT_TYPING_EVERY_MS) return;
      enqueue.assign({ lastTyping: { conversationId: id, at: event.at } });
      enqueue.raise(out(chatTypingMessage(id)));
    }),
    sendDraft: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'draft.send');
      const id = context.selectedId;
      if (id === null) return;
      const text = context.drafts[id] ?? '';
      // A client id names one message: a second send with it (a double click) adds nothing.
      if (!sendable(text) || context.outbox.some((entry) => entry.client_id === event.clientId)) return;
      const item: OutboxItem = {
        client_id: event.clientId,
        conversation_id: id,
        body: text.trim(),
        error: null,
      };
      const outbox = [...context.outbox, item];
      enqueue.assign({ outbox, drafts: { ...context.drafts, [id]: '' }, lastTyping: null });
      enqueue.raise(out(chatSendMessage(id, item.client_id, item.body)));
    }),
    retrySend: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'outbox.retry');
      const item = context.outbox.find((entry) => entry.client_id === event.clientId);
      if (!item || item.error === null) return;
      const outbox = context.outbox.map((entry) => (entry === item ? { ...entry, error: null } : entry));
      enqueue.assign({ outbox });
      enqueue.raise(out(chatSendMessage(item.conversation_id, item.client_id, item.body)));
    }),
    discard: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'outbox.discard');
      if (!context.outbox.some((entry) => entry.client_id === event.clientId)) return;
      const outbox = context.outbox.filter((entry) => entry.client_id !== event.clientId);
      enqueue.assign({ outbox });
    }),
    markRead: enqueueActions(({ context, enqueue }) => {
      const thread = context.thread;
      if (!thread) return;
      const newest = thread.messages.at(-1);
      const listed = context.conversations.find((conversation) => conversation.id === thread.conversationId);
      if (!newest || newest.sender_id === context.userId) return;
      if (listed && newest.seq <= listed.read_seq) return;
      enqueue.assign({ conversations: listRead(context.conversations, thread.conversationId, newest.seq) });
      enqueue.raise(out(chatReadMessage(thread.conversationId, newest.seq)));
    }),

    keepContacts: assign((_, params: { contacts: ChatContact[] }) => ({ contacts: params.contacts })),
    clearStartError: assign({ startError: null }),
    keepStartError: assign((_, params: { message: string }) => ({ startError: params.message })),
    addConversation: assign(({ context }, params: { conversation: Conversation }) => ({
      conversations: context.conversations.some((item) => item.id === params.conversation.id)
        ? context.conversations
        : [params.conversation, ...context.conversations],
      contacts: context.contacts.map((contact) =>
        contact.person.id === params.conversation.peer?.id
          ? { ...contact, conversation_id: params.conversation.id }
          : contact,
      ),
    })),
  },
}).createMachine({
  id: 'chat',
  context: signedOutContext,
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.changed': { guard: 'signedIn', target: 'signedIn', actions: 'startSession' },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'session.changed': [
          { guard: 'signedOut', target: 'signedOut', actions: 'forget' },
          { guard: 'otherUser', target: 'signedIn', reenter: true, actions: 'startSession' },
          // The same user's renewed token: only the socket starts again; the list and the thread stay.
          { guard: 'newToken', actions: ['keepToken', 'renewConnection'] },
        ],
        'connection.opened': [
          { guard: 'afterDrop', actions: ['keepConnection', 'refetchList', 'catchUp'] },
          { actions: ['keepConnection', 'catchUp'] },
        ],
        'connection.status': { actions: 'keepConnection' },
        'socket.out': { actions: 'tellSocket' },
        'page.resumed': { actions: 'passToConnection' },
        'network.offline': { actions: 'passToConnection' },
        'network.online': { actions: 'passToConnection' },
        'server.ack': { actions: ['acknowledge', persist] },
        'server.message': { actions: ['receive', persist] },
        'server.synced': { actions: 'checkSynced' },
        'server.receipt': { actions: 'keepReceipt' },
        'server.typing': { actions: 'showTyping' },
        'typing.expired': { actions: 'hideTyping' },
        'received.flush': { actions: 'flushReceived' },
        'server.error': { actions: ['markRefused', persist] },
        'draft.changed': { actions: 'keepDraft' },
        'draft.send': { actions: ['sendDraft', persist] },
        'outbox.retry': { actions: ['retrySend', persist] },
        'outbox.discard': { actions: ['discard', persist] },
        'thread.read': { actions: 'markRead' },
      },
      invoke: liveConnectionInvoke,
      states: {
        list: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchConversations',
                src: 'fetchConversations',
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'keepList', params: ({ event }) => ({ list: event.output }) },
                    'syncList',
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: logged('read the conversations'),
                },
              },
              // A read in flight may have missed what made the list stale: read again.
              on: { 'list.refetch': { target: 'loading', reenter: true } },
            },
            ready: { on: { 'list.refetch': 'loading' } },
            failed: { on: { 'list.refetch': 'loading' } },
          },
        },
        conversation: {
          initial: 'none',
          on: {
            // Not re-entering: a region's own transition that did would re-enter every region.
            'conversation.select': [
              { guard: 'conversationChosen', target: '.loading', actions: 'select' },
              { target: '.none', actions: 'select' },
            ],
          },
          states: {
            none: {},
            loading: {
              invoke: {
                id: 'fetchMessages',
                src: 'fetchMessages',
                input: ({ context }) => ({ conversationId: context.selectedId ?? 0 }),
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'keepPage', params: ({ event }) => ({ page: event.output }) },
                    'checkPage',
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: logged('read the messages'),
                },
              },
              on: {
                'thread.reload': { target: 'loading', reenter: true },
                // Another conversation (or the same one again): read it afresh.
                'conversation.select': [
                  { guard: 'conversationChosen', target: 'loading', reenter: true, actions: 'select' },
                  { target: 'none', actions: 'select' },
                ],
              },
            },
            ready: {
              on: { 'thread.reload': 'loading' },
              initial: 'idle',
              states: {
                idle: {
                  on: { 'thread.older': { guard: 'hasOlder', target: 'loading' } },
                },
                loading: {
                  invoke: {
                    id: 'fetchOlder',
                    src: 'fetchOlder',
                    input: ({ context }) => ({
                      conversationId: context.thread?.conversationId ?? 0,
                      before: context.thread?.messages[0]?.seq ?? 0,
                    }),
                    onDone: {
                      target: 'idle',
                      actions: { type: 'keepOlder', params: ({ event }) => ({ page: event.output }) },
                    },
                    onError: {
                      target: 'failed',
                      actions: logged('read older messages'),
                    },
                  },
                },
                failed: {
                  on: { 'thread.older': 'loading' },
                },
              },
            },
            failed: { on: { 'thread.reload': 'loading' } },
          },
        },
        outbox: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'pending', target: 'sending' } },
            /** Messages wait for their acknowledgement. */
            sending: { always: { guard: 'nothingPending', target: 'idle' } },
          },
        },
        contacts: {
          initial: 'idle',
          states: {
            idle: { on: { 'contacts.load': 'loading' } },
            loading: {
              invoke: {
                id: 'fetchContacts',
                src: 'fetchContacts',
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepContacts', params: ({ event }) => ({ contacts: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: logged('read the contacts'),
                },
              },
            },
            ready: { on: { 'contacts.load': 'loading' } },
            failed: { on: { 'contacts.load': 'loading' } },
          },
        },
        start: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'contact.start': { target: 'starting', actions: 'clearStartError' } },
            },
            starting: {
              invoke: {
                id: 'startConversation',
                src: 'startConversation',
                input: ({ event }) => {
                  assertEvent(event, 'contact.start');
                  return { userId: event.userId };
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'addConversation', params: ({ event }) => ({ conversation: event.output }) },
                    { type: 'showConversation', params: ({ event }) => ({ id: event.output.id }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'keepStartError',
                      params: ({ event }) => ({ message: startFailure(event.error) }),
                    },
                    logged('start a conversation'),
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

/** The sentence a refused start shows: the server's, else the generic failure. */
export function startFailure(error: unknown): string {
  return alertOf(error, DEFAULT_FAILURE);
}
