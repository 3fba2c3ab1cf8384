/**
 * Two server instances on one PostgreSQL database act as one: what happens through one reaches
 * the sockets held by the other (LISTEN/NOTIFY, server/broadcast.ts). Needs a PostgreSQL server:
 * `npm run with-postgres -- npx vitest run --project unit tests/unit/server-multi-instance.test.ts`.
 */

import { SOCKET_PATHS, SOCKET_REFUSED } from '@contract/wire/notifications';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '../../server/admin/middleware';
import { createAttendanceCodes } from '../../server/attendance/codes';
import { revokeSessions } from '../../server/auth/sessions';
import { LISTENER_APPLICATION_NAME } from '../../server/broadcast';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { findUserByEmail } from '../../server/users';
import { type LiveClient, liveUrl, openLiveClient, socketsRegistered, within } from './support/live-client';

function open(instance: TestServer, token: string): LiveClient {
  return openLiveClient(liveUrl(instance, SOCKET_PATHS.notifications, token));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  let userId: number;
  let email: string;

  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ sameDatabaseAs: a });
    email = 'two.instances@example.com';
    const { rows } = await a.db.query<{ id: number }>(
      `INSERT INTO users (full_name, email, role, password_hash, approved, verified)
       VALUES ('Two Instances', $1, 'TRAINEE', 'not-a-password', true, true) RETURNING id`,
      [email],
    );
    userId = (rows[0] as { id: number }).id;
  }, 120_000);

  afterAll(async () => {
    // The second instance first: the first one drops the database.
    await b?.close();
    await a?.close();
  });

  /** An access token of the user's current session version (as signing in would issue). */
  async function token(): Promise<string> {
    const { rows } = await a.db.query<{ session_version: number }>(
      'SELECT session_version FROM users WHERE id = $1',
      [userId],
    );
    const version = rows[0]?.session_version;
    return (await a.tokens.issue('access', { id: userId, role: 'TRAINEE', session_version: version })).token;
  }

  async function notifyThroughAdmin(instance: TestServer, title: string): Promise<number> {
    const response = await fetch(`${instance.url}/api/v1/admin/notify/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [ADMIN_TOKEN_HEADER]: instance.adminToken },
      body: JSON.stringify({ email, title, text: 'Sent through one instance.' }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: number } }).data.id;
  }

  it('both listen on PostgreSQL', () => {
    expect([a.broadcast.kind, b.broadcast.kind]).toEqual(['postgres', 'postgres']);
  });

  it("a notification created through A's admin endpoint reaches a socket on B (and one on A)", async () => {
    const onB = open(b, await token());
    const onA = open(a, await token());
    await Promise.all([onB.opened, onA.opened]);
    await socketsRegistered(b, userId, 1);
    await socketsRegistered(a, userId, 1);
    const [pushedB, pushedA] = [onB, onA].map((client) =>
      client.waitFor((message) => message.type === 'new_notification'),
    );
    const id = await notifyThroughAdmin(a, 'Through A');
    expect(await pushedB).toEqual({ type: 'new_notification', id });
    expect(await pushedA).toEqual({ type: 'new_notification', id });
    onA.socket.close();
    onB.socket.close();
  });

  it("notification_selected on A reaches the user's tab on B", async () => {
    const onA = open(a, await token());
    const onB = open(b, await token());
    await Promise.all([onA.opened, onB.opened]);
    await socketsRegistered(a, userId, 1);
    await socketsRegistered(b, userId, 1);
    const created = onB.waitFor((message) => message.type === 'new_notification');
    const id = await notifyThroughAdmin(b, 'Through B');
    await created;
    await a.notifier.markSeen(userId, id);
    const seen = onB.waitFor((message) => message.type === 'notification_seen');
    onA.socket.send(JSON.stringify({ type: 'notification_selected', id }));
    expect(await seen).toEqual({ type: 'notification_seen', id });
    onA.socket.close();
    onB.socket.close();
  });

  it("attendance given through A reaches the course's trainer on B with the count", async () => {
    const trainer = await findUserByEmail(a.db, DEMO_ACCOUNTS.trainer.email);
    if (!trainer) throw new Error('No demo trainer');
    const trainee = await signedInTrainee(a, 'scanner');
    const courseId = await courseWithSessions(a.db, {
      trainerId: trainer.id,
      times: ['00:00', '23:59'],
      traineeIds: [trainee.user.id],
    });
    const onB = open(b, (await a.tokens.issue('access', trainer)).token);
    await onB.opened;
    await socketsRegistered(b, trainer.id, 1);
    const counted = onB.waitFor((message) => message.type === 'attendance_marked');
    const response = await fetch(`${a.url}/api/v1/course/make-attendance/${courseId}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${trainee.token}` },
      body: JSON.stringify({ code: createAttendanceCodes(a.secret).current(courseId, new Date()).code }),
    });
    expect(response.status).toBe(201);
    expect(await within(counted, 'the count')).toMatchObject({
      type: 'attendance_marked',
      course_id: courseId,
      present: 1,
    });
    onB.socket.close();
  });

  it("endSessions through A closes the user's socket on B with 4401", async () => {
    const onB = open(b, await token());
    await onB.opened;
    await socketsRegistered(b, userId, 1);
    await a.live.endSessions(userId);
    expect(await within(onB.closed, 'the close')).toEqual({ code: SOCKET_REFUSED, reason: 'Session ended' });
    await socketsRegistered(b, userId, 0);
  });

  it('after a revocation through A, the old token opens no socket on B', async () => {
    const old = await token();
    const onB = open(b, old);
    await onB.opened;
    await socketsRegistered(b, userId, 1);
    await revokeSessions(a.db, userId);
    await a.live.endSessions(userId);
    expect((await within(onB.closed, 'the close')).code).toBe(SOCKET_REFUSED);
    const again = open(b, old);
    expect(await within(again.closed, 'the refusal')).toEqual({
      code: SOCKET_REFUSED,
      reason: 'Unauthorized',
    });
  });

  it('an instance whose listening connection drops listens again, and its sockets reconnect to read what they missed', async () => {
    const before = open(b, await token());
    await before.opened;
    await socketsRegistered(b, userId, 1);
    const admin = new pg.Client({ connectionString: b.databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(rows.map((row) => row.ended)).toEqual([true, true]);
    } finally {
      await admin.end();
    }
    // Events sent while B was away are lost to B: its sockets are told to reconnect (and re-read).
    expect((await within(before.closed, 'the close')).code).toBe(1012);
    const after = open(b, await token());
    await after.opened;
    await socketsRegistered(b, userId, 1);
    const pushed = after.waitFor((message) => message.type === 'new_notification');
    const id = await notifyThroughAdmin(a, 'After the drop');
    expect(await pushed).toEqual({ type: 'new_notification', id });
    after.socket.close();
  });
});
