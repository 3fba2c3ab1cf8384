import { eventPageSchema } from '@contract/wire/events';
import { notificationListSchema, SOCKET_PATHS, SOCKET_REFUSED } from '@contract/wire/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../server/auth/tokens';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { NOTIFICATIONS } from '../../server/notifications/notifier';
import { startTestServer, type TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail, type UserRow } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let trainee: UserRow;
let other: UserRow;

beforeAll(async () => {
  server = await startTestServer();
  trainee = (await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email)) as UserRow;
  other = await ensureUser(server.db, {
    email: 'other.trainee@example.com',
    password: 'Other#2026xyz',
    full_name: 'Other Trainee',
    role: 'TRAINEE',
    phone_number: '0551112222',
    govt_id_or_iqama_no: '1011122233',
    approved: true,
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
});

async function accessToken(user: UserRow, issuedAt?: number): Promise<string> {
  return (await server.tokens.issue('access', user, issuedAt ? { issuedAt } : {})).token;
}

const { call } = testClient(() => server);

/** A socket that records what it receives and how it closed. */
interface Client {
  socket: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
  next(): Promise<unknown>;
}

function connect(path: string, token?: string): Client {
  const url = `${server.url.replace('http', 'ws')}${path}${token === undefined ? '' : `?token=${token}`}`;
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as unknown;
    messages.push(message);
    waiting.shift()?.(message);
  });
  return {
    socket,
    messages,
    opened: new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    }),
    closed: new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
    next: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
        waiting.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      }),
  };
}

/** Waits until the server has registered the user's sockets (the upgrade authenticates first). */
async function registered(user: UserRow, count: number): Promise<void> {
  for (let attempt = 0; attempt < 100 && server.live.openSockets(user.id) !== count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(server.live.openSockets(user.id)).toBe(count);
}

describe('notification calls', () => {
  it('need a signed-in user', async () => {
    expect((await call('/notification/')).status).toBe(401);
    expect((await call('/notification/mark-as-seen/1/', { method: 'PATCH' })).status).toBe(401);
  });

  it("list the user's own notifications, newest first, and mark only the owner's seen", async () => {
    const first = await server.notifier.notify(
      trainee.id,
      NOTIFICATIONS.invited('Huda', null, '/invitations/x'),
    );
    const second = await server.notifier.notify(trainee.id, NOTIFICATIONS.trainerApproved());
    const foreign = await server.notifier.notify(
      other.id,
      NOTIFICATIONS.invited('Omar', null, '/invitations/x'),
    );
    const token = await accessToken(trainee);
    const list = notificationListSchema.parse((await call('/notification/', { token })).body);
    expect(list.map((item) => item.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(list.some((item) => item.id === foreign.id)).toBe(false);
    expect(list[0]).toMatchObject({ seen: false, title_ar: NOTIFICATIONS.trainerApproved().title_ar });

    const marked = await call(`/notification/mark-as-seen/${first.id}/`, { method: 'PATCH', token });
    expect(marked).toMatchObject({ status: 200, body: { id: first.id, seen: true } });
    const refused = await call(`/notification/mark-as-seen/${foreign.id}/`, { method: 'PATCH', token });
    expect(refused).toEqual({ status: 404, body: { success: false, details: [{ message: 'Not found' }] } });
    const theirs = notificationListSchema.parse(
      (await call('/notification/', { token: await accessToken(other) })).body,
    );
    expect(theirs.find((item) => item.id === foreign.id)?.seen).toBe(false);
  });
});

describe('the notifications socket', () => {
  it('refuses a missing, forged or expired token before sending anything', async () => {
    const expired = await accessToken(trainee, Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS - 5);
    for (const token of [undefined, 'not-a-token', expired]) {
      const client = connect(SOCKET_PATHS.notifications, token);
      expect(await client.closed).toEqual({ code: SOCKET_REFUSED, reason: 'Unauthorized' });
      expect(client.messages).toEqual([]);
    }
    const chat = connect(SOCKET_PATHS.chat, 'not-a-token');
    expect((await chat.closed).code).toBe(SOCKET_REFUSED);
  });

  it('keeps an accepted chat socket open', async () => {
    const chat = connect(SOCKET_PATHS.chat, await accessToken(trainee));
    await chat.opened;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chat.socket.readyState).toBe(WebSocket.OPEN);
    chat.socket.close();
  });

  it('closes a socket with 4401 when its token expires', async () => {
    // Three seconds of life: enough for the handshake on a loaded machine, so
    // the socket is accepted and then closed by the expiry timer.
    const nearlyExpired = await accessToken(
      trainee,
      Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS + 3,
    );
    const client = connect(SOCKET_PATHS.notifications, nearlyExpired);
    await client.opened;
    expect(await client.closed).toEqual({ code: SOCKET_REFUSED, reason: 'Token expired' });
  });

  it('pushes each new notification to every open socket of its user only', async () => {
    const mine = [
      connect(SOCKET_PATHS.notifications, await accessToken(trainee)),
      connect(SOCKET_PATHS.notifications, await accessToken(trainee)),
    ];
    const theirs = connect(SOCKET_PATHS.notifications, await accessToken(other));
    await Promise.all([...mine, theirs].map((client) => client.opened));
    await registered(trainee, 2);
    await registered(other, 1);
    const received = mine.map((client) => client.next());
    const created = await server.notifier.notify(trainee.id, NOTIFICATIONS.trainerApproved());
    expect(await Promise.all(received)).toEqual([
      { type: 'new_notification', id: created.id },
      { type: 'new_notification', id: created.id },
    ]);
    expect(theirs.messages).toEqual([]);
    for (const client of [...mine, theirs]) client.socket.close();
  });

  it('notifies on event registration and on trainer approval', async () => {
    const client = connect(SOCKET_PATHS.notifications, await accessToken(trainee));
    await client.opened;
    await registered(trainee, 1);
    const events = eventPageSchema.parse((await call('/event/?limit=25')).body);
    const open = events.results.find((event) => new Date(event.date_range.end) > new Date());
    const message = client.next();
    const registration = await call('/event-registration/', {
      body: { event: open?.id },
      token: await accessToken(trainee),
    });
    expect(registration.status).toBe(201);
    const pushed = (await message) as { id: number };
    const list = notificationListSchema.parse(
      (await call('/notification/', { token: await accessToken(trainee) })).body,
    );
    expect(list[0]).toMatchObject({ id: pushed.id, link: `/event-details/${open?.id}`, seen: false });
    client.socket.close();

    const applicant = await ensureUser(server.db, {
      email: 'new.trainer@example.com',
      password: 'Trainer#2026xyz',
      full_name: 'New Trainer',
      role: 'TRAINER',
      phone_number: '0553334444',
      govt_id_or_iqama_no: '1033344455',
      approved: false,
    });
    const approved = await call('/admin/approve-trainer/', {
      body: { email: applicant.email },
      admin: true,
    });
    expect(approved.status).toBe(200);
    const theirs = notificationListSchema.parse(
      (await call('/notification/', { token: await accessToken(applicant) })).body,
    );
    expect(theirs[0]).toMatchObject({ title: NOTIFICATIONS.trainerApproved().title, seen: false });
  });

  it('tells the other sockets of the user when one selects a notification, and ignores foreign ids', async () => {
    const [tab1, tab2] = [
      connect(SOCKET_PATHS.notifications, await accessToken(trainee)),
      connect(SOCKET_PATHS.notifications, await accessToken(trainee)),
    ];
    await Promise.all([tab1.opened, tab2.opened]);
    await registered(trainee, 2);
    // Waiting before the pushes: with PostgreSQL the second insert gives the first push time to arrive.
    const pushed = [tab1.next(), tab2.next()];
    const mine = await server.notifier.notify(
      trainee.id,
      NOTIFICATIONS.invited('Huda', null, '/invitations/x'),
    );
    const foreign = await server.notifier.notify(
      other.id,
      NOTIFICATIONS.invited('Omar', null, '/invitations/x'),
    );
    await Promise.all(pushed);
    // The web app sends notification_selected once its mark-as-seen call succeeded; only then is it relayed.
    await server.notifier.markSeen(trainee.id, mine.id);
    tab1.socket.send(JSON.stringify({ type: 'notification_selected', id: foreign.id }));
    tab1.socket.send('not json');
    tab1.socket.send(JSON.stringify({ type: 'notification_selected', id: mine.id }));
    expect(await tab2.next()).toEqual({ type: 'notification_seen', id: mine.id });
    expect(tab2.messages.filter((message) => (message as { id: number }).id === foreign.id)).toEqual([]);
    tab1.socket.close();
    tab2.socket.close();
  });

  it('admin notify: stores and pushes, and refuses a link off the site', async () => {
    const sent = await call('/admin/notify/', {
      admin: true,
      body: {
        email: DEMO_ACCOUNTS.trainee.email,
        title: 'Centre closed',
        text: 'Closed on Thursday.',
        link: '/contact-us',
      },
    });
    expect(sent).toMatchObject({
      status: 201,
      body: { success: true, data: { email: DEMO_ACCOUNTS.trainee.email } },
    });
    const offSite = await call('/admin/notify/', {
      admin: true,
      body: {
        email: DEMO_ACCOUNTS.trainee.email,
        title: 'x',
        text: 'y',
        link: 'https://example.com',
      },
    });
    expect(offSite.status).toBe(400);
    const unknown = await call('/admin/notify/', {
      admin: true,
      body: { email: 'nobody@example.com', title: 'x', text: 'y' },
    });
    expect(unknown.status).toBe(404);
  });
});
