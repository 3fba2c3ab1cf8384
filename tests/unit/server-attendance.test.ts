import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { addDays, weekdayOf } from '@contract/domain/sessions';
import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import {
  attendanceCodeSchema,
  attendanceCourseListSchema,
  attendanceGivenSchema,
  attendanceHistorySchema,
  attendanceSheetSchema,
  attendanceTicketSchema,
  rosterEntrySchema,
  rosterSchema,
} from '@contract/wire/attendance';
import { historyDetailsSchema } from '@contract/wire/history';
import { SOCKET_PATHS } from '@contract/wire/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createAdjustableClock } from '../../server/attendance/clock';
import { seedAttendance } from '../../server/attendance/seed';
import { centreDate } from '../../server/centre-time';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { SEED_TRAINERS } from '../../server/seed-content';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { courseIdBySlug, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { findUserByEmail, type UserRow } from '../../server/users';
import { testClient } from '../support/test-client';
import { liveUrl, openLiveClient, within } from './support/live-client';

/**
 * Attendance on the server: the rotating code with one step of grace (on an injected clock, moved
 * past rotations without waiting), tickets, giving attendance, marks by hand, the roster, the sheet,
 * the history and the live count. The clock stands on a Tuesday, 10:00 in Riyadh.
 */
const START = Date.UTC(2026, 10, 24, 7, 0, 3);
const clock = createAdjustableClock(() => START);
let server: TestServer;
let trainer: UserRow;
let trainerToken: string;
let otherTrainerToken: string;
let otherTrainer: UserRow;
let today: string;

beforeAll(async () => {
  server = await startTestServer({ attendanceClock: clock });
  const found = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  const other = await findUserByEmail(server.db, SEED_TRAINERS[0]?.email ?? '');
  if (!found || !other) throw new Error('The trainers are not seeded');
  trainer = found;
  otherTrainer = other;
  trainerToken = (await server.tokens.issue('access', trainer)).token;
  otherTrainerToken = (await server.tokens.issue('access', other)).token;
  today = centreDate(clock.now());
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

function messageOf(body: unknown): string | undefined {
  return (body as { details?: { message: string }[] } | null)?.details?.[0]?.message;
}

async function trainee(name: string) {
  return signedInTrainee(server, name);
}

async function codeOf(courseId: number, token = trainerToken): Promise<string> {
  const { status, body } = await call(`/attendance/courses/${courseId}/code/`, { token });
  expect(status).toBe(200);
  return attendanceCodeSchema.parse(body).code;
}

function give(courseId: number, token: string, input: { code: string }) {
  return call(`/course/make-attendance/${courseId}/`, { token, body: input });
}

/** A course of the demo trainer held every day, with these trainees. */
function everyDayCourse(traineeIds: number[], title?: string) {
  return courseWithSessions(server.db, {
    trainerId: trainer.id,
    now: clock.now(),
    traineeIds,
    ...(title ? { title } : {}),
  });
}

describe('the QR code', () => {
  it('is long, changes every step, differs by course, and is only for the course’s staff', async () => {
    const a = await everyDayCourse([]);
    const b = await everyDayCourse([]);
    const first = await call(`/attendance/courses/${a}/code/`, { token: trainerToken });
    expect(first.status).toBe(200);
    const code = attendanceCodeSchema.parse(first.body);
    expect(code).toMatchObject({ course_id: a, date: today, step_seconds: ATTENDANCE_STEP_SECONDS });
    expect(code.code.length).toBeGreaterThanOrEqual(40);
    expect(code.code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Date.parse(code.expires_at) - Date.parse(code.server_time)).toBeLessThanOrEqual(15_000);
    expect(Date.parse(code.expires_at)).toBeGreaterThan(Date.parse(code.server_time));
    expect(await codeOf(a)).toBe(code.code);
    expect(await codeOf(b)).not.toBe(code.code);
    clock.advance(ATTENDANCE_STEP_SECONDS);
    expect(await codeOf(a)).not.toBe(code.code);

    const { token } = await trainee('codepeek');
    expect((await call(`/attendance/courses/${a}/code/`, { token })).status).toBe(403);
    expect((await call(`/attendance/courses/${a}/code/`, { token: otherTrainerToken })).status).toBe(403);
    expect((await call(`/attendance/courses/${a}/code/`)).status).toBe(401);
    expect((await call('/attendance/courses/99999999/code/', { token: trainerToken })).status).toBe(404);
    // A facilitator shows it too.
    await server.db.query('INSERT INTO course_facilitators (course_id, user_id) VALUES ($1, $2)', [
      a,
      otherTrainer.id,
    ]);
    expect((await call(`/attendance/courses/${a}/code/`, { token: otherTrainerToken })).status).toBe(200);
  });

  it('is not given on a day without a session, nor on a cancelled one', async () => {
    const notToday = await courseWithSessions(server.db, {
      trainerId: trainer.id,
      now: clock.now(),
      days: [weekdayOf(addDays(today, 1))],
    });
    const none = await call(`/attendance/courses/${notToday}/code/`, { token: trainerToken });
    expect(none.status).toBe(404);
    expect(messageOf(none.body)).toBe(ATTENDANCE_MESSAGES.noClass);
    const cancelled = await everyDayCourse([]);
    await server.db.query(
      `INSERT INTO session_changes (course_id, session_date, action, reason) VALUES ($1, $2, 'cancelled', 'Holiday')`,
      [cancelled, today],
    );
    expect((await call(`/attendance/courses/${cancelled}/code/`, { token: trainerToken })).status).toBe(404);
  });
});

describe('giving attendance', () => {
  it('marks an enrolled trainee present once: given, then already', async () => {
    const { user, token } = await trainee('scanner');
    const course = await everyDayCourse([user.id]);
    const code = await codeOf(course);
    const given = await give(course, token, { code });
    expect(given.status).toBe(201);
    expect(attendanceGivenSchema.parse(given.body)).toEqual({
      success: true,
      message: ATTENDANCE_MESSAGES.given,
      course_id: course,
      date: today,
    });
    const { rows } = await server.db.query<{ status: string; marked_by: string }>(
      'SELECT status, marked_by FROM attendance WHERE course_id = $1 AND user_id = $2',
      [course, user.id],
    );
    expect(rows).toEqual([{ status: 'Present', marked_by: 'qr' }]);
    const again = await give(course, token, { code });
    expect(again.status).toBe(409);
    expect(messageOf(again.body)).toBe(ATTENDANCE_MESSAGES.already);
  });

  it('accepts the code of the step before (grace) and refuses older ones as expired', async () => {
    const { user: first, token: firstToken } = await trainee('grace');
    const { user: second, token: secondToken } = await trainee('late');
    const course = await everyDayCourse([first.id, second.id]);
    const code = await codeOf(course);
    clock.advance(ATTENDANCE_STEP_SECONDS);
    expect((await give(course, firstToken, { code })).status).toBe(201);
    clock.advance(ATTENDANCE_STEP_SECONDS);
    const late = await give(course, secondToken, { code });
    expect(late.status).toBe(400);
    expect(messageOf(late.body)).toBe(ATTENDANCE_MESSAGES.expired);
    // The current one still works.
    expect((await give(course, secondToken, { code: await codeOf(course) })).status).toBe(201);
  });

  it('refuses a code from a later step, of another course, or tampered with as not valid', async () => {
    const { user, token } = await trainee('forger');
    const course = await everyDayCourse([user.id]);
    const other = await everyDayCourse([user.id]);
    clock.advance(ATTENDANCE_STEP_SECONDS);
    const future = await codeOf(course);
    clock.advance(-ATTENDANCE_STEP_SECONDS);
    const code = await codeOf(course);
    const tampered = `${code.slice(0, -2)}${code.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const wrong of [future, await codeOf(other), tampered, 'x', 'not a code!']) {
      const refused = await give(course, token, { code: wrong });
      expect(refused.status, wrong).toBe(400);
      expect(messageOf(refused.body)).toBe(ATTENDANCE_MESSAGES.invalid);
    }
    const tooLong = await give(course, token, { code: 'a'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect((await give(course, token, {} as { code: string })).status).toBe(400);
  });

  it('refuses a trainer, someone not enrolled, and a day without a session', async () => {
    const { user, token } = await trainee('outsider');
    const course = await everyDayCourse([]);
    const code = await codeOf(course);
    const trainerTry = await give(course, trainerToken, { code });
    expect(trainerTry.status).toBe(403);
    expect(messageOf(trainerTry.body)).toBe(ATTENDANCE_MESSAGES.traineesOnly);
    const outsider = await give(course, token, { code });
    expect(outsider.status).toBe(403);
    expect(messageOf(outsider.body)).toBe(ATTENDANCE_MESSAGES.notEnrolled);
    // A withdrawal waiting for the administrator still takes part; a withdrawn trainee does not.
    await server.db.query(
      `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'withdrawal_requested')`,
      [user.id, course],
    );
    expect((await give(course, token, { code })).status).toBe(201);
    const { user: gone, token: goneToken } = await trainee('withdrawn');
    await server.db.query(
      `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'withdrawn')`,
      [gone.id, course],
    );
    expect(messageOf((await give(course, goneToken, { code })).body)).toBe(ATTENDANCE_MESSAGES.notEnrolled);

    const tomorrowOnly = await courseWithSessions(server.db, {
      trainerId: trainer.id,
      now: clock.now(),
      days: [weekdayOf(addDays(today, 1))],
      traineeIds: [user.id],
    });
    const noClass = await give(tomorrowOnly, token, { code });
    expect(noClass.status).toBe(404);
    expect(messageOf(noClass.body)).toBe(ATTENDANCE_MESSAGES.noClass);
    const cancelled = await everyDayCourse([user.id]);
    const cancelledCode = await codeOf(cancelled);
    await server.db.query(
      `INSERT INTO session_changes (course_id, session_date, action, reason) VALUES ($1, $2, 'cancelled', 'Holiday')`,
      [cancelled, today],
    );
    expect(messageOf((await give(cancelled, token, { code: cancelledCode })).body)).toBe(
      ATTENDANCE_MESSAGES.noClass,
    );
    expect((await give(99_999_999, token, { code })).status).toBe(404);
    expect((await give(course, '', { code })).status).toBe(401);
  });

  it('turns a trainee marked Absent by hand who scans into Present', async () => {
    const { user, token } = await trainee('absentee');
    const course = await everyDayCourse([user.id]);
    const marked = await call(`/attendance/courses/${course}/marks/`, {
      token: trainerToken,
      body: { user_id: user.id, date: today, status: 'Absent' },
    });
    expect(rosterEntrySchema.parse(marked.body)).toMatchObject({ status: 'Absent', marked_by: 'trainer' });
    expect((await give(course, token, { code: await codeOf(course) })).status).toBe(201);
    const roster = rosterSchema.parse(
      (await call(`/attendance/courses/${course}/`, { token: trainerToken })).body,
    );
    expect(roster.trainees[0]).toMatchObject({ user_id: user.id, status: 'Present', marked_by: 'qr' });
  });
});

describe('tickets', () => {
  const COOKIE = 'attendance_ticket';

  /** A ticket made from the course's current code, as the scanning browser gets it. */
  async function scan(course: number, headers: Record<string, string> = {}) {
    const made = await call('/attendance/tickets/', {
      body: { course_id: course, code: await codeOf(course) },
      headers,
    });
    expect(made.status).toBe(201);
    const [setCookie = ''] = made.headers.getSetCookie();
    const value = new RegExp(`^${COOKIE}=([^;]+)`).exec(setCookie)?.[1] ?? '';
    return { made, setCookie, value, cookie: { Cookie: `${COOKIE}=${value}` } };
  }

  function giveWithTicket(course: number, token: string, headers: Record<string, string> = {}) {
    return call(`/course/make-attendance/${course}/`, { token, body: { ticket: true }, headers });
  }

  it('live in an httpOnly cookie of the scanning browser, for its attendance call only, never in the body', async () => {
    const { user, token } = await trainee('ticketholder');
    const course = await everyDayCourse([user.id]);
    const { made, setCookie, value, cookie } = await scan(course);
    const ticket = attendanceTicketSchema.parse(made.body);
    expect(Object.keys(made.body).sort()).toEqual(['expires_at', 'expires_in']);
    expect(made.bytes.toString('utf8')).not.toContain(value);
    expect(value).toMatch(/^\d+\.\d{4}-\d{2}-\d{2}\.\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const attributes = setCookie.split('; ').slice(1);
    expect(attributes.sort()).toEqual(
      [
        `Max-Age=${ticket.expires_in}`,
        `Path=/api/v1/course/make-attendance/${course}/`,
        'HttpOnly',
        'SameSite=Strict',
      ].sort(),
    );
    const given = await giveWithTicket(course, token, cookie);
    expect(given.status).toBe(201);
    expect(attendanceGivenSchema.parse(given.body).message).toBe(ATTENDANCE_MESSAGES.given);
    // Used: the browser is told to drop it.
    const [cleared = ''] = given.headers.getSetCookie();
    expect(cleared).toMatch(new RegExp(`^${COOKIE}=;`));
    expect(cleared).toContain('Max-Age=0');
    expect(cleared).toContain(`Path=/api/v1/course/make-attendance/${course}/`);
  });

  it('are Secure over https (behind a trusted proxy, as the other cookies decide)', async () => {
    const course = await everyDayCourse([]);
    const proxied = buildApp({
      db: server.db,
      secret: server.secret,
      trustProxy: true,
      attendanceClock: clock,
    });
    const answer = await proxied.app.request('/api/v1/attendance/tickets/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-For': '203.0.113.9',
      },
      body: JSON.stringify({ course_id: course, code: await codeOf(course) }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.getSetCookie()[0]?.split('; ')).toContain('Secure');
    const { setCookie } = await scan(course);
    expect(setCookie.split('; ')).not.toContain('Secure');
  });

  it('end with the grace of the code they were made from, not later', async () => {
    const { user: first, token: firstToken } = await trainee('intime');
    const { user: second, token: secondToken } = await trainee('toolate');
    const course = await everyDayCourse([first.id, second.id]);
    const code = attendanceCodeSchema.parse(
      (await call(`/attendance/courses/${course}/code/`, { token: trainerToken })).body,
    );
    const a = await scan(course);
    const b = await scan(course);
    const end = Date.parse(attendanceTicketSchema.parse(a.made.body).expires_at);
    // The code's own step, then one step of grace.
    expect(end).toBe(Date.parse(code.expires_at) + ATTENDANCE_STEP_SECONDS * 1000);
    expect(attendanceTicketSchema.parse(a.made.body).expires_in).toBe(
      Math.ceil((end - clock.now().getTime()) / 1000),
    );
    clock.advance((end - clock.now().getTime()) / 1000 - 1);
    expect((await giveWithTicket(course, firstToken, a.cookie)).status).toBe(201);
    clock.advance(1);
    const late = await giveWithTicket(course, secondToken, b.cookie);
    expect(late.status).toBe(400);
    expect(messageOf(late.body)).toBe(ATTENDANCE_MESSAGES.expired);
    // Used tickets are kept only until their end: the next use removes them.
    const nonceOf = (value: string) => value.split('.')[3];
    const used = () =>
      server.db.query('SELECT 1 FROM attendance_tickets_used WHERE nonce = $1', [nonceOf(a.value)]);
    expect((await used()).rows).toHaveLength(1);
    const c = await scan(course);
    expect((await giveWithTicket(course, secondToken, c.cookie)).status).toBe(201);
    expect((await used()).rows).toHaveLength(0);
  });

  it('refuse a copied ticket: another browser without the cookie, or the ticket in the body', async () => {
    const { user: scanner, token: scannerToken } = await trainee('inroom');
    const { user: friend, token: friendToken } = await trainee('athome');
    const course = await everyDayCourse([scanner.id, friend.id]);
    const { value, cookie } = await scan(course);
    const elsewhere = await giveWithTicket(course, friendToken);
    expect(elsewhere.status).toBe(403);
    expect(messageOf(elsewhere.body)).toBe(ATTENDANCE_MESSAGES.otherDevice);
    const inBody = await call(`/course/make-attendance/${course}/`, {
      token: friendToken,
      body: { ticket: value },
    });
    expect(inBody.status).toBe(400);
    expect(messageOf(inBody.body)).toBe(ATTENDANCE_MESSAGES.invalid);
    // Another course's ticket, or one changed by hand, is not valid.
    const other = await everyDayCourse([friend.id]);
    expect(messageOf((await giveWithTicket(other, friendToken, cookie)).body)).toBe(
      ATTENDANCE_MESSAGES.invalid,
    );
    const forged = value.replace(
      /^(\d+\.[^.]+\.)(\d+)/,
      (_, head: string, expiry: string) => `${head}${Number(expiry) + 600}`,
    );
    expect(
      messageOf((await giveWithTicket(course, friendToken, { Cookie: `${COOKIE}=${forged}` })).body),
    ).toBe(ATTENDANCE_MESSAGES.invalid);
    // Nobody was marked; the scanner's own browser still gives it.
    expect((await giveWithTicket(course, scannerToken, cookie)).status).toBe(201);
    const { rows } = await server.db.query('SELECT user_id FROM attendance WHERE course_id = $1', [course]);
    expect(rows).toEqual([{ user_id: scanner.id }]);
  });

  it('are used once: a second person with the same cookie is refused, the same one is already present', async () => {
    const { user: first, token: firstToken } = await trainee('firstuse');
    const { user: second, token: secondToken } = await trainee('seconduse');
    const course = await everyDayCourse([first.id, second.id]);
    const { cookie } = await scan(course);
    expect((await giveWithTicket(course, firstToken, cookie)).status).toBe(201);
    const reused = await giveWithTicket(course, secondToken, cookie);
    expect(reused.status).toBe(409);
    expect(messageOf(reused.body)).toBe(ATTENDANCE_MESSAGES.ticketUsed);
    expect(reused.headers.getSetCookie()[0]).toContain('Max-Age=0');
    const again = await giveWithTicket(course, firstToken, cookie);
    expect(again.status).toBe(409);
    expect(messageOf(again.body)).toBe(ATTENDANCE_MESSAGES.already);
    const { rows } = await server.db.query('SELECT user_id FROM attendance WHERE course_id = $1', [course]);
    expect(rows).toEqual([{ user_id: first.id }]);
  });

  it('are made only from a fresh, valid code', async () => {
    const course = await everyDayCourse([]);
    const code = await codeOf(course);
    const wrong = await call('/attendance/tickets/', { body: { course_id: course, code: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(messageOf(wrong.body)).toBe(ATTENDANCE_MESSAGES.invalid);
    clock.advance(2 * ATTENDANCE_STEP_SECONDS);
    const old = await call('/attendance/tickets/', { body: { course_id: course, code } });
    expect(old.status).toBe(400);
    expect(messageOf(old.body)).toBe(ATTENDANCE_MESSAGES.expired);
    expect((await call('/attendance/tickets/', { body: { course_id: 'x', code } })).status).toBe(400);
    expect(
      (await call('/attendance/tickets/', { body: { course_id: course, code: 'a'.repeat(201) } })).status,
    ).toBe(400);
  });
});

describe('the trainer’s side', () => {
  it('lists the courses taught or facilitated, with today’s sessions and the next day', async () => {
    const course = await everyDayCourse([], 'Listed course');
    const later = await courseWithSessions(server.db, {
      trainerId: trainer.id,
      now: clock.now(),
      days: [weekdayOf(addDays(today, 2))],
    });
    const list = attendanceCourseListSchema.parse(
      (await call('/attendance/courses/', { token: trainerToken })).body,
    );
    expect(list.today).toBe(today);
    const listed = list.results.find((entry) => entry.course_id === course);
    expect(listed?.title).toBe('Listed course');
    expect(listed?.today).toHaveLength(1);
    expect(listed?.next_date).toBe(addDays(today, 1));
    const other = list.results.find((entry) => entry.course_id === later);
    expect(other?.today).toEqual([]);
    expect(other?.next_date).toBe(addDays(today, 2));
    const { token } = await trainee('lister');
    expect((await call('/attendance/courses/', { token })).status).toBe(403);
    const others = attendanceCourseListSchema.parse(
      (await call('/attendance/courses/', { token: otherTrainerToken })).body,
    );
    expect(others.results.some((entry) => entry.course_id === later)).toBe(false);
  });

  it('marks by hand on a session day up to today only, and only people taking part', async () => {
    const { user } = await trainee('handmarked');
    const { user: stranger } = await trainee('stranger');
    const course = await courseWithSessions(server.db, {
      trainerId: trainer.id,
      now: clock.now(),
      days: [weekdayOf(today), weekdayOf(addDays(today, -2))],
      traineeIds: [user.id],
    });
    const mark = (body: unknown, token = trainerToken) =>
      call(`/attendance/courses/${course}/marks/`, { token, body });
    const future = await mark({ user_id: user.id, date: addDays(today, 7), status: 'Present' });
    expect(future.status).toBe(400);
    expect(messageOf(future.body)).toBe(ATTENDANCE_MESSAGES.futureSession);
    const noSession = await mark({ user_id: user.id, date: addDays(today, -1), status: 'Present' });
    expect(noSession.status).toBe(400);
    expect(messageOf(noSession.body)).toBe(ATTENDANCE_MESSAGES.notSessionDay);
    expect(messageOf((await mark({ user_id: user.id, date: '2026-02-30', status: 'Present' })).body)).toBe(
      ATTENDANCE_MESSAGES.notSessionDay,
    );
    const notTrainee = await mark({ user_id: stranger.id, date: today, status: 'Present' });
    expect(notTrainee.status).toBe(400);
    expect(messageOf(notTrainee.body)).toBe(ATTENDANCE_MESSAGES.notTrainee);
    expect(messageOf((await mark({ user_id: trainer.id, date: today, status: 'Present' })).body)).toBe(
      ATTENDANCE_MESSAGES.notTrainee,
    );
    expect((await mark({ user_id: user.id, date: today, status: 'Late' })).status).toBe(400);
    expect((await mark({ user_id: user.id, date: today, status: 'Present' }, otherTrainerToken)).status).toBe(
      403,
    );
    const past = await mark({ user_id: user.id, date: addDays(today, -2), status: 'Present' });
    expect(past.status).toBe(200);
    expect(rosterEntrySchema.parse(past.body)).toMatchObject({
      user_id: user.id,
      status: 'Present',
      marked_by: 'trainer',
    });
    const roster = rosterSchema.parse(
      (await call(`/attendance/courses/${course}/?date=${addDays(today, -2)}`, { token: trainerToken })).body,
    );
    expect(roster).toMatchObject({ date: addDays(today, -2), today, present: 1, enrolled: 1 });
    expect(roster.session?.date).toBe(addDays(today, -2));
    expect(
      (await call(`/attendance/courses/${course}/?date=yesterday`, { token: trainerToken })).status,
    ).toBe(400);
  });

  it('reads the roster of today: not marked yet, then the count', async () => {
    const { user: a, token: aToken } = await trainee('rostera');
    const { user: b } = await trainee('rosterb');
    const course = await everyDayCourse([a.id, b.id]);
    const before = rosterSchema.parse(
      (await call(`/attendance/courses/${course}/`, { token: trainerToken })).body,
    );
    expect(before).toMatchObject({ date: today, present: 0, enrolled: 2 });
    expect(before.trainees.map((entry) => entry.status)).toEqual([null, null]);
    await give(course, aToken, { code: await codeOf(course) });
    const after = rosterSchema.parse(
      (await call(`/attendance/courses/${course}/`, { token: trainerToken })).body,
    );
    expect(after.present).toBe(1);
    expect(after.trainees.find((entry) => entry.user_id === a.id)).toMatchObject({
      status: 'Present',
      marked_by: 'qr',
    });
    expect(after.trainees.find((entry) => entry.user_id === b.id)?.status).toBeNull();
  });

  it('makes the sheet: every session held up to today, unmarked past ones Absent, today’s not yet', async () => {
    const { user: a, token: aToken } = await trainee('sheeta');
    const { user: b } = await trainee('sheetb');
    const course = await courseWithSessions(server.db, {
      trainerId: trainer.id,
      now: clock.now(),
      days: [weekdayOf(today), weekdayOf(addDays(today, -3))],
      startOffset: -10,
      traineeIds: [a.id, b.id],
    });
    // The session three days ago is cancelled; the one of ten days ago was moved to yesterday.
    await server.db.query(
      `INSERT INTO session_changes (course_id, session_date, action, reason) VALUES ($1, $2, 'cancelled', '')`,
      [course, addDays(today, -3)],
    );
    await server.db.query(
      `INSERT INTO session_changes (course_id, session_date, action, new_date, start_time, end_time, reason)
       VALUES ($1, $2, 'moved', $3, '13:00', '15:00', '')`,
      [course, addDays(today, -10), addDays(today, -1)],
    );
    await call(`/attendance/courses/${course}/marks/`, {
      token: trainerToken,
      body: { user_id: a.id, date: addDays(today, -7), status: 'Present' },
    });
    await give(course, aToken, { code: await codeOf(course) });
    const sheet = attendanceSheetSchema.parse(
      (await call(`/attendance/courses/${course}/sheet/`, { token: trainerToken })).body,
    );
    expect(sheet.sessions.map((session) => session.date)).toEqual([
      addDays(today, -7),
      addDays(today, -1),
      today,
    ]);
    const rowOf = (id: number) => sheet.trainees.find((row) => row.user_id === id);
    expect(rowOf(a.id)).toMatchObject({ marks: ['Present', 'Absent', 'Present'], present: 2 });
    expect(rowOf(b.id)).toMatchObject({ marks: ['Absent', 'Absent', null], present: 0 });
    const { token } = await trainee('sheetpeek');
    expect((await call(`/attendance/courses/${course}/sheet/`, { token })).status).toBe(403);
    expect((await call(`/attendance/courses/${course}/sheet/`, { token: otherTrainerToken })).status).toBe(
      403,
    );
  });
});

describe('the history', () => {
  it('lists each session held so far per course, Present or Absent, with the count', async () => {
    const { user, token } = await trainee('historian');
    const empty = await call('/attendance/history/', { token });
    expect(attendanceHistorySchema.parse(empty.body)).toEqual({ results: [] });
    const course = await courseWithSessions(server.db, {
      trainerId: trainer.id,
      now: clock.now(),
      days: [weekdayOf(today), weekdayOf(addDays(today, -1))],
      startOffset: -8,
      title: 'History course',
      traineeIds: [user.id],
    });
    await call(`/attendance/courses/${course}/marks/`, {
      token: trainerToken,
      body: { user_id: user.id, date: addDays(today, -1), status: 'Present' },
    });
    const before = attendanceHistorySchema.parse((await call('/attendance/history/', { token })).body);
    // Today's session is under way and unmarked: not counted yet.
    expect(before.results).toEqual([
      {
        course_id: course,
        title: 'History course',
        title_ar: expect.any(String),
        present: 1,
        held: 3,
        sessions: [
          { date: addDays(today, -8), start_time: '08:00', end_time: '12:00', status: 'Absent' },
          { date: addDays(today, -7), start_time: '08:00', end_time: '12:00', status: 'Absent' },
          { date: addDays(today, -1), start_time: '08:00', end_time: '12:00', status: 'Present' },
        ],
      },
    ]);
    await give(course, token, { code: await codeOf(course) });
    const after = attendanceHistorySchema.parse((await call('/attendance/history/', { token })).body);
    expect(after.results[0]).toMatchObject({ present: 2, held: 4 });
    expect(after.results[0]?.sessions.at(-1)).toMatchObject({ date: today, status: 'Present' });
    expect((await call('/attendance/history/', { token: trainerToken })).status).toBe(403);
    expect((await call('/attendance/history/')).status).toBe(401);
  });

  it('says what the course history says, right after a scan', async () => {
    const { user, token } = await trainee('scanner');
    const course = await courseWithSessions(server.db, {
      trainerId: trainer.id,
      now: clock.now(),
      startOffset: 0,
      title: 'First session',
      traineeIds: [user.id],
    });
    const record = async () =>
      historyDetailsSchema.parse((await call(`/course/history/${course}/`, { token })).body);
    // Before the first session has taken attendance (it is under way): none held, on both pages.
    expect(attendanceHistorySchema.parse((await call('/attendance/history/', { token })).body)).toEqual({
      results: [],
    });
    expect(await record()).toMatchObject({ sessions_held: 0, present: 0, attendance_rate: null });

    expect((await give(course, token, { code: await codeOf(course) })).status).toBe(201);
    const attendance = attendanceHistorySchema.parse((await call('/attendance/history/', { token })).body);
    expect(attendance.results.find((entry) => entry.course_id === course)).toMatchObject({
      held: 1,
      present: 1,
      sessions: [{ date: today, status: 'Present' }],
    });
    expect(await record()).toMatchObject({ sessions_held: 1, present: 1, attendance_rate: 100, hours: 4 });

    // A classmate who has not scanned yet: the session is held, and they are not present at it.
    const { user: late, token: lateToken } = await trainee('latecomer');
    await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
      late.id,
      course,
    ]);
    const lateRecord = historyDetailsSchema.parse(
      (await call(`/course/history/${course}/`, { token: lateToken })).body,
    );
    const lateAttendance = attendanceHistorySchema.parse(
      (await call('/attendance/history/', { token: lateToken })).body,
    );
    expect(lateRecord).toMatchObject({ sessions_held: 1, present: 0, attendance_rate: 0 });
    expect(lateAttendance.results[0]).toMatchObject({ course_id: course, held: 1, present: 0 });
  });

  it('shows the demo trainee’s seeded attendance, and seeding again changes nothing', async () => {
    const demo = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
    if (!demo) throw new Error('No demo trainee');
    const cloud = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
    const count = async () =>
      (
        await server.db.query<{ n: number; present: number }>(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'Present')::int AS present
           FROM attendance WHERE course_id = $1 AND user_id = $2`,
          [cloud, demo.id],
        )
      ).rows[0];
    const seeded = await count();
    expect(seeded?.n).toBeGreaterThan(1);
    expect(seeded?.present).toBeGreaterThan(0);
    expect(seeded?.present).toBeLessThan(seeded?.n ?? 0);
    await seedAttendance(server.db, new Date(Date.now() + 7 * 86_400_000));
    expect(await count()).toEqual(seeded);
  });
});

describe('the live count', () => {
  it('tells the course’s trainer and facilitators of every mark, and no one else', async () => {
    const { user, token } = await trainee('livewire');
    const { user: other } = await trainee('livewire2');
    const course = await everyDayCourse([user.id, other.id]);
    await server.db.query('INSERT INTO course_facilitators (course_id, user_id) VALUES ($1, $2)', [
      course,
      otherTrainer.id,
    ]);
    const trainerSocket = openLiveClient(liveUrl(server, SOCKET_PATHS.notifications, trainerToken));
    const facilitatorSocket = openLiveClient(liveUrl(server, SOCKET_PATHS.notifications, otherTrainerToken));
    const traineeSocket = openLiveClient(liveUrl(server, SOCKET_PATHS.notifications, token));
    try {
      await Promise.all([trainerSocket.opened, facilitatorSocket.opened, traineeSocket.opened]);
      await within(
        (async () => {
          while (server.live.openSockets(trainer.id) === 0 || server.live.openSockets(user.id) === 0)
            await new Promise((resolve) => setTimeout(resolve, 20));
        })(),
        'sockets registered',
      );
      expect((await give(course, token, { code: await codeOf(course) })).status).toBe(201);
      const isCourse = (present: number) => (message: { type: string }) =>
        message.type === 'attendance_marked' &&
        (message as unknown as { present: number }).present === present &&
        (message as unknown as { course_id: number }).course_id === course;
      expect(await within(trainerSocket.waitFor(isCourse(1)), 'trainer')).toEqual({
        type: 'attendance_marked',
        course_id: course,
        date: today,
        present: 1,
      });
      await within(facilitatorSocket.waitFor(isCourse(1)), 'facilitator');
      await call(`/attendance/courses/${course}/marks/`, {
        token: trainerToken,
        body: { user_id: other.id, date: today, status: 'Present' },
      });
      await within(trainerSocket.waitFor(isCourse(2)), 'trainer, by hand');
      await call(`/attendance/courses/${course}/marks/`, {
        token: trainerToken,
        body: { user_id: other.id, date: today, status: 'Absent' },
      });
      await within(trainerSocket.waitFor(isCourse(1)), 'trainer, marked absent');
      expect(traineeSocket.messages.filter((message) => message.type === 'attendance_marked')).toEqual([]);
    } finally {
      for (const client of [trainerSocket, facilitatorSocket, traineeSocket]) client.socket.close();
    }
  });
});

describe('the clock of development servers', () => {
  it('moves forward for the admin token only', async () => {
    const before = clock.now().getTime();
    const refused = await call('/dev/attendance/clock/', { body: { seconds: 30 } });
    expect(refused.status).toBe(401);
    const moved = await call('/dev/attendance/clock/', {
      body: { seconds: 30 },
      admin: true,
    });
    expect(moved.status).toBe(200);
    expect(clock.now().getTime() - before).toBe(30_000);
  });
});
