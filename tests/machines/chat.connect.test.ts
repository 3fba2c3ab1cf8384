import { CHAT_MESSAGES } from '@contract/messages/chat';
import {
  CHAT_BODY_MAX,
  type ChatContact,
  type Conversation,
  type ConversationList,
  type MessagePage,
} from '@contract/wire/chat';
import { SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import { connectChat } from '../../machines/chat.connect.ts';
import { type ChatEvent, chatMachine, type OutboxItem, serverEvent } from '../../machines/chat.machine.ts';
import type { ChatView } from '../../machines/chat.view.ts';
import type { LiveSocketEvent } from '../../machines/liveConnection.machine.ts';
import {
  CLIENT_IDS,
  channel,
  direct,
  list,
  message,
  page,
  SARA,
  TRAINER,
  trainerContact,
} from './support/chat-fixtures.ts';
import { silentFailure } from './support/fixtures.ts';
import { recordedConnection } from './support/live-fixtures.ts';
import { doneActor, errorActor, harnesses, type RuntimeEvent, scriptedPromise } from './support/paths.ts';

const launch = harnesses(chatMachine);

const signIn = (outbox: OutboxItem[] = []): ChatEvent => ({
  type: 'session.changed',
  token: 'access-1',
  userId: SARA,
  outbox,
});

/** What the socket reports, as partysocket would. */
type SocketStep = { socket: LiveSocketEvent };

/** The view model after `events`, played on a real actor whose calls the events answer. */
async function view(
  events: ReadonlyArray<ChatEvent | RuntimeEvent | SocketStep>,
): Promise<{ view: ChatView; sent: ChatEvent[] }> {
  const connection = recordedConnection();
  const harness = launch({
    actors: {
      liveConnection: connection.logic,
      fetchConversations: scriptedPromise<ConversationList>(),
      fetchMessages: scriptedPromise<MessagePage, { conversationId: number }>(),
      fetchOlder: scriptedPromise<MessagePage, { conversationId: number; before: number }>(),
      fetchContacts: scriptedPromise<ChatContact[]>(),
      startConversation: scriptedPromise<Conversation, { userId: number }>(),
    },
    nested: connection.nested,
  });
  for (const event of events) {
    if ('socket' in event) await harness.after(() => connection.socket.report(event.socket));
    else await harness.play(event);
  }
  const sent: ChatEvent[] = [];
  return { view: connectChat(harness.snapshot, (event) => sent.push(event)), sent };
}

const readList = (...conversations: Conversation[]) =>
  doneActor('fetchConversations', list(...conversations));
const readPage = (messages: MessagePage) => doneActor('fetchMessages', messages);
const open = (id: number): ChatEvent => ({ type: 'conversation.select', id });

describe('chat connect', () => {
  it('shows nothing while signed out', async () => {
    const { view: model } = await view([]);
    expect(model).toMatchObject({
      connection: 'offline',
      listStatus: 'loading',
      conversations: [],
      unreadTotal: 0,
      thread: null,
      notFound: false,
      contactsStatus: 'idle',
      starting: false,
      startError: null,
    });
  });

  it('says how the socket stands', async () => {
    const connection = async (events: Array<ChatEvent | RuntimeEvent | SocketStep>) =>
      (await view([signIn(), ...events])).view.connection;
    const opened: SocketStep = { socket: { type: 'socket.opened' } };
    const closed = (code: number): SocketStep => ({ socket: { type: 'socket.closed', code } });
    expect(await connection([])).toBe('connecting');
    expect(await connection([opened])).toBe('open');
    expect(await connection([opened, closed(1006)])).toBe('reconnecting');
    expect(await connection([closed(SOCKET_REFUSED)])).toBe('renewing');
    expect(await connection([closed(SOCKET_SUPERSEDED)])).toBe('reconnecting');
    expect(await connection([{ type: 'network.offline' }])).toBe('offline');
    expect(await connection([closed(SOCKET_REFUSED), errorActor('renewSession', silentFailure(401))])).toBe(
      'offline',
    );
  });

  it('lists the conversations with their last message, unread counts and the total', async () => {
    const { view: model } = await view([
      signIn(),
      readList(direct(3, 1), channel({ last_message: message(2, 12, 9), last_seq: 2, unread: 2 })),
      open(9),
    ]);
    expect(model.listStatus).toBe('ready');
    expect(model.unreadTotal).toBe(4);
    expect(model.conversations.map((item) => [item.id, item.unread, item.active])).toEqual([
      [5, 2, false],
      [9, 2, true],
    ]);
    expect(model.conversations[0]?.lastMessage).toEqual({
      body: 'Message 3',
      senderName: 'Omar Haddad',
      mine: false,
      createdAt: message(3).created_at,
      mark: null,
    });
  });

  it('shows a failed first read with a retry, and keeps the list once read', async () => {
    const failed = await view([signIn(), errorActor('fetchConversations', silentFailure(503))]);
    expect(failed.view.listStatus).toBe('failed');
    failed.view.retryList();
    expect(failed.sent).toEqual([{ type: 'list.refetch' }]);

    const again = await view([
      signIn(),
      readList(direct()),
      { type: 'list.refetch' },
      errorActor('fetchConversations', silentFailure(503)),
    ]);
    expect(again.view.listStatus).toBe('ready');
    expect(again.view.conversations).toHaveLength(1);
  });

  it('marks own messages sent, delivered and read as the others get that far', async () => {
    const { view: model } = await view([
      signIn(),
      readList(direct(4, 4, { last_message: message(4, SARA), others_delivered_seq: 3, others_read_seq: 2 })),
      open(5),
      readPage(page(1, 4, false, { 1: SARA, 2: SARA, 3: SARA, 4: SARA })),
    ]);
    expect(model.thread?.messages.map((item) => [item.mine, item.mark])).toEqual([
      [true, 'read'],
      [true, 'read'],
      [true, 'delivered'],
      [true, 'sent'],
    ]);
    expect(model.conversations[0]?.lastMessage?.mark).toBe('sent');
  });

  it('shows outbox messages last, sending or failed with the sentence, with retry and discard', async () => {
    const { view: model, sent } = await view([
      signIn([
        { client_id: CLIENT_IDS[0], conversation_id: 5, body: 'First', error: null },
        { client_id: CLIENT_IDS[1], conversation_id: 5, body: 'Second', error: null },
        { client_id: CLIENT_IDS[2], conversation_id: 9, body: 'Elsewhere', error: null },
      ]),
      readList(direct(3, 3), channel()),
      open(5),
      readPage(page(1, 3, false)),
      serverEvent({
        type: 'chat_error',
        client_id: CLIENT_IDS[1],
        conversation_id: 5,
        code: 'too_fast',
        message: CHAT_MESSAGES.tooFast,
      }),
    ]);
    const messages = model.thread?.messages ?? [];
    expect(messages.map((item) => [item.key, item.mark, item.error, item.createdAt])).toEqual([
      [message(1).client_id, null, null, message(1).created_at],
      [message(2).client_id, null, null, message(2).created_at],
      [message(3).client_id, null, null, message(3).created_at],
      [CLIENT_IDS[0], 'sending', null, null],
      [CLIENT_IDS[1], 'failed', CHAT_MESSAGES.tooFast, null],
    ]);
    // The list shows the newest, still in the outbox.
    expect(model.conversations[0]?.lastMessage).toMatchObject({ body: 'Second', mine: true, mark: 'failed' });
    messages[4]?.retry();
    messages[4]?.discard();
    messages[3]?.retry();
    expect(sent).toEqual([
      { type: 'outbox.retry', clientId: CLIENT_IDS[1] },
      { type: 'outbox.discard', clientId: CLIENT_IDS[1] },
    ]);
  });

  it('keeps the key of a message when its acknowledgement stores it', async () => {
    const before = await view([
      signIn(),
      readList(direct(3, 3)),
      open(5),
      readPage(page(1, 3, false)),
      { type: 'draft.changed', text: 'Hi', at: 1_000 },
      { type: 'draft.send', clientId: CLIENT_IDS[0] },
    ]);
    const after = await view([
      signIn(),
      readList(direct(3, 3)),
      open(5),
      readPage(page(1, 3, false)),
      { type: 'draft.changed', text: 'Hi', at: 1_000 },
      { type: 'draft.send', clientId: CLIENT_IDS[0] },
      serverEvent({
        type: 'chat_ack',
        client_id: CLIENT_IDS[0],
        conversation_id: 5,
        seq: 4,
        created_at: '2026-11-24T10:00:00+03:00',
      }),
    ]);
    expect(before.view.thread?.messages.at(-1)).toMatchObject({ key: CLIENT_IDS[0], mark: 'sending' });
    expect(after.view.thread?.messages.at(-1)).toMatchObject({
      key: CLIENT_IDS[0],
      mark: 'sent',
      createdAt: '2026-11-24T10:00:00+03:00',
    });
    expect(after.view.thread?.messages).toHaveLength(4);
  });

  it('puts the unread divider at the first message of others after the read position the thread opened with', async () => {
    const events = [
      signIn(),
      readList(direct(5, 2)),
      open(5),
      readPage(page(1, 5, false, { 3: SARA })),
    ] as const;
    const first = await view(events);
    expect(first.view.thread?.firstUnreadKey).toBe(message(4).client_id);
    // Reading it keeps the divider where it was while the thread stays open.
    const read = await view([...events, { type: 'thread.read' }]);
    expect(read.view.thread?.firstUnreadKey).toBe(message(4).client_id);
    expect(read.view.conversations[0]?.unread).toBe(0);

    const none = await view([signIn(), readList(direct(3, 3)), open(5), readPage(page(1, 3, false))]);
    expect(none.view.thread?.firstUnreadKey).toBeNull();
  });

  it('marks the first message of each run of one sender', async () => {
    const { view: model } = await view([
      signIn(),
      readList(direct(5, 5)),
      open(5),
      readPage(page(1, 5, false, { 3: SARA, 4: SARA })),
    ]);
    expect(model.thread?.messages.map((item) => item.firstOfRun)).toEqual([true, false, true, false, true]);
  });

  it('says when the open conversation is not one of the user’s', async () => {
    expect((await view([signIn(), readList(direct()), open(77)])).view).toMatchObject({
      notFound: true,
      thread: null,
    });
    // Not before the list says so, nor while it is read again.
    expect((await view([signIn(), open(77)])).view.notFound).toBe(false);
    expect(
      (await view([signIn(), readList(direct()), open(77), { type: 'list.refetch' }])).view.notFound,
    ).toBe(false);
    expect((await view([signIn(), readList(direct()), open(5)])).view.notFound).toBe(false);
  });

  it('shows the thread loading, failed with a retry, and its older pages', async () => {
    const loading = await view([signIn(), readList(direct(60, 60)), open(5)]);
    expect(loading.view.thread).toMatchObject({ status: 'loading', messages: [], hasOlder: false });

    const failed = await view([signIn(), readList(direct(60, 60)), open(5), errorActor('fetchMessages', {})]);
    expect(failed.view.thread?.status).toBe('failed');
    failed.view.thread?.retry();
    expect(failed.sent).toEqual([{ type: 'thread.reload' }]);

    const older = [
      signIn(),
      readList(direct(60, 60)),
      open(5),
      readPage(page(31, 60, true)),
      { type: 'thread.older' },
    ];
    const loadingOlder = await view(older as ChatEvent[]);
    expect(loadingOlder.view.thread).toMatchObject({
      status: 'ready',
      hasOlder: true,
      loadingOlder: true,
      olderFailed: false,
    });
    const olderFailed = await view([...(older as ChatEvent[]), errorActor('fetchOlder', silentFailure(503))]);
    expect(olderFailed.view.thread).toMatchObject({ loadingOlder: false, olderFailed: true });
    olderFailed.view.thread?.loadOlder();
    expect(olderFailed.sent).toEqual([{ type: 'thread.older' }]);
  });

  it('keeps the draft, says when it is too long, and sends with a fresh client id', async () => {
    const long = 'x'.repeat(CHAT_BODY_MAX + 1);
    const { view: model, sent } = await view([
      signIn(),
      readList(direct()),
      open(5),
      readPage(page(1, 3, false)),
      { type: 'draft.changed', text: long, at: 1_000 },
    ]);
    expect(model.thread?.draft).toBe(long);
    expect(model.thread?.draftError).toBe(CHAT_MESSAGES.tooLong);
    model.thread?.setDraft('Hello');
    model.thread?.send();
    model.thread?.send();
    model.thread?.markRead();
    expect(sent[0]).toMatchObject({ type: 'draft.changed', text: 'Hello' });
    expect(sent[1]?.type).toBe('draft.send');
    const [first, second] = sent
      .slice(1, 3)
      .map((event) => (event.type === 'draft.send' ? event.clientId : ''));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
    expect(sent[3]).toEqual({ type: 'thread.read' });

    const fine = await view([
      signIn(),
      readList(direct()),
      open(5),
      { type: 'draft.changed', text: ` ${'x'.repeat(CHAT_BODY_MAX)} `, at: 1_000 },
    ]);
    expect(fine.view.thread?.draftError).toBeNull();
  });

  it('shows who is typing in the open conversation', async () => {
    const { view: model } = await view([
      signIn(),
      readList(direct(), channel()),
      open(5),
      serverEvent({ type: 'chat_typing', conversation_id: 5, user_id: TRAINER, name: 'Omar Haddad' }),
      serverEvent({ type: 'chat_typing', conversation_id: 9, user_id: 12, name: 'Fahad Al-Zahrani' }),
    ]);
    expect(model.thread?.typing).toEqual(['Omar Haddad']);
  });

  it('reads the contacts when asked, and starts a conversation', async () => {
    const loading = await view([signIn(), { type: 'contacts.load' }]);
    expect(loading.view.contactsStatus).toBe('loading');
    const ready = await view([
      signIn(),
      { type: 'contacts.load' },
      doneActor('fetchContacts', [trainerContact]),
    ]);
    expect(ready.view.contactsStatus).toBe('ready');
    expect(ready.view.contacts).toEqual([
      { person: trainerContact.person, courses: trainerContact.courses, conversationId: null },
    ]);
    ready.view.loadContacts();
    ready.view.start(TRAINER);
    expect(ready.sent).toEqual([{ type: 'contacts.load' }, { type: 'contact.start', userId: TRAINER }]);
    const failed = await view([signIn(), { type: 'contacts.load' }, errorActor('fetchContacts', {})]);
    expect(failed.view.contactsStatus).toBe('failed');

    const starting = await view([signIn(), { type: 'contact.start', userId: TRAINER }]);
    expect(starting.view.starting).toBe(true);
    const refused = await view([
      signIn(),
      { type: 'contact.start', userId: TRAINER },
      errorActor('startConversation', new Error(CHAT_MESSAGES.cannotStart)),
    ]);
    expect(refused.view).toMatchObject({ starting: false, startError: CHAT_MESSAGES.cannotStart });
  });
});
