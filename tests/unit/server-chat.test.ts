import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGES } from '@contract/messages/chat';
import {
  CHAT_BODY_MAX,
  CHAT_PAGE_SIZE,
  CHAT_SENDS_PER_MINUTE,
  chatContactListSchema,
  chatReadMessage,
  chatReceivedMessage,
  chatSendMessage,
  chatServerMessageSchema,
  chatSyncMessage,
  chatTypingMessage,
  conversationListSchema,
  conversationSchema,
  messagePageSchema,
} from '@contract/wire/chat';
import { notificationListSchema, SOCKET_PATHS } from '@contract/wire/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChat } from '../../server/chat/seed';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { NOTIFICATIONS } from '../../server/notifications/notifier';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { ensureUser, findUserByEmail, type UserRow } from '../../server/users';
import { testClient } from '../support/test-client';
import { type LiveClient, liveUrl, openLiveClient, WAIT_MS } from './support/live-client';

/** The bell notification's delay on this test server. */
const NOTIFY_AFTER_MS = 200;

let server: TestServer;
interface Person {
  user: UserRow;
  token: string;
}
let trainer: Person;
let amal: Person;
let badr: Person;
let outsider: Person;
let courseId: number;

beforeAll(async () => {
  server = await startTestServer({ chatNotifyAfterMs: NOTIFY_AFTER_MS });
  const trainerUser = await ensureUser(server.db, {
    email: 'chat.trainer@example.com',
    password: 'Trainer#2026xyz',
    full_name: 'Khalid Chat',
    role: 'TRAINER',
    phone_number: '0551119999',
    govt_id_or_iqama_no: '1099988877',
    approved: true,
  });
  trainer = { user: trainerUser, token: (await server.tokens.issue('access', trainerUser)).token };
  amal = await signedInTrainee(server, 'amal');
  badr = await signedInTrainee(server, 'badr');
  outsider = await signedInTrainee(server, 'outsider');
  courseId = await courseWithSessions(server.db, {
    trainerId: trainer.user.id,
    title: 'Chat practice',
    traineeIds: [amal.user.id, badr.user.id],
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

function refusal(message: string) {
  return { success: false, details: [{ message }] };
}

let probes = 0;

/** A chat socket, open and served (a send that is not one is answered once the socket is served). */
async function chatSocket(person: Person): Promise<LiveClient> {
  const client = openLiveClient(liveUrl(server, SOCKET_PATHS.chat, person.token));
  await client.opened;
  probes += 1;
  const probe = `ready-${probes}`;
  client.socket.send(JSON.stringify({ type: 'chat_send', conversation_id: 1, client_id: probe, body: '' }));
  await client.waitFor((message) => (message as unknown as { client_id?: string }).client_id === probe);
  return client;
}

function sendOn(client: LiveClient, message: unknown): void {
  client.socket.send(JSON.stringify(message));
}

type Server = ReturnType<typeof chatServerMessageSchema.parse>;

/** The next message matching, parsed with the contract's schema. */
async function next(client: LiveClient, match: (message: Server) => boolean, from = 0): Promise<Server> {
  const found = await client.waitFor((raw) => {
    const parsed = chatServerMessageSchema.safeParse(raw);
    return parsed.success && match(parsed.data) && client.messages.indexOf(raw) >= from;
  });
  return chatServerMessageSchema.parse(found);
}

function ackOf(client_id: string) {
  return (message: Server) => message.type === 'chat_ack' && message.client_id === client_id;
}

function errorOf(client_id: string) {
  return (message: Server) => message.type === 'chat_error' && message.client_id === client_id;
}

async function directWith(from: Person, to: Person): Promise<number> {
  const started = await call('/chat/conversations/', { token: from.token, body: { user_id: to.user.id } });
  return conversationSchema.parse(started.body).id;
}

async function channelId(person: Person): Promise<number> {
  const list = conversationListSchema.parse(
    (await call('/chat/conversations/', { token: person.token })).body,
  );
  const channel = list.results.find((c) => c.kind === 'course' && c.course?.id === courseId);
  if (!channel) throw new Error('no channel');
  return channel.id;
}

/** A short pause for what must not arrive. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the demo data', () => {
  it('gives the demo trainee a conversation with the demo trainer and her course channel, 2 unread, however often it is seeded', async () => {
    const demoTrainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
    if (!demoTrainee) throw new Error('no demo trainee');
    const token = (await server.tokens.issue('access', demoTrainee)).token;
    const read = async () =>
      conversationListSchema.parse((await call('/chat/conversations/', { token })).body);
    const list = await read();
    expect(list.unread_total).toBe(2);
    // Newest activity first: the channel's last message is newer than the direct one's; the
    // channels without messages, made on this visit, come after both.
    expect(list.results.slice(0, 2).map((c) => [c.kind, c.last_seq])).toEqual([
      ['course', 4],
      ['direct', 4],
    ]);
    expect(list.results.slice(2).every((c) => c.last_message === null)).toBe(true);
    const direct = list.results.find(
      (c) => c.kind === 'direct' && c.peer?.name === DEMO_ACCOUNTS.trainer.full_name,
    );
    expect(direct).toMatchObject({ last_seq: 4, unread: 1, others_read_seq: 4 });
    expect(direct?.last_message?.body).toMatch(/[\u0600-\u06ff].*assignment.*[\u0600-\u06ff]/);
    const channel = list.results.find((c) => c.kind === 'course' && c.last_seq > 0);
    expect(channel).toMatchObject({
      course: { title: 'Cloud Computing Fundamentals' },
      last_seq: 4,
      unread: 1,
    });
    await seedChat(server.db);
    expect(await read()).toEqual(list);
  });
});

describe('chat calls', () => {
  it('need a signed-in user', async () => {
    for (const path of [
      '/chat/conversations/',
      '/chat/conversations/1/',
      '/chat/conversations/1/messages/',
      '/chat/contacts/',
    ])
      expect((await call(path)).status).toBe(401);
    expect((await call('/chat/conversations/', { body: { user_id: 1 } })).status).toBe(401);
  });

  it('list the contacts a trainee and a trainer may start a conversation with, by name', async () => {
    const amalContacts = chatContactListSchema.parse(
      (await call('/chat/contacts/', { token: amal.token })).body,
    );
    expect(amalContacts.results.map((c) => c.person.id)).toContain(trainer.user.id);
    const withTrainer = amalContacts.results.find((c) => c.person.id === trainer.user.id);
    expect(withTrainer).toMatchObject({ person: { name: 'Khalid Chat', role: 'TRAINER' } });
    expect(withTrainer?.courses.map((c) => c.id)).toEqual([courseId]);
    // Never another trainee: they meet in the channel.
    expect(amalContacts.results.some((c) => c.person.id === badr.user.id)).toBe(false);

    const trainerContacts = chatContactListSchema.parse(
      (await call('/chat/contacts/', { token: trainer.token })).body,
    );
    const names = trainerContacts.results.map((c) => c.person.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(trainerContacts.results.map((c) => c.person.id)).toEqual(
      expect.arrayContaining([amal.user.id, badr.user.id]),
    );
    expect(trainerContacts.results.some((c) => c.person.id === outsider.user.id)).toBe(false);
    expect(
      chatContactListSchema.parse((await call('/chat/contacts/', { token: outsider.token })).body).results,
    ).toEqual([]);
  });

  it('start a direct conversation once (201, then 200 from either side), and refuse the others', async () => {
    const first = await call('/chat/conversations/', {
      token: amal.token,
      body: { user_id: trainer.user.id },
    });
    expect(first.status).toBe(201);
    const conversation = conversationSchema.parse(first.body);
    expect(conversation).toMatchObject({
      kind: 'direct',
      course: null,
      peer: { id: trainer.user.id, name: 'Khalid Chat', role: 'TRAINER' },
      members: 2,
      last_message: null,
      last_seq: 0,
      unread: 0,
    });
    const again = await call('/chat/conversations/', {
      token: trainer.token,
      body: { user_id: amal.user.id },
    });
    expect(again.status).toBe(200);
    expect(conversationSchema.parse(again.body)).toMatchObject({
      id: conversation.id,
      peer: { id: amal.user.id },
    });
    const contacts = chatContactListSchema.parse((await call('/chat/contacts/', { token: amal.token })).body);
    expect(contacts.results.find((c) => c.person.id === trainer.user.id)?.conversation_id).toBe(
      conversation.id,
    );

    expect(
      await call('/chat/conversations/', { token: amal.token, body: { user_id: amal.user.id } }),
    ).toEqual({
      status: 400,
      body: refusal(CHAT_MESSAGES.notYourself),
    });
    for (const [from, to] of [
      [amal, badr.user.id],
      [outsider, trainer.user.id],
      [trainer, outsider.user.id],
      [amal, 2_000_000_000],
    ] as const) {
      expect(await call('/chat/conversations/', { token: from.token, body: { user_id: to } })).toEqual({
        status: 403,
        body: refusal(CHAT_MESSAGES.cannotStart),
      });
    }
    expect((await call('/chat/conversations/', { token: amal.token, body: { user_id: 'x' } })).status).toBe(
      400,
    );
  });

  it("list the caller's conversations with the course channel, and answer one only to its members", async () => {
    const direct = await directWith(amal, trainer);
    const list = conversationListSchema.parse(
      (await call('/chat/conversations/', { token: amal.token })).body,
    );
    const channel = list.results.find((c) => c.kind === 'course');
    expect(channel).toMatchObject({
      course: { id: courseId, title: 'Chat practice' },
      peer: null,
      members: 3,
    });
    expect(list.results.map((c) => c.id)).toContain(direct);
    expect(list.unread_total).toBe(list.results.reduce((sum, c) => sum + c.unread, 0));

    expect((await call(`/chat/conversations/${direct}/`, { token: trainer.token })).status).toBe(200);
    expect(await call(`/chat/conversations/${direct}/`, { token: badr.token })).toEqual({
      status: 403,
      body: refusal(CHAT_MESSAGES.notMember),
    });
    expect(await call(`/chat/conversations/${direct}/messages/`, { token: outsider.token })).toEqual({
      status: 403,
      body: refusal(CHAT_MESSAGES.notMember),
    });
    expect((await call('/chat/conversations/2000000000/', { token: amal.token })).status).toBe(404);
    expect((await call('/chat/conversations/99999999999/', { token: amal.token })).status).toBe(404);
    expect((await call('/chat/conversations/abc/', { token: amal.token })).status).toBe(404);
    expect((await call(`/chat/conversations/${channel?.id}/`, { token: outsider.token })).status).toBe(403);
    const outsiderList = conversationListSchema.parse(
      (await call('/chat/conversations/', { token: outsider.token })).body,
    );
    expect(outsiderList.results.map((c) => c.id)).not.toContain(channel?.id);
  });

  it('page the history oldest first, and refuse bad paging with 400', async () => {
    const direct = await directWith(badr, trainer);
    const socket = await chatSocket(badr);
    for (let index = 1; index <= 5; index += 1) {
      const id = randomUUID();
      sendOn(socket, chatSendMessage(direct, id, `Message ${index}`));
      await next(socket, ackOf(id));
    }
    socket.socket.close();
    const newest = messagePageSchema.parse(
      (await call(`/chat/conversations/${direct}/messages/?limit=2`, { token: badr.token })).body,
    );
    expect(newest.results.map((m) => m.body)).toEqual(['Message 4', 'Message 5']);
    expect(newest.has_more).toBe(true);
    const older = messagePageSchema.parse(
      (await call(`/chat/conversations/${direct}/messages/?before=٤&limit=٢`, { token: trainer.token })).body,
    );
    expect(older.results.map((m) => m.seq)).toEqual([2, 3]);
    const oldest = messagePageSchema.parse(
      (await call(`/chat/conversations/${direct}/messages/?before=2`, { token: badr.token })).body,
    );
    expect(oldest).toMatchObject({
      has_more: false,
      results: [{ seq: 1, sender_id: badr.user.id, body: 'Message 1' }],
    });
    const all = messagePageSchema.parse(
      (await call(`/chat/conversations/${direct}/messages/`, { token: badr.token })).body,
    );
    expect(all.results).toHaveLength(Math.min(5, CHAT_PAGE_SIZE));
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'before=0', 'before=-1', 'before=1.5']) {
      const refused = await call(`/chat/conversations/${direct}/messages/?${query}`, { token: badr.token });
      expect(refused.status, query).toBe(400);
      expect((refused.body.details as { message: string }[])[0]?.message).toBeTruthy();
    }
  });
});

describe('the chat socket', () => {
  it('acknowledges a send with its sequence, and a resend with the same id as the same message, stored once', async () => {
    const direct = await directWith(amal, trainer);
    const socket = await chatSocket(amal);
    const id = randomUUID();
    sendOn(socket, chatSendMessage(direct, id, '  Hello, teacher  '));
    const ack = await next(socket, ackOf(id));
    expect(ack).toMatchObject({ type: 'chat_ack', conversation_id: direct });
    const seq = (ack as { seq: number }).seq;
    expect(seq).toBeGreaterThan(0);
    const before = socket.messages.length;
    sendOn(socket, chatSendMessage(direct, id, 'Hello, teacher'));
    const again = await next(socket, ackOf(id), before);
    expect(again).toEqual(ack);
    const { rows } = await server.db.query<{ count: number; body: string }>(
      'SELECT count(*)::int AS count, min(body) AS body FROM chat_messages WHERE conversation_id = $1 AND client_id = $2',
      [direct, id],
    );
    expect(rows[0]).toEqual({ count: 1, body: 'Hello, teacher' });
    // The sender has read and received their own message.
    const seen = conversationSchema.parse(
      (await call(`/chat/conversations/${direct}/`, { token: amal.token })).body,
    );
    expect(seen).toMatchObject({
      last_seq: seq,
      read_seq: seq,
      unread: 0,
      last_message: { client_id: id, body: 'Hello, teacher' },
    });
    socket.socket.close();
  });

  it("keeps the order of rapid sends, and every member's sockets (the sender's other tab too) get each message", async () => {
    const channel = await channelId(amal);
    const [tab1, tab2, other, teacher] = await Promise.all([
      chatSocket(amal),
      chatSocket(amal),
      chatSocket(badr),
      chatSocket(trainer),
    ]);
    const ids = Array.from({ length: 10 }, () => randomUUID());
    for (const [index, id] of ids.entries()) sendOn(tab1, chatSendMessage(channel, id, `Rapid ${index}`));
    const acks = await Promise.all(ids.map((id) => next(tab1, ackOf(id))));
    const seqs = acks.map((ack) => (ack as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(10);
    for (const client of [tab2, other, teacher]) {
      const last = ids[9] as string;
      await next(client, (m) => m.type === 'chat_message' && m.message.client_id === last);
      const bodies = client.messages
        .filter((m) => m.type === 'chat_message')
        .map((m) => (m as unknown as { message: { body: string } }).message.body);
      expect(bodies).toEqual(ids.map((_, index) => `Rapid ${index}`));
    }
    for (const client of [tab1, tab2, other, teacher]) client.socket.close();
  });

  it('refuses a non-member, an empty and a too long message, and a send that is not one', async () => {
    const direct = await directWith(amal, trainer);
    const intruder = await chatSocket(outsider);
    const id = randomUUID();
    sendOn(intruder, chatSendMessage(direct, id, 'Let me in'));
    expect(await next(intruder, errorOf(id))).toEqual({
      type: 'chat_error',
      client_id: id,
      conversation_id: direct,
      code: 'not_member',
      message: CHAT_MESSAGES.notMember,
    });
    intruder.socket.close();

    const socket = await chatSocket(amal);
    const empty = randomUUID();
    sendOn(socket, chatSendMessage(direct, empty, '  \n '));
    expect(await next(socket, errorOf(empty))).toMatchObject({ code: 'empty', message: CHAT_MESSAGES.empty });
    const long = randomUUID();
    sendOn(socket, chatSendMessage(direct, long, 'x'.repeat(CHAT_BODY_MAX + 1)));
    expect(await next(socket, errorOf(long))).toMatchObject({
      code: 'too_long',
      message: CHAT_MESSAGES.tooLong,
    });
    const emoji = randomUUID();
    // 4000 characters beyond the Basic Multilingual Plane: allowed (8000 UTF-16 units).
    sendOn(socket, chatSendMessage(direct, emoji, '😀'.repeat(CHAT_BODY_MAX)));
    expect(await next(socket, ackOf(emoji))).toMatchObject({ type: 'chat_ack' });
    sendOn(socket, { type: 'chat_send', conversation_id: direct, client_id: 'not-a-uuid', body: 'Hi' });
    expect(await next(socket, errorOf('not-a-uuid'))).toMatchObject({
      code: 'invalid',
      conversation_id: direct,
    });
    // Not JSON, an unknown type: ignored, and the socket goes on.
    socket.socket.send('{nope');
    sendOn(socket, { type: 'chat_unknown' });
    const fine = randomUUID();
    sendOn(socket, chatSendMessage(direct, fine, 'Still here'));
    await next(socket, ackOf(fine));
    // Another sender's client id is not theirs to resend.
    const teacher = await chatSocket(trainer);
    sendOn(teacher, chatSendMessage(direct, fine, 'Still here'));
    expect(await next(teacher, errorOf(fine))).toMatchObject({ code: 'invalid' });
    socket.socket.close();
    teacher.socket.close();
  });

  it(`refuses more than ${CHAT_SENDS_PER_MINUTE} sends a minute`, async () => {
    const { user, token } = await signedInTrainee(server, 'fast');
    await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
      user.id,
      courseId,
    ]);
    const fast = { user, token };
    const channel = await channelId(fast);
    const socket = await chatSocket(fast);
    const ids = Array.from({ length: CHAT_SENDS_PER_MINUTE + 15 }, () => randomUUID());
    const started = Date.now();
    // In bursts under the socket's own limit of frames a second.
    for (const [index, id] of ids.entries()) {
      sendOn(socket, chatSendMessage(channel, id, `Flood ${index}`));
      if (index % 15 === 14) {
        await next(socket, (m) => (m.type === 'chat_ack' || m.type === 'chat_error') && m.client_id === id);
        await pause(1000);
      }
    }
    const last = ids[ids.length - 1] as string;
    expect(await next(socket, errorOf(last))).toMatchObject({
      code: 'too_fast',
      message: CHAT_MESSAGES.tooFast,
    });
    const acked = socket.messages.filter((m) => m.type === 'chat_ack').length;
    expect(acked).toBeGreaterThanOrEqual(CHAT_SENDS_PER_MINUTE);
    // The bucket refills one send every 60/CHAT_SENDS_PER_MINUTE seconds: a slow, loaded machine
    // takes longer over the bursts and earns a few more.
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * CHAT_SENDS_PER_MINUTE);
    expect(acked).toBeLessThanOrEqual(CHAT_SENDS_PER_MINUTE + refilled);
    expect(acked).toBeLessThan(ids.length);
    socket.socket.close();
  }, 20_000);

  it('answers a sync with only the gap, then the last sequence; skips what the caller does not belong to', async () => {
    const direct = await directWith(badr, trainer);
    const { rows } = await server.db.query<{ last_seq: number }>(
      'SELECT last_seq FROM conversations WHERE id = $1',
      [direct],
    );
    const last = rows[0]?.last_seq ?? 0;
    expect(last).toBeGreaterThanOrEqual(3);
    const amalDirect = await directWith(amal, trainer);
    const socket = await chatSocket(badr);
    const start = socket.messages.length;
    sendOn(
      socket,
      chatSyncMessage([
        { conversation_id: amalDirect, after_seq: 0 },
        { conversation_id: direct, after_seq: last - 2 },
      ]),
    );
    await next(socket, (m) => m.type === 'chat_synced' && m.conversation_id === direct, start);
    const answered = socket.messages.slice(start).map((m) => chatServerMessageSchema.parse(m));
    expect(answered.map((m) => (m.type === 'chat_message' ? `m${m.message.seq}` : m.type))).toEqual([
      `m${last - 1}`,
      `m${last}`,
      'chat_synced',
    ]);
    expect(answered[2]).toEqual({ type: 'chat_synced', conversation_id: direct, last_seq: last });
    socket.socket.close();
  });

  it('serves a burst of 60 frames on a chat socket (a reconnection resends its outbox at once)', async () => {
    const socket = await chatSocket(badr);
    const ids = Array.from({ length: 60 }, () => randomUUID());
    // Empty sends: each is answered (refused) without counting against the sends a minute.
    for (const id of ids) sendOn(socket, chatSendMessage(1, id, ' '));
    await next(socket, errorOf(ids[59] as string));
    const refused = new Set(socket.messages.map((m) => (m as unknown as { client_id?: string }).client_id));
    expect(ids.every((id) => refused.has(id))).toBe(true);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    socket.socket.close();
  });

  it('takes a sync as delivery: delivered rises to what the device holds, and the sender gets the receipt', async () => {
    const { user, token } = await signedInTrainee(server, 'late');
    await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
      user.id,
      courseId,
    ]);
    const late = { user, token };
    const direct = await directWith(trainer, late);
    const teacher = await chatSocket(trainer);
    const ids = [randomUUID(), randomUUID()];
    for (const [index, id] of ids.entries())
      sendOn(teacher, chatSendMessage(direct, id, `Before you came ${index}`));
    const seq = ((await next(teacher, ackOf(ids[1] as string))) as { seq: number }).seq;

    // The messages reached no device of theirs: sent, not delivered.
    const before = conversationSchema.parse(
      (await call(`/chat/conversations/${direct}/`, { token: trainer.token })).body,
    );
    expect(before.others_delivered_seq).toBe(0);

    // Their device syncs from 0: the answer brings both messages, so it holds them.
    const device = await chatSocket(late);
    let from = teacher.messages.length;
    sendOn(device, chatSyncMessage([{ conversation_id: direct, after_seq: 0 }]));
    expect(
      await next(teacher, (m) => m.type === 'chat_receipt' && m.conversation_id === direct, from),
    ).toEqual({
      type: 'chat_receipt',
      conversation_id: direct,
      user_id: late.user.id,
      delivered_seq: seq,
      read_seq: 0,
    });

    // A position with nothing after it is held too (a list read): delivered rises to it, no further
    // than the last message.
    const third = randomUUID();
    sendOn(teacher, chatSendMessage(direct, third, 'Read in the list'));
    const thirdSeq = ((await next(teacher, ackOf(third))) as { seq: number }).seq;
    from = teacher.messages.length;
    sendOn(device, chatSyncMessage([{ conversation_id: direct, after_seq: thirdSeq + 1000 }]));
    expect(
      await next(teacher, (m) => m.type === 'chat_receipt' && m.conversation_id === direct, from),
    ).toMatchObject({ user_id: late.user.id, delivered_seq: thirdSeq });
    const after = conversationSchema.parse(
      (await call(`/chat/conversations/${direct}/`, { token: trainer.token })).body,
    );
    expect(after.others_delivered_seq).toBe(thirdSeq);
    teacher.socket.close();
    device.socket.close();
  });

  it('relays receipts to the others and the reader’s other tabs, and typing to the others only', async () => {
    const direct = await directWith(amal, trainer);
    const [reader, readerTab, teacher] = await Promise.all([
      chatSocket(trainer),
      chatSocket(trainer),
      chatSocket(amal),
    ]);
    const id = randomUUID();
    sendOn(teacher, chatSendMessage(direct, id, 'Please read this'));
    const seq = ((await next(teacher, ackOf(id))) as { seq: number }).seq;
    sendOn(reader, chatReceivedMessage(direct, seq));
    expect(await next(teacher, (m) => m.type === 'chat_receipt' && m.delivered_seq === seq)).toMatchObject({
      user_id: trainer.user.id,
      read_seq: expect.any(Number),
    });
    sendOn(reader, chatReadMessage(direct, seq + 1000));
    for (const client of [teacher, readerTab])
      expect(await next(client, (m) => m.type === 'chat_receipt' && m.read_seq === seq)).toEqual({
        type: 'chat_receipt',
        conversation_id: direct,
        user_id: trainer.user.id,
        delivered_seq: seq,
        read_seq: seq,
      });
    // Never lowered.
    sendOn(reader, chatReadMessage(direct, 0));
    const seen = conversationSchema.parse(
      (await call(`/chat/conversations/${direct}/`, { token: trainer.token })).body,
    );
    expect(seen).toMatchObject({ read_seq: seq, unread: 0 });
    const theirs = conversationSchema.parse(
      (await call(`/chat/conversations/${direct}/`, { token: amal.token })).body,
    );
    expect(theirs).toMatchObject({ others_delivered_seq: seq, others_read_seq: seq });

    sendOn(teacher, chatTypingMessage(direct));
    sendOn(teacher, chatTypingMessage(direct));
    expect(await next(reader, (m) => m.type === 'chat_typing')).toEqual({
      type: 'chat_typing',
      conversation_id: direct,
      user_id: amal.user.id,
      name: amal.user.full_name,
    });
    await pause(300);
    expect(reader.messages.filter((m) => m.type === 'chat_typing')).toHaveLength(1);
    expect(teacher.messages.some((m) => m.type === 'chat_typing')).toBe(false);
    // A non-member's typing reaches no one.
    const intruder = await chatSocket(outsider);
    await pause(1100);
    sendOn(intruder, chatTypingMessage(direct));
    await pause(300);
    expect(reader.messages.filter((m) => m.type === 'chat_typing')).toHaveLength(1);
    for (const client of [reader, readerTab, teacher, intruder]) client.socket.close();
  });

  it(
    'rings the bell for a member no device of whom received the message, and not for one whose did',
    async () => {
      const direct = await directWith(amal, trainer);
      const bellCount = async (person: Person) =>
        notificationListSchema
          .parse((await call('/notification/', { token: person.token })).body)
          .filter((n) => n.link === `/messages?conversation=${direct}`).length;
      const teacherBefore = await bellCount(trainer);
      const socket = await chatSocket(amal);
      const id = randomUUID();
      sendOn(socket, chatSendMessage(direct, id, 'Are you there?'));
      await next(socket, ackOf(id));
      await pause(NOTIFY_AFTER_MS + 500);
      const notifications = notificationListSchema.parse(
        (await call('/notification/', { token: trainer.token })).body,
      );
      expect(await bellCount(trainer)).toBe(teacherBefore + 1);
      expect(notifications[0]).toMatchObject(NOTIFICATIONS.chatDirect(direct, amal.user.full_name));
      // One notification until they read: a second message rings nothing more.
      const second = randomUUID();
      sendOn(socket, chatSendMessage(direct, second, 'Hello?'));
      await next(socket, ackOf(second));
      await pause(NOTIFY_AFTER_MS + 500);
      expect(await bellCount(trainer)).toBe(teacherBefore + 1);

      // The trainer's device receives the answer's message at once: no bell for the trainer's answer.
      const teacher = await chatSocket(trainer);
      teacher.socket.on('message', (data) => {
        const message = chatServerMessageSchema.safeParse(JSON.parse(data.toString()));
        if (message.success && message.data.type === 'chat_message')
          sendOn(teacher, chatReceivedMessage(direct, message.data.message.seq));
      });
      const answer = randomUUID();
      sendOn(teacher, chatSendMessage(direct, answer, 'Yes, here'));
      await next(teacher, ackOf(answer));
      const more = randomUUID();
      sendOn(socket, chatSendMessage(direct, more, 'Great'));
      await next(teacher, (m) => m.type === 'chat_message' && m.message.client_id === more);
      await pause(NOTIFY_AFTER_MS + 500);
      // Their answer read what came before; the newest message reached their device: no new bell.
      expect(await bellCount(trainer)).toBe(teacherBefore + 1);
      socket.socket.close();
      teacher.socket.close();
    },
    WAIT_MS * 2,
  );

  it('rings the bell of a channel once per member who has no socket', async () => {
    const channel = await channelId(badr);
    await call('/chat/conversations/', { token: trainer.token });
    const socket = await chatSocket(badr);
    // Everyone has read the channel so far.
    const { rows } = await server.db.query<{ last_seq: number }>(
      'SELECT last_seq FROM conversations WHERE id = $1',
      [channel],
    );
    await server.db.query(
      `INSERT INTO chat_positions (conversation_id, user_id, delivered_seq, read_seq, notified_seq)
       SELECT $1, u, $2, $2, 0 FROM unnest($3::int[]) u
       ON CONFLICT (conversation_id, user_id) DO UPDATE SET delivered_seq = $2, read_seq = $2, notified_seq = 0`,
      [channel, rows[0]?.last_seq ?? 0, [amal.user.id, trainer.user.id]],
    );
    const channelBells = async (person: Person) =>
      notificationListSchema
        .parse((await call('/notification/', { token: person.token })).body)
        .filter((n) => n.link === `/messages?conversation=${channel}`).length;
    const ownBefore = await channelBells(badr);
    const id = randomUUID();
    sendOn(socket, chatSendMessage(channel, id, 'Who has the slides?'));
    await next(socket, ackOf(id));
    await pause(NOTIFY_AFTER_MS + 500);
    const { rows: course } = await server.db.query<{ title: string; title_ar: string }>(
      'SELECT title, title_ar FROM courses WHERE id = $1',
      [courseId],
    );
    for (const person of [amal, trainer]) {
      const list = notificationListSchema.parse((await call('/notification/', { token: person.token })).body);
      expect(list[0]).toMatchObject(
        NOTIFICATIONS.chatChannel(channel, course[0] ?? { title: '', title_ar: '' }),
      );
    }
    expect(await channelBells(badr)).toBe(ownBefore);
    socket.socket.close();
  });
});
