import { CHAT_MESSAGES } from '@contract/messages/chat';
import {
  CHAT_BODY_MAX,
  type ChatContact,
  type Conversation,
  type ConversationList,
  chatTypingMessage,
  type MessagePage,
} from '@contract/wire/chat';
import { SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import {
  type ChatContext,
  type ChatEvent,
  chatMachine,
  type OutboxItem,
  RECEIVED_FLUSH_MS,
  serverEvent,
  TYPING_SHOWN_MS,
} from '../../machines/chat.machine.ts';
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
import { recordedConnection, stubConnection } from './support/live-fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  harnesses,
  type MachineHarness,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const domainActors = () => ({
  fetchConversations: scriptedPromise<ConversationList>(),
  fetchMessages: scriptedPromise<MessagePage, { conversationId: number }>(),
  fetchOlder: scriptedPromise<MessagePage, { conversationId: number; before: number }>(),
  fetchContacts: scriptedPromise<ChatContact[]>(),
  startConversation: scriptedPromise<Conversation, { userId: number }>(),
});
const spies = () => spyActions(chatMachine, ['saveOutbox', 'showConversation', 'logFailure']);

/** The machine alone: the connection is a stand-in, its reports are the paths' events. */
function stubbed() {
  const connection = stubConnection();
  return { connection, actors: { ...domainActors(), liveConnection: connection.logic }, actions: spies() };
}

/** The machine with the real live connection on a recording socket. */
function implementations() {
  const connection = recordedConnection();
  return {
    socket: connection.socket,
    actors: { ...domainActors(), liveConnection: connection.logic },
    nested: connection.nested,
    actions: spies(),
  };
}

const signIn = (outbox: OutboxItem[] = [], token = 'access-1', userId = SARA): ChatEvent => ({
  type: 'session.changed',
  token,
  userId,
  outbox,
});
const signOut: ChatEvent = { type: 'session.changed', token: null, userId: null, outbox: [] };

const pendingItem = (clientId: string, body = 'Hello', conversationId = 5): OutboxItem => ({
  client_id: clientId,
  conversation_id: conversationId,
  body,
  error: null,
});

/* The path models: one per concern, so the regions' product stays small; together they reach all. */

const connectionModel = createPathModel(chatMachine, {
  events: [
    signIn(),
    signIn([], 'access-2'),
    signIn([], 'access-3', 8),
    signOut,
    { type: 'connection.opened', afterDrop: false },
    { type: 'connection.opened', afterDrop: true },
    { type: 'connection.status', status: 'reconnecting' },
    { type: 'page.resumed' },
    { type: 'network.offline' },
    { type: 'network.online' },
    { type: 'socket.out', message: chatTypingMessage(5) },
  ],
  serializeState: serializeValueAnd((context: ChatContext) => [context.token, context.userId]),
  implementations: stubbed,
});

const threadModel = createPathModel(chatMachine, {
  events: [
    signIn(),
    doneActor('fetchConversations', list(direct(40, 40))),
    errorActor('fetchConversations', silentFailure(503)),
    { type: 'list.refetch' },
    { type: 'conversation.select', id: 5 },
    { type: 'conversation.select', id: null },
    doneActor('fetchMessages', page(11, 40, true)),
    errorActor('fetchMessages', silentFailure(404)),
    { type: 'thread.reload' },
    { type: 'thread.older' },
    doneActor('fetchOlder', page(1, 10, false)),
    errorActor('fetchOlder', silentFailure(503)),
  ],
  serializeState: serializeValueAnd((context: ChatContext) => context.thread?.hasMore ?? null),
  implementations: stubbed,
});

const ack = (clientId: string, seq: number): ChatEvent =>
  serverEvent({
    type: 'chat_ack',
    client_id: clientId,
    conversation_id: 5,
    seq,
    created_at: '2026-11-24T10:00:00+03:00',
  });
const refused = (clientId: string, code: 'too_fast' | 'not_member' = 'too_fast'): ChatEvent =>
  serverEvent({
    type: 'chat_error',
    client_id: clientId,
    conversation_id: 5,
    code,
    message: code === 'too_fast' ? CHAT_MESSAGES.tooFast : CHAT_MESSAGES.notMember,
  });

const outboxModel = createPathModel(chatMachine, {
  events: [
    signIn(),
    { type: 'conversation.select', id: 5 },
    { type: 'draft.changed', text: ' Hello ', at: 1_000 },
    { type: 'draft.send', clientId: CLIENT_IDS[0] },
    ack(CLIENT_IDS[0], 4),
    refused(CLIENT_IDS[0]),
    { type: 'outbox.retry', clientId: CLIENT_IDS[0] },
    { type: 'outbox.discard', clientId: CLIENT_IDS[0] },
  ],
  serializeState: serializeValueAnd((context: ChatContext) => [
    context.outbox.map((item) => [item.client_id, item.error]),
    context.drafts[5] ?? '',
  ]),
  implementations: stubbed,
});

const contactsModel = createPathModel(chatMachine, {
  events: [
    signIn(),
    { type: 'contacts.load' },
    doneActor('fetchContacts', [trainerContact]),
    errorActor('fetchContacts', silentFailure(503)),
    { type: 'contact.start', userId: TRAINER },
    doneActor('startConversation', direct(0, 0)),
    errorActor('startConversation', silentFailure(403)),
  ],
  serializeState: serializeValueAnd(() => null),
  implementations: stubbed,
});

/** The protocol's events nothing in the other models sends: each taken once, from a signed-in state. */
const liveModel = createPathModel(chatMachine, {
  events: (snapshot) =>
    snapshot.matches('signedOut')
      ? [signIn()]
      : [
          serverEvent({ type: 'chat_message', message: message(4) }),
          serverEvent({ type: 'chat_synced', conversation_id: 5, last_seq: 4 }),
          serverEvent({
            type: 'chat_receipt',
            conversation_id: 5,
            user_id: TRAINER,
            delivered_seq: 3,
            read_seq: 2,
          }),
          serverEvent({ type: 'chat_typing', conversation_id: 5, user_id: TRAINER, name: 'Omar Haddad' }),
          { type: 'typing.expired', conversationId: 5, userId: TRAINER },
          { type: 'received.flush' },
          { type: 'thread.read' },
        ],
  serializeState: serializeValueAnd(() => null),
  implementations: stubbed,
});

const models = [connectionModel, threadModel, outboxModel, contactsModel, liveModel];

describe('chat machine: generated paths', () => {
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

/* The protocol, step by step. */

describe('chat machine: behaviour', () => {
  const launch = harnesses(chatMachine);

  function start(fakeTimers = false) {
    const impl = implementations();
    return { harness: launch(impl, { fakeTimers }), impl };
  }

  /** The socket reports `event`, as partysocket would. */
  const fromSocket = (
    harness: MachineHarness<typeof chatMachine>,
    impl: ReturnType<typeof implementations>,
    event: LiveSocketEvent,
  ) => harness.after(() => impl.socket.report(event));

  /** Where the connection stands: its own state, and what the chat was told. */
  function connectionOf(harness: MachineHarness<typeof chatMachine>) {
    const child: AnyActorRef | undefined = harness.snapshot.children.connection;
    return { state: child?.getSnapshot().value, told: harness.context.connection };
  }

  /** Signed in, the list read, conversation 5 open on its newest page, the socket open. */
  async function openThread(
    options: {
      outbox?: OutboxItem[];
      conversations?: Conversation[];
      messages?: MessagePage;
      fakeTimers?: boolean;
    } = {},
  ) {
    const { harness, impl } = start(options.fakeTimers);
    await harness.send(signIn(options.outbox ?? []));
    await harness.resolve(
      'fetchConversations',
      list(...(options.conversations ?? [direct(3, 1), channel()])),
    );
    await harness.send({ type: 'conversation.select', id: 5 });
    await harness.resolve('fetchMessages', options.messages ?? page(1, 3, false));
    await fromSocket(harness, impl, { type: 'socket.opened' });
    impl.socket.take();
    return { harness, impl };
  }

  it('connects only while signed in, reads the list, and forgets everything on signing out', async () => {
    const { harness, impl } = start();
    expect(harness.value).toBe('signedOut');
    expect(impl.socket.running()).toBe(0);
    await harness.send(signIn([pendingItem(CLIENT_IDS[0])]));
    expect(impl.socket.tokens).toEqual(['access-1']);
    expect(harness.context.outbox).toHaveLength(1);
    expect(harness.snapshot.matches({ signedIn: { outbox: 'sending', list: 'loading' } })).toBe(true);
    await harness.send(signOut);
    expect(harness.value).toBe('signedOut');
    expect(impl.socket.running()).toBe(0);
    expect(harness.context.outbox).toEqual([]);
  });

  it('on open sends chat_sync for every conversation it knows, then the outbox in order', async () => {
    const { harness, impl } = start();
    await harness.send(
      signIn([
        pendingItem(CLIENT_IDS[0], 'First'),
        { ...pendingItem(CLIENT_IDS[1], 'Refused'), error: CHAT_MESSAGES.tooFast },
        pendingItem(CLIENT_IDS[2], 'Second', 9),
      ]),
    );
    await harness.resolve('fetchConversations', list(direct(3, 1), channel({ last_seq: 2 })));
    await harness.send({ type: 'conversation.select', id: 5 });
    await harness.resolve('fetchMessages', page(1, 3, false));
    expect(impl.socket.sent).toEqual([]);
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take()).toEqual([
      {
        type: 'chat_sync',
        positions: [
          { conversation_id: 5, after_seq: 3 },
          { conversation_id: 9, after_seq: 2 },
        ],
      },
      { type: 'chat_send', conversation_id: 5, client_id: CLIENT_IDS[0], body: 'First' },
      { type: 'chat_send', conversation_id: 9, client_id: CLIENT_IDS[2], body: 'Second' },
    ]);

    // After a drop, partysocket reconnects: the list is read again, and sync and outbox go again.
    await fromSocket(harness, impl, { type: 'socket.closed', code: 1006 });
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take().map((sent) => sent.type)).toEqual(['chat_sync', 'chat_send', 'chat_send']);
    expect(harness.snapshot.matches({ signedIn: { list: 'loading' } })).toBe(true);
  });

  it('sends a trimmed draft at once, shows it as sending, and keeps the outbox saved', async () => {
    const { harness, impl } = await openThread();
    await harness.send({ type: 'draft.changed', text: '  Is the lab open today?  ', at: 1_000 });
    impl.socket.take();
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    expect(impl.socket.take()).toEqual([
      { type: 'chat_send', conversation_id: 5, client_id: CLIENT_IDS[0], body: 'Is the lab open today?' },
    ]);
    expect(harness.context.drafts[5]).toBe('');
    expect(harness.context.outbox).toEqual([pendingItem(CLIENT_IDS[0], 'Is the lab open today?')]);
    expect(harness.snapshot.matches({ signedIn: { outbox: 'sending' } })).toBe(true);
    const saved = impl.actions.saveOutbox.mock.calls.at(-1)?.[1];
    expect(saved).toEqual({ userId: SARA, outbox: [pendingItem(CLIENT_IDS[0], 'Is the lab open today?')] });
  });

  it('keeps a message written while the socket is down in the outbox, and sends it on open', async () => {
    const { harness, impl } = await openThread();
    await fromSocket(harness, impl, { type: 'socket.closed', code: 1006 });
    await harness.send({ type: 'draft.changed', text: 'Offline note', at: 1_000 });
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    expect(impl.socket.take()).toEqual([]);
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take().at(-1)).toEqual({
      type: 'chat_send',
      conversation_id: 5,
      client_id: CLIENT_IDS[0],
      body: 'Offline note',
    });
  });

  it('sends nothing for an empty draft', async () => {
    const { harness, impl } = await openThread();
    await harness.send({ type: 'draft.changed', text: '   ', at: 1_000 });
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    expect(impl.socket.take()).toEqual([]);
    expect(harness.context.outbox).toEqual([]);
    expect(impl.actions.saveOutbox).not.toHaveBeenCalledWith(expect.anything(), {
      userId: SARA,
      outbox: [expect.anything()],
    });
  });

  it('refuses a draft longer than CHAT_BODY_MAX locally and keeps it', async () => {
    const { harness, impl } = await openThread();
    const long = 'x'.repeat(CHAT_BODY_MAX + 1);
    await harness.send({ type: 'draft.changed', text: long, at: 1_000 });
    impl.socket.take();
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    expect(impl.socket.take()).toEqual([]);
    expect(harness.context.outbox).toEqual([]);
    expect(harness.context.drafts[5]).toBe(long);
    // Exactly CHAT_BODY_MAX once trimmed goes.
    await harness.send({ type: 'draft.changed', text: ` ${'x'.repeat(CHAT_BODY_MAX)} `, at: 1_100 });
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    expect(harness.context.outbox).toHaveLength(1);
  });

  it('turns an acknowledged message into a stored one, in the thread and as the last message', async () => {
    const { harness } = await openThread();
    await harness.send({ type: 'draft.changed', text: 'Thanks!', at: 1_000 });
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    await harness.send(ack(CLIENT_IDS[0], 4));
    expect(harness.context.outbox).toEqual([]);
    expect(harness.snapshot.matches({ signedIn: { outbox: 'idle' } })).toBe(true);
    const stored = harness.context.thread?.messages.at(-1);
    expect(stored).toMatchObject({ seq: 4, client_id: CLIENT_IDS[0], sender_id: SARA, body: 'Thanks!' });
    const conversation = harness.context.conversations.find((item) => item.id === 5);
    expect(conversation?.last_seq).toBe(4);
    expect(conversation?.last_message?.body).toBe('Thanks!');
  });

  it('does not double a resent message: the ack and its chat_message make one entry', async () => {
    const { harness, impl } = await openThread({ outbox: [pendingItem(CLIENT_IDS[0], 'Hello')] });
    // Sent on open; the connection drops before the ack and the message is sent again.
    await fromSocket(harness, impl, { type: 'socket.closed', code: 1006 });
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take().filter((sent) => sent.type === 'chat_send')).toHaveLength(1);
    const stored = { ...message(4, SARA), client_id: CLIENT_IDS[0], body: 'Hello' };
    await harness.send(serverEvent({ type: 'chat_message', message: stored }));
    await harness.send(ack(CLIENT_IDS[0], 4));
    await harness.send(serverEvent({ type: 'chat_message', message: stored }));
    expect(harness.context.thread?.messages.map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    expect(harness.context.outbox).toEqual([]);
    // The user's own message is no news to them.
    expect(impl.socket.sent.filter((sent) => sent.type === 'chat_received')).toEqual([]);
  });

  it('adds someone else’s message once, counts it unread, and tells the server it was delivered', async () => {
    const { harness, impl } = await openThread({
      conversations: [direct(3, 3), channel()],
      fakeTimers: true,
    });
    await harness.send(serverEvent({ type: 'chat_message', message: message(4) }));
    await harness.send(serverEvent({ type: 'chat_message', message: message(4) }));
    expect(harness.context.thread?.messages.map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    const conversation = harness.context.conversations.find((item) => item.id === 5);
    expect(conversation).toMatchObject({ last_seq: 4, unread: 1 });
    expect(impl.socket.take()).toEqual([]);
    await harness.advance(RECEIVED_FLUSH_MS);
    expect(impl.socket.take()).toEqual([{ type: 'chat_received', conversation_id: 5, seq: 4 }]);
  });

  it('reports a catch-up’s messages delivered in one chat_received per conversation', async () => {
    const { harness, impl } = await openThread({
      conversations: [direct(3, 3), channel({ last_seq: 2 })],
      fakeTimers: true,
    });
    // A sync's answer: CHAT_GAP_MAX messages of one conversation, some of another, and the user's own.
    for (let seq = 4; seq < 204; seq += 1) {
      await harness.send(serverEvent({ type: 'chat_message', message: message(seq) }));
      if (seq % 50 === 0) {
        await harness.send(serverEvent({ type: 'chat_message', message: message(seq / 50 + 2, TRAINER, 9) }));
      }
    }
    await harness.send(serverEvent({ type: 'chat_message', message: message(204, SARA) }));
    expect(impl.socket.take()).toEqual([]);
    await harness.advance(RECEIVED_FLUSH_MS - 1);
    expect(impl.socket.take()).toEqual([]);
    await harness.advance(1);
    expect(impl.socket.take()).toEqual([
      { type: 'chat_received', conversation_id: 5, seq: 203 },
      { type: 'chat_received', conversation_id: 9, seq: 6 },
    ]);
    expect(harness.context.received).toEqual({});
  });

  it('flushes delivery reports during a steady stream, not only once it stops', async () => {
    const { harness, impl } = await openThread({ conversations: [direct(3, 3)], fakeTimers: true });
    const sent: unknown[] = [];
    for (let seq = 4; seq < 14; seq += 1) {
      await harness.send(serverEvent({ type: 'chat_message', message: message(seq) }));
      await harness.advance(100);
      sent.push(...impl.socket.take());
    }
    // A message every 100 ms for a second: the reports go every RECEIVED_FLUSH_MS or so.
    expect(sent).toEqual([
      { type: 'chat_received', conversation_id: 5, seq: 6 },
      { type: 'chat_received', conversation_id: 5, seq: 9 },
      { type: 'chat_received', conversation_id: 5, seq: 12 },
    ]);
  });

  it('drops delivery reports whose socket closed before they went: the next sync reports them', async () => {
    const { harness, impl } = await openThread({ conversations: [direct(3, 3)], fakeTimers: true });
    await harness.send(serverEvent({ type: 'chat_message', message: message(4) }));
    await fromSocket(harness, impl, { type: 'socket.closed', code: 1006 });
    await harness.advance(RECEIVED_FLUSH_MS);
    expect(impl.socket.take()).toEqual([]);
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take()).toEqual([
      { type: 'chat_sync', positions: [{ conversation_id: 5, after_seq: 4 }] },
    ]);
  });

  it('sends chat_sync with every listed conversation once the list is read on an open socket', async () => {
    const { harness, impl } = start();
    await harness.send(signIn());
    // The socket opens first: nothing known to sync yet.
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take()).toEqual([]);
    await harness.resolve('fetchConversations', list(direct(3, 1), channel({ last_seq: 2 })));
    expect(impl.socket.take()).toEqual([
      {
        type: 'chat_sync',
        positions: [
          { conversation_id: 5, after_seq: 3 },
          { conversation_id: 9, after_seq: 2 },
        ],
      },
    ]);
    // Read again (a retry): synced again, the open thread by its newest message.
    await harness.send({ type: 'conversation.select', id: 5 });
    await harness.resolve('fetchMessages', page(1, 3, false));
    await harness.send({ type: 'list.refetch' });
    await harness.resolve('fetchConversations', list(direct(4, 1), channel({ last_seq: 2 })));
    expect(impl.socket.take()).toEqual([
      {
        type: 'chat_sync',
        positions: [
          { conversation_id: 5, after_seq: 3 },
          { conversation_id: 9, after_seq: 2 },
        ],
      },
    ]);
  });

  it('sends no chat_sync for a list read while the socket is not open, nor for an empty list', async () => {
    const { harness, impl } = start();
    await harness.send(signIn());
    await harness.resolve('fetchConversations', list(direct(3, 1)));
    expect(impl.socket.take()).toEqual([]);
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take()).toEqual([
      { type: 'chat_sync', positions: [{ conversation_id: 5, after_seq: 3 }] },
    ]);
    await harness.send({ type: 'list.refetch' });
    await harness.resolve('fetchConversations', list());
    expect(impl.socket.take()).toEqual([]);
  });

  it('asks for what it missed when a message skips sequences', async () => {
    const { harness, impl } = await openThread();
    await harness.send(serverEvent({ type: 'chat_message', message: message(6) }));
    expect(impl.socket.take()).toEqual([
      { type: 'chat_sync', positions: [{ conversation_id: 5, after_seq: 3 }] },
    ]);
    // The list's unread count is the server's to give: the list is read again.
    expect(harness.snapshot.matches({ signedIn: { list: 'loading' } })).toBe(true);
    await harness.send(serverEvent({ type: 'chat_message', message: message(4) }));
    await harness.send(serverEvent({ type: 'chat_message', message: message(5) }));
    expect(harness.context.thread?.messages.map((item) => item.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('asks for what it missed in a conversation it had no message of', async () => {
    const { harness, impl } = await openThread({
      conversations: [direct(0, 0)],
      messages: page(1, 0, false),
    });
    await harness.send(serverEvent({ type: 'chat_message', message: message(3) }));
    expect(impl.socket.take()).toEqual([
      { type: 'chat_sync', positions: [{ conversation_id: 5, after_seq: 0 }] },
    ]);
  });

  it('reads the list again for a message of a conversation it does not know', async () => {
    const { harness } = await openThread({ conversations: [direct(3, 1)] });
    await harness.send(serverEvent({ type: 'chat_message', message: message(1, TRAINER, 12) }));
    expect(harness.snapshot.matches({ signedIn: { list: 'loading' } })).toBe(true);
  });

  it('reads the newest page again when a sync leaves the thread behind', async () => {
    const { harness, impl } = await openThread({ conversations: [direct(3, 3)] });
    await harness.send(serverEvent({ type: 'chat_synced', conversation_id: 5, last_seq: 3 }));
    expect(harness.snapshot.matches({ signedIn: { conversation: { ready: 'idle' } } })).toBe(true);
    await harness.send(serverEvent({ type: 'chat_synced', conversation_id: 5, last_seq: 450 }));
    expect(harness.snapshot.matches({ signedIn: { conversation: 'loading' } })).toBe(true);
    expect(impl.actors.fetchMessages.inputs.at(-1)).toEqual({ conversationId: 5 });
    await harness.resolve('fetchMessages', page(421, 450, true));
    expect(harness.context.thread?.messages[0]?.seq).toBe(421);
    expect(harness.context.thread?.hasMore).toBe(true);
  });

  it('asks for messages that came while the page was read', async () => {
    const { harness, impl } = start();
    await harness.send(signIn());
    await fromSocket(harness, impl, { type: 'socket.opened' });
    await harness.resolve('fetchConversations', list(direct(3, 3)));
    await harness.send({ type: 'conversation.select', id: 5 });
    await harness.send(serverEvent({ type: 'chat_message', message: message(4) }));
    impl.socket.take();
    await harness.resolve('fetchMessages', page(1, 3, false));
    expect(impl.socket.take()).toEqual([
      { type: 'chat_sync', positions: [{ conversation_id: 5, after_seq: 3 }] },
    ]);
  });

  it('reads the list again when a conversation it does not hold opens (someone else just started it)', async () => {
    const { harness } = start();
    await harness.send(signIn());
    await harness.resolve('fetchConversations', list(channel()));
    await harness.send({ type: 'conversation.select', id: 5 });
    await harness.resolve('fetchMessages', page(1, 1, false));
    expect(harness.snapshot.matches({ signedIn: { list: 'loading' } })).toBe(true);
    await harness.resolve('fetchConversations', list(direct(1, 0), channel()));
    expect(harness.snapshot.matches({ signedIn: { list: 'ready' } })).toBe(true);
  });

  it('keeps what arrived while the list was read again', async () => {
    const { harness } = await openThread({ conversations: [direct(3, 3)] });
    await harness.send({ type: 'list.refetch' });
    await harness.send(serverEvent({ type: 'chat_message', message: message(4) }));
    await harness.send(
      serverEvent({
        type: 'chat_receipt',
        conversation_id: 5,
        user_id: TRAINER,
        delivered_seq: 3,
        read_seq: 3,
      }),
    );
    // The server read the list before both.
    await harness.resolve('fetchConversations', list(direct(3, 3)));
    expect(harness.context.conversations[0]).toMatchObject({
      last_seq: 4,
      last_message: message(4),
      others_delivered_seq: 3,
      others_read_seq: 3,
    });
  });

  it('takes the user’s own read receipt from another tab, and the others’ as marks', async () => {
    const { harness } = await openThread({ conversations: [direct(3, 1), channel()] });
    await harness.send(
      serverEvent({ type: 'chat_receipt', conversation_id: 5, user_id: SARA, delivered_seq: 3, read_seq: 2 }),
    );
    let conversation = harness.context.conversations.find((item) => item.id === 5);
    expect(conversation).toMatchObject({ read_seq: 2, unread: 1 });
    await harness.send(
      serverEvent({ type: 'chat_receipt', conversation_id: 5, user_id: SARA, delivered_seq: 3, read_seq: 3 }),
    );
    await harness.send(
      serverEvent({
        type: 'chat_receipt',
        conversation_id: 5,
        user_id: TRAINER,
        delivered_seq: 3,
        read_seq: 2,
      }),
    );
    // An older receipt moves nothing back.
    await harness.send(
      serverEvent({
        type: 'chat_receipt',
        conversation_id: 5,
        user_id: TRAINER,
        delivered_seq: 1,
        read_seq: 1,
      }),
    );
    conversation = harness.context.conversations.find((item) => item.id === 5);
    expect(conversation).toMatchObject({
      read_seq: 3,
      unread: 0,
      others_delivered_seq: 3,
      others_read_seq: 2,
    });
  });

  it('reads the list again when another tab read a conversation whose messages it does not hold', async () => {
    const { harness } = await openThread({
      conversations: [direct(3, 1), channel({ last_seq: 8, unread: 8 })],
    });
    await harness.send(
      serverEvent({ type: 'chat_receipt', conversation_id: 9, user_id: SARA, delivered_seq: 8, read_seq: 5 }),
    );
    expect(harness.snapshot.matches({ signedIn: { list: 'loading' } })).toBe(true);
  });

  it('marks the thread read when its newest message is someone else’s and unread', async () => {
    const { harness, impl } = await openThread({ conversations: [direct(3, 1)] });
    await harness.send({ type: 'thread.read' });
    expect(impl.socket.take()).toEqual([{ type: 'chat_read', conversation_id: 5, seq: 3 }]);
    expect(harness.context.conversations[0]).toMatchObject({ read_seq: 3, unread: 0 });
    await harness.send({ type: 'thread.read' });
    expect(impl.socket.take()).toEqual([]);
  });

  it('does not mark read when the newest message is the user’s own', async () => {
    const { harness, impl } = await openThread({
      conversations: [direct(3, 1)],
      messages: page(1, 3, false, { 3: SARA }),
    });
    await harness.send({ type: 'thread.read' });
    expect(impl.socket.take()).toEqual([]);
  });

  it('keeps a refused message as failed with its sentence; retry resends it, discard drops it', async () => {
    const { harness, impl } = await openThread();
    await harness.send({ type: 'draft.changed', text: 'One', at: 1_000 });
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    await harness.send({ type: 'draft.changed', text: 'Two', at: 1_100 });
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[1] });
    impl.socket.take();
    await harness.send(refused(CLIENT_IDS[0]));
    await harness.send(refused(CLIENT_IDS[1], 'not_member'));
    expect(harness.context.outbox.map((item) => item.error)).toEqual([
      CHAT_MESSAGES.tooFast,
      CHAT_MESSAGES.notMember,
    ]);
    expect(harness.snapshot.matches({ signedIn: { outbox: 'idle' } })).toBe(true);
    expect(impl.actions.saveOutbox.mock.calls.at(-1)?.[1]).toMatchObject({
      outbox: [{ error: CHAT_MESSAGES.tooFast }, { error: CHAT_MESSAGES.notMember }],
    });
    // A failed message waits for the user: a reconnection does not send it again.
    await fromSocket(harness, impl, { type: 'socket.closed', code: 1006 });
    await fromSocket(harness, impl, { type: 'socket.opened' });
    expect(impl.socket.take().filter((sent) => sent.type === 'chat_send')).toEqual([]);

    await harness.send({ type: 'outbox.retry', clientId: CLIENT_IDS[0] });
    expect(impl.socket.take()).toEqual([
      { type: 'chat_send', conversation_id: 5, client_id: CLIENT_IDS[0], body: 'One' },
    ]);
    expect(harness.context.outbox[0]?.error).toBeNull();
    expect(harness.snapshot.matches({ signedIn: { outbox: 'sending' } })).toBe(true);
    await harness.send({ type: 'outbox.discard', clientId: CLIENT_IDS[1] });
    expect(harness.context.outbox.map((item) => item.client_id)).toEqual([CLIENT_IDS[0]]);
    expect(impl.actions.saveOutbox.mock.calls.at(-1)?.[1]).toEqual({
      userId: SARA,
      outbox: [pendingItem(CLIENT_IDS[0], 'One')],
    });
  });

  it('shows someone typing for twice CHAT_TYPING_EVERY_MS after their last chat_typing', async () => {
    const { harness } = await openThread({ fakeTimers: true });
    const typing = serverEvent({
      type: 'chat_typing',
      conversation_id: 5,
      user_id: TRAINER,
      name: 'Omar Haddad',
    });
    await harness.send(typing);
    expect(harness.context.typing).toEqual([{ conversationId: 5, userId: TRAINER, name: 'Omar Haddad' }]);
    await harness.advance(TYPING_SHOWN_MS - 1_000);
    // Typing again starts the time over.
    await harness.send(typing);
    await harness.advance(TYPING_SHOWN_MS - 1_000);
    expect(harness.context.typing).toHaveLength(1);
    await harness.advance(1_000);
    expect(harness.context.typing).toEqual([]);
  });

  it('stops showing someone typing when their message arrives', async () => {
    const { harness } = await openThread();
    await harness.send(
      serverEvent({ type: 'chat_typing', conversation_id: 5, user_id: TRAINER, name: 'Omar Haddad' }),
    );
    await harness.send(serverEvent({ type: 'chat_message', message: message(4) }));
    expect(harness.context.typing).toEqual([]);
  });

  it('tells the others it is typing at most every CHAT_TYPING_EVERY_MS', async () => {
    const { harness, impl } = await openThread();
    await harness.send({ type: 'draft.changed', text: 'H', at: 10_000 });
    await harness.send({ type: 'draft.changed', text: 'He', at: 11_000 });
    await harness.send({ type: 'draft.changed', text: 'Hel', at: 12_999 });
    expect(impl.socket.take()).toEqual([{ type: 'chat_typing', conversation_id: 5 }]);
    await harness.send({ type: 'draft.changed', text: 'Hell', at: 13_000 });
    expect(impl.socket.take()).toEqual([{ type: 'chat_typing', conversation_id: 5 }]);
    // Clearing the draft says nothing.
    await harness.send({ type: 'draft.changed', text: '', at: 20_000 });
    expect(impl.socket.take()).toEqual([]);
  });

  it('switching conversations leaves the socket and the list alone', async () => {
    const { harness, impl } = await openThread({ conversations: [direct(3, 1), channel()] });
    await harness.send({ type: 'conversation.select', id: 9 });
    await harness.send({ type: 'conversation.select', id: 9 });
    await harness.send({ type: 'conversation.select', id: null });
    expect(impl.socket.tokens).toEqual(['access-1']);
    expect(impl.socket.running()).toBe(1);
    expect(connectionOf(harness)).toEqual({ state: { live: 'open' }, told: 'open' });
    expect(harness.snapshot.matches({ signedIn: { list: 'ready' } })).toBe(true);
    expect(impl.actors.fetchConversations.inputs).toHaveLength(1);
  });

  it('keeps each conversation’s draft when switching', async () => {
    const { harness } = await openThread({ conversations: [direct(3, 1), channel()] });
    await harness.send({ type: 'draft.changed', text: 'For Omar', at: 1_000 });
    await harness.send({ type: 'conversation.select', id: 9 });
    await harness.send({ type: 'draft.changed', text: 'For the course', at: 2_000 });
    await harness.send({ type: 'conversation.select', id: 5 });
    expect(harness.context.drafts).toEqual({ 5: 'For Omar', 9: 'For the course' });
  });

  it('reads older pages while scrolling up, and only while there are some', async () => {
    const { harness, impl } = await openThread({
      messages: page(31, 60, true),
      conversations: [direct(60, 60)],
    });
    await harness.send({ type: 'thread.older' });
    expect(impl.actors.fetchOlder.inputs).toEqual([{ conversationId: 5, before: 31 }]);
    await harness.resolve('fetchOlder', page(1, 30, false));
    expect(harness.context.thread?.messages).toHaveLength(60);
    expect(harness.context.thread?.messages[0]?.seq).toBe(1);
    await harness.send({ type: 'thread.older' });
    expect(impl.actors.fetchOlder.inputs).toHaveLength(1);
  });

  it('renews a refused token and reconnects, keeping the open thread', async () => {
    const { harness, impl } = await openThread();
    await fromSocket(harness, impl, { type: 'socket.closed', code: SOCKET_REFUSED });
    expect(connectionOf(harness)).toEqual({ state: 'renewing', told: 'renewing' });
    await harness.resolve('renewSession', undefined);
    await harness.send(signIn([], 'access-2'));
    expect(impl.socket.tokens).toEqual(['access-1', 'access-1', 'access-2']);
    expect(impl.socket.running()).toBe(1);
    expect(connectionOf(harness)).toEqual({ state: { live: 'connecting' }, told: 'connecting' });
    expect(harness.snapshot.matches({ signedIn: { conversation: 'ready' } })).toBe(true);
    expect(harness.context.thread?.messages).toHaveLength(3);
  });

  it('reconnects with a token renewed while connected, and only the socket starts again', async () => {
    const { harness, impl } = await openThread();
    await harness.send(signIn([], 'access-2'));
    expect(impl.socket.tokens).toEqual(['access-1', 'access-2']);
    expect(impl.socket.running()).toBe(1);
    expect(connectionOf(harness)).toEqual({ state: { live: 'connecting' }, told: 'connecting' });
    expect(harness.snapshot.matches({ signedIn: { list: 'ready', conversation: 'ready' } })).toBe(true);
    expect(impl.actors.fetchConversations.inputs).toHaveLength(1);
    expect(impl.actors.fetchMessages.inputs).toHaveLength(1);
  });

  it('waits for the page to come back after another tab took its socket, and for the network', async () => {
    const { harness, impl } = await openThread();
    await fromSocket(harness, impl, { type: 'socket.closed', code: SOCKET_SUPERSEDED });
    expect(impl.socket.running()).toBe(0);
    await harness.send({ type: 'page.resumed' });
    expect(impl.socket.running()).toBe(1);
    await harness.send({ type: 'network.offline' });
    expect(impl.socket.running()).toBe(0);
    expect(connectionOf(harness)).toEqual({ state: 'offline', told: 'offline' });
    await harness.send({ type: 'network.online' });
    expect(connectionOf(harness)).toEqual({ state: { live: 'connecting' }, told: 'connecting' });
  });

  it('takes the server’s frames from its socket, and tells what each open needs through it', async () => {
    const { harness, impl } = await openThread({ conversations: [direct(3, 3)], fakeTimers: true });
    await fromSocket(harness, impl, {
      type: 'socket.received',
      event: serverEvent({ type: 'chat_message', message: message(4) }),
    });
    expect(harness.context.thread?.messages.map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    await harness.advance(RECEIVED_FLUSH_MS);
    expect(impl.socket.take()).toEqual([{ type: 'chat_received', conversation_id: 5, seq: 4 }]);
    // Not open: what is written waits in the outbox, and nothing goes to the socket.
    await fromSocket(harness, impl, { type: 'socket.closed', code: 1006 });
    expect(connectionOf(harness).told).toBe('reconnecting');
    await harness.send({ type: 'draft.changed', text: 'Later', at: 1_000 });
    await harness.send({ type: 'draft.send', clientId: CLIENT_IDS[0] });
    await harness.send({ type: 'thread.read' });
    expect(impl.socket.take()).toEqual([]);
  });

  it('starts a conversation with a contact: the list gains it and the app shows it', async () => {
    const { harness, impl } = start();
    await harness.send(signIn());
    await harness.resolve('fetchConversations', list(channel()));
    await harness.send({ type: 'contacts.load' });
    await harness.resolve('fetchContacts', [trainerContact]);
    await harness.send({ type: 'contact.start', userId: TRAINER });
    expect(impl.actors.startConversation.inputs).toEqual([{ userId: TRAINER }]);
    await harness.resolve('startConversation', direct(0, 0));
    expect(harness.context.conversations.map((item) => item.id)).toEqual([5, 9]);
    expect(harness.context.contacts[0]?.conversation_id).toBe(5);
    expect(impl.actions.showConversation).toHaveBeenCalledWith(expect.anything(), { id: 5 });
  });

  it('keeps the sentence of a refused start, and clears it on the next try', async () => {
    const { harness } = start();
    await harness.send(signIn());
    await harness.send({ type: 'contact.start', userId: TRAINER });
    await harness.reject('startConversation', new Error(CHAT_MESSAGES.cannotStart));
    expect(harness.context.startError).toBe(CHAT_MESSAGES.cannotStart);
    await harness.send({ type: 'contact.start', userId: TRAINER });
    expect(harness.context.startError).toBeNull();
  });

  it('starts over for another user signing in', async () => {
    const { harness, impl } = await openThread({ outbox: [pendingItem(CLIENT_IDS[0])] });
    await harness.send(signIn([], 'access-9', 8));
    expect(harness.context).toMatchObject({ userId: 8, outbox: [], thread: null, selectedId: null });
    expect(impl.socket.tokens.at(-1)).toBe('access-9');
  });
});
