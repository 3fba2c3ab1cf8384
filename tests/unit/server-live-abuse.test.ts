/**
 * What a hostile client can send to the live channels: bad frames (too big, invalid UTF-8,
 * unmasked, binary), floods, too many sockets, and a storm of notification_selected. Each may cost
 * the sender its socket, never the process or anyone else's socket.
 */
import { randomBytes } from 'node:crypto';
import { connect as connectTcp, type Socket } from 'node:net';
import { SOCKET_PATHS, SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { INBOUND_MESSAGES_PER_SECOND, MAX_INBOUND_BYTES, MAX_SOCKETS_PER_USER } from '../../server/live';
import { NOTIFICATIONS } from '../../server/notifications/notifier';
import { startTestServer, type TestServer } from '../../server/testing';
import { type LiveClient, liveUrl, openLiveClient, socketsRegistered, within } from './support/live-client';

const PATHS = [SOCKET_PATHS.notifications, SOCKET_PATHS.chat] as const;
/** Users whose sockets only listen; ten sockets each would reach the cap, so five. */
const BYSTANDER_USERS = 10;
const SOCKETS_PER_BYSTANDER = 5;

let server: TestServer;
/** Ids of the test users by name: `bystander1`…, `attacker`, `crowded`. */
const users = new Map<string, number>();

type Client = LiveClient;

function open(path: string, accessToken?: string): Client {
  return openLiveClient(liveUrl(server, path, accessToken));
}

async function token(name: string): Promise<string> {
  const id = users.get(name) as number;
  return (await server.tokens.issue('access', { id, role: 'TRAINEE' })).token;
}

/** Waits until this instance has registered `count` notification sockets of the user. */
function registered(name: string, count: number): Promise<void> {
  return socketsRegistered(server, users.get(name) as number, count);
}

/* Raw websocket frames over a plain TCP connection, to send what no websocket client would. */

interface RawSocket {
  socket: Socket;
  /** Resolves with the code of the first close frame the server sends (null when none came). */
  closeCode: Promise<number | null>;
}

/** One websocket frame; clients must mask theirs, so `masked: false` is a protocol error. */
function frame(opcode: number, payload: Buffer, masked = true): Buffer {
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | length])
      : Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | 126, length >> 8, length & 0xff]);
  if (!masked) return Buffer.concat([header, payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((byte, index) => byte ^ (key[index % 4] as number)));
  return Buffer.concat([header, key, body]);
}

/**
 * A manual upgrade handshake on `path`; `pipelined` goes in the same write as the request, before
 * the server has even answered.
 */
function rawUpgrade(path: string, accessToken?: string, pipelined?: Buffer): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const socket = connectTcp(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    let upgraded = false;
    let settleClose: (code: number | null) => void = () => {};
    const closeCode = new Promise<number | null>((done) => {
      settleClose = done;
    });
    socket.on('close', () => {
      settleClose(null);
      if (!upgraded) reject(new Error(`no upgrade: ${buffered.toString()}`));
    });
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!upgraded) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101')) {
          reject(new Error(`no upgrade: ${head}`));
          return;
        }
        upgraded = true;
        buffered = buffered.subarray(end + 4);
        resolve({ socket, closeCode });
      }
      // Server frames are unmasked; read them until a close frame (opcode 8) with its code.
      while (buffered.length >= 2) {
        const opcode = (buffered[0] as number) & 0x0f;
        let length = (buffered[1] as number) & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffered.length < 4) return;
          length = buffered.readUInt16BE(2);
          offset = 4;
        }
        if (buffered.length < offset + length) return;
        const payload = buffered.subarray(offset, offset + length);
        buffered = buffered.subarray(offset + length);
        if (opcode === 8) settleClose(payload.length >= 2 ? payload.readUInt16BE(0) : null);
      }
    });
    const query = accessToken === undefined ? '' : `?token=${accessToken}`;
    const request = Buffer.from(
      `GET ${path}${query} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    socket.write(pipelined ? Buffer.concat([request, pipelined]) : request);
  });
}

const TEXT = 0x1;
/** Bytes that are not UTF-8 (a lone continuation byte, an overlong form, 0xff). */
const INVALID_UTF8 = Buffer.from([0x7b, 0x80, 0xc0, 0xaf, 0xff, 0x7d]);

/**
 * What the server (in this process) threw without catching: in production any of these ends the
 * process; under vitest they are only reported, so each test checks the list.
 */
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

async function serverStillServes(): Promise<void> {
  expect(uncaught).toEqual([]);
  const response = await fetch(`${server.url}/api/v1/course/category/`);
  expect(response.status).toBe(200);
}

let bystanders: Client[] = [];
let bystanderCloses: { code: number }[] = [];

beforeAll(async () => {
  process.on('uncaughtException', recordUncaught);
  process.on('unhandledRejection', recordUncaught);
  server = await startTestServer();
  const names = [
    ...Array.from({ length: BYSTANDER_USERS }, (_, index) => `bystander${index + 1}`),
    'attacker',
    'crowded',
  ];
  for (const name of names) {
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO users (full_name, email, role, password_hash, approved, verified)
       VALUES ($1, $2, 'TRAINEE', 'not-a-password', true, true) RETURNING id`,
      [name, `${name}@abuse.example.com`],
    );
    users.set(name, (rows[0] as { id: number }).id);
  }
  for (let user = 1; user <= BYSTANDER_USERS; user += 1) {
    for (let index = 0; index < SOCKETS_PER_BYSTANDER; index += 1)
      bystanders.push(open(SOCKET_PATHS.notifications, await token(`bystander${user}`)));
  }
  await Promise.all(bystanders.map((client) => within(client.opened, 'a bystander opening')));
  for (let user = 1; user <= BYSTANDER_USERS; user += 1)
    await registered(`bystander${user}`, SOCKETS_PER_BYSTANDER);
  for (const client of bystanders) void client.closed.then((closed) => bystanderCloses.push(closed));
}, 120_000);

afterAll(async () => {
  for (const client of bystanders) client.socket.terminate();
  bystanders = [];
  bystanderCloses = [];
  await server?.close();
  process.off('uncaughtException', recordUncaught);
  process.off('unhandledRejection', recordUncaught);
});

describe('bad frames close only the socket that sent them', () => {
  for (const path of PATHS) {
    it(`${path}: a text frame over the size limit closes with 1009`, async () => {
      const client = open(path, await token('attacker'));
      await within(client.opened, 'opening');
      client.socket.send('x'.repeat(20 * 1024));
      expect(20 * 1024).toBeGreaterThan(MAX_INBOUND_BYTES);
      expect((await within(client.closed, 'the close')).code).toBe(1009);
      await serverStillServes();
    });

    it(`${path}: a text frame that is not UTF-8 closes with 1007`, async () => {
      const raw = await rawUpgrade(path, await token('attacker'));
      raw.socket.write(frame(TEXT, INVALID_UTF8));
      expect(await within(raw.closeCode, 'the close')).toBe(1007);
      raw.socket.destroy();
      await serverStillServes();
    });

    it(`${path}: an unmasked frame closes with 1002`, async () => {
      const raw = await rawUpgrade(path, await token('attacker'));
      raw.socket.write(frame(TEXT, Buffer.from('{"type":"hello"}'), false));
      expect(await within(raw.closeCode, 'the close')).toBe(1002);
      raw.socket.destroy();
      await serverStillServes();
    });

    it(`${path}: bad frames on a socket about to be refused (no or a forged token) get only the 4401`, async () => {
      for (const bad of [frame(TEXT, Buffer.from('{}'), false), frame(TEXT, INVALID_UTF8)]) {
        for (const accessToken of [undefined, 'forged']) {
          // Sent with the upgrade request itself, then once more after the server's answer.
          const raw = await rawUpgrade(path, accessToken, bad);
          raw.socket.write(bad);
          raw.socket.write(frame(TEXT, Buffer.alloc(20 * 1024, 0x61)));
          expect(await within(raw.closeCode, 'the close')).toBe(SOCKET_REFUSED);
          raw.socket.destroy();
        }
      }
      await serverStillServes();
    });

    it(`${path}: a binary frame closes with 1003 (the channels speak JSON text)`, async () => {
      const client = open(path, await token('attacker'));
      await within(client.opened, 'opening');
      client.socket.send(randomBytes(512), { binary: true });
      expect(await within(client.closed, 'the close')).toEqual({ code: 1003, reason: 'Text messages only' });
      await serverStillServes();
    });

    it(`${path}: more than ${INBOUND_MESSAGES_PER_SECOND} messages a second close with 1008`, async () => {
      const client = open(path, await token('attacker'));
      await within(client.opened, 'opening');
      for (let index = 0; index < 10 * INBOUND_MESSAGES_PER_SECOND; index += 1)
        client.socket.send(JSON.stringify({ type: 'flood', index }));
      expect(await within(client.closed, 'the close')).toEqual({ code: 1008, reason: 'Too many messages' });
      await serverStillServes();
    });
  }

  it('a request line that is not a URL, and a connection reset during the upgrade, are harmless', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = connectTcp(Number(port), '127.0.0.1');
      let text = '';
      socket.on('error', () => {});
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
      socket.write(
        'GET http://[/ws/notifications HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    expect(answer).not.toContain('101 Switching Protocols');

    const accessToken = await token('attacker');
    for (let index = 0; index < 20; index += 1) {
      const socket = connectTcp(Number(port), '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `GET ${SOCKET_PATHS.notifications}?token=${accessToken} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        // Reset right after the request: the server is still checking the token.
        () => socket.resetAndDestroy(),
      );
    }
    await serverStillServes();
  });
});

describe('limits', () => {
  it(`one socket more than ${MAX_SOCKETS_PER_USER} for a user closes that user's oldest with 4008`, async () => {
    const accessToken = await token('crowded');
    const clients: Client[] = [];
    for (let index = 0; index < MAX_SOCKETS_PER_USER; index += 1) {
      const client = open(SOCKET_PATHS.notifications, accessToken);
      await within(client.opened, 'opening');
      await registered('crowded', index + 1);
      clients.push(client);
    }
    const newest = open(SOCKET_PATHS.notifications, accessToken);
    await within(newest.opened, 'opening');
    expect(await within((clients[0] as Client).closed, 'the oldest closing')).toEqual({
      code: SOCKET_SUPERSEDED,
      reason: 'Too many connections',
    });
    await registered('crowded', MAX_SOCKETS_PER_USER);
    // The survivors, the newest included, still get pushes.
    const survivors = [...clients.slice(1), newest];
    const received = survivors.map((client) =>
      client.waitFor((message) => message.type === 'new_notification'),
    );
    await server.notifier.notify(
      users.get('crowded') as number,
      NOTIFICATIONS.invited('Huda', null, '/invitations/x'),
    );
    await Promise.all(received);
    for (const client of survivors) {
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
      client.socket.close();
    }
  });

  it('a storm of notification_selected reaches the other tabs once, and only for a seen notification', async () => {
    const userId = users.get('attacker') as number;
    const sibling = open(SOCKET_PATHS.notifications, await token('attacker'));
    const stormer = open(SOCKET_PATHS.notifications, await token('attacker'));
    await Promise.all([within(sibling.opened, 'opening'), within(stormer.opened, 'opening')]);
    await registered('attacker', 2);
    const seen = await server.notifier.notify(userId, NOTIFICATIONS.invited('Huda', null, '/invitations/x'));
    const unseen = await server.notifier.notify(
      userId,
      NOTIFICATIONS.invited('Omar', null, '/invitations/x'),
    );
    const barrier = await server.notifier.notify(userId, NOTIFICATIONS.trainerApproved());
    await server.notifier.markSeen(userId, seen.id);
    await server.notifier.markSeen(userId, barrier.id);
    await sibling.waitFor((message) => message.id === barrier.id);

    const relayed = sibling.waitFor(
      (message) => message.type === 'notification_seen' && message.id === seen.id,
    );
    for (let index = 0; index < 1000; index += 1) {
      stormer.socket.send(
        JSON.stringify({ type: 'notification_selected', id: index % 2 ? seen.id : unseen.id }),
      );
    }
    await relayed;
    expect((await within(stormer.closed, 'the close')).code).toBe(1008);

    // A later relay on a fresh socket: by the time it arrives, the storm's relays would have too.
    const late = open(SOCKET_PATHS.notifications, await token('attacker'));
    await within(late.opened, 'opening');
    const barrierSeen = sibling.waitFor(
      (message) => message.type === 'notification_seen' && message.id === barrier.id,
    );
    late.socket.send(JSON.stringify({ type: 'notification_selected', id: barrier.id }));
    await barrierSeen;
    const seenMessages = sibling.messages.filter((message) => message.type === 'notification_seen');
    expect(seenMessages).toEqual([
      { type: 'notification_seen', id: seen.id },
      { type: 'notification_seen', id: barrier.id },
    ]);
    sibling.socket.close();
    late.socket.close();
  });
});

describe('after all that', () => {
  it('the server serves HTTP, and all 50 other sockets are open and still get their pushes', async () => {
    await serverStillServes();
    expect(bystanders).toHaveLength(50);
    expect(bystanderCloses).toEqual([]);
    const received = bystanders.map((client) =>
      client.waitFor((message) => message.type === 'new_notification'),
    );
    for (let user = 1; user <= BYSTANDER_USERS; user += 1)
      await server.notifier.notify(users.get(`bystander${user}`) as number, NOTIFICATIONS.trainerApproved());
    await Promise.all(received);
    for (const client of bystanders) expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });
});
