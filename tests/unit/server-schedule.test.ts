import { toArabicIndicDigits } from '@contract/domain/digits';
import { addDays, weekdayOf, weekStartOf } from '@contract/domain/sessions';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SCHEDULE_MESSAGES } from '@contract/messages/schedule';
import type { RoutineSlot } from '@contract/wire/courses';
import { notificationListSchema } from '@contract/wire/notifications';
import { calendarFeedSchema, scheduleWeekSchema, sessionChangedSchema } from '@contract/wire/schedule';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreDate } from '../../server/centre-time';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { seedSchedule } from '../../server/schedule/seed';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let trainerToken: string;
let trainerId: number;
let facilitatorToken: string;
let strangerToken: string;
let trainee: { token: string; id: number };
const today = centreDate(new Date());

async function trainer(email: string, id: string): Promise<{ token: string; id: number }> {
  const user = await ensureUser(server.db, {
    email,
    password: 'Trainer#2026xyz',
    full_name: 'Hessa Al-Mulla',
    role: 'TRAINER',
    phone_number: '0552223333',
    govt_id_or_iqama_no: id,
    approved: true,
  });
  return { token: (await server.tokens.issue('access', user)).token, id: user.id };
}

/** An approved course of the schedule's trainer, from `start` to `end` days from today. */
async function course(start: number, end: number, routine: RoutineSlot[], title: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO courses (title, title_ar, category_id, cover_image, skill_level, routine, start_date, end_date,
       status, created_by)
     VALUES ($1, $2, (SELECT min(id) FROM course_categories), '/covers/x.png', 'Beginner', $3, $4, $5, 'Approved', $6)
     RETURNING id`,
    [
      title,
      `${title} بالعربية`,
      JSON.stringify(routine),
      addDays(today, start),
      addDays(today, end),
      trainerId,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no course');
  await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
    trainee.id,
    id,
  ]);
  return id;
}

const EVERY_DAY: RoutineSlot[] = (
  ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const
).map((day) => ({ day, start_time: '08:00', end_time: '09:00' }));

const { call } = testClient(() => server);

function details(answer: { body: unknown }): { field?: string; message: string }[] {
  return (answer.body as { details: { field?: string; message: string }[] }).details;
}

let everyDayId: number;
let twiceWeeklyId: number;

beforeAll(async () => {
  server = await startTestServer();
  const own = await trainer('schedule.trainer@example.com', '1077788899');
  trainerToken = own.token;
  trainerId = own.id;
  const facilitator = await trainer('schedule.facilitator@example.com', '1077788898');
  facilitatorToken = facilitator.token;
  strangerToken = (await trainer('schedule.stranger@example.com', '1077788897')).token;
  const made = await signedInTrainee(server, 'schedule');
  trainee = { token: made.token, id: made.user.id };
  everyDayId = await course(-14, 30, EVERY_DAY, 'Spreadsheets Every Day');
  twiceWeeklyId = await course(
    -7,
    35,
    [
      { day: 'Sunday', start_time: '10:00', end_time: '12:00' },
      { day: 'Tuesday', start_time: '10:00', end_time: '12:00' },
    ],
    'Public Speaking',
  );
  await server.db.query('INSERT INTO course_facilitators (course_id, user_id) VALUES ($1, $2)', [
    everyDayId,
    facilitator.id,
  ]);
});

afterAll(async () => {
  await server?.close();
});

/** The first date after `from` falling on `day`. */
function nextDay(from: string, day: string): string {
  let date = addDays(from, 1);
  while (weekdayOf(date) !== day) date = addDays(date, 1);
  return date;
}

describe('the week', () => {
  it('answers the week holding the date, Saturday to Friday, the sessions by date and time', async () => {
    const date = addDays(today, 7);
    const response = await call(`/schedule/?week=${date}`, { token: trainerToken });
    expect(response.status).toBe(200);
    const week = scheduleWeekSchema.parse(response.body);
    expect(week.week).toBe(weekStartOf(date));
    expect(weekdayOf(week.week)).toBe('Saturday');
    expect(week.today).toBe(today);
    const everyDay = week.sessions.filter((session) => session.course_id === everyDayId);
    expect(everyDay.map((session) => session.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(week.week, index)),
    );
    expect(everyDay.every((session) => session.role === 'trainer' && session.can_change)).toBe(true);
    const dates = week.sessions.map((session) => `${session.date} ${session.start_time}`);
    expect(dates).toEqual([...dates].sort());
  });

  it('answers this week without a date, and refuses a date that is not one', async () => {
    const week = scheduleWeekSchema.parse((await call('/schedule/', { token: trainerToken })).body);
    expect(week.week).toBe(weekStartOf(today));
    const refused = await call('/schedule/?week=2026-02-30', { token: trainerToken });
    expect(refused.status).toBe(400);
    expect(details(refused)[0]?.message).toBe(SCHEDULE_MESSAGES.weekInvalid);
  });

  it('shows a facilitator the courses they facilitate, and other trainers none of them', async () => {
    const facilitated = scheduleWeekSchema.parse(
      (await call(`/schedule/?week=${addDays(today, 7)}`, { token: facilitatorToken })).body,
    );
    expect(new Set(facilitated.sessions.map((session) => session.course_id))).toEqual(new Set([everyDayId]));
    expect(facilitated.sessions[0]?.role).toBe('facilitator');
    const stranger = scheduleWeekSchema.parse((await call('/schedule/', { token: strangerToken })).body);
    expect(stranger.sessions.filter((session) => session.course_id === everyDayId)).toEqual([]);
    expect((await call('/schedule/', { token: trainee.token })).status).toBe(403);
    expect((await call('/schedule/')).status).toBe(401);
  });

  it('leaves out pending and deleted courses', async () => {
    const hidden = await course(-3, 10, EVERY_DAY, 'Hidden Course');
    await server.db.query(`UPDATE courses SET status = 'Deleted' WHERE id = $1`, [hidden]);
    const week = scheduleWeekSchema.parse((await call('/schedule/', { token: trainerToken })).body);
    expect(week.sessions.some((session) => session.course_id === hidden)).toBe(false);
  });
});

describe('cancelling, moving and restoring a session', () => {
  it('cancels a session that has not ended, tells the enrolled trainees, and shows it cancelled', async () => {
    const date = addDays(today, 2);
    const response = await call('/schedule/changes/', {
      token: trainerToken,
      body: { course_id: everyDayId, session_date: date, action: 'cancelled', reason: 'The hall is closed' },
    });
    expect(response.status).toBe(201);
    expect(sessionChangedSchema.parse(response.body)).toEqual({
      message: SCHEDULE_MESSAGES.cancelled,
      course_id: everyDayId,
      session_date: date,
      notified: 1,
    });
    const notices = notificationListSchema.parse(
      (await call('/notification/', { token: trainee.token })).body,
    );
    expect(notices[0]?.title).toBe('Session cancelled');
    expect(notices[0]?.text).toContain('Spreadsheets Every Day');
    expect(notices[0]?.text).toContain('The hall is closed');
    expect(notices[0]?.text_ar).toContain(toArabicIndicDigits('08:00'));
    const week = scheduleWeekSchema.parse(
      (await call(`/schedule/?week=${date}`, { token: trainerToken })).body,
    );
    const session = week.sessions.find((s) => s.course_id === everyDayId && s.date === date);
    expect(session).toMatchObject({
      status: 'cancelled',
      reason: 'The hall is closed',
      can_change: false,
      can_restore: true,
    });

    const again = await call('/schedule/changes/', {
      token: trainerToken,
      body: { course_id: everyDayId, session_date: date, action: 'cancelled', reason: 'Again' },
    });
    expect(again.status).toBe(409);
    expect(details(again)[0]?.message).toBe(SCHEDULE_MESSAGES.alreadyChanged);
  });

  it('refuses a session that has ended, a date with no session, no reason, and a course not theirs', async () => {
    const ended = await call('/schedule/changes/', {
      token: trainerToken,
      body: { course_id: everyDayId, session_date: addDays(today, -1), action: 'cancelled', reason: 'Late' },
    });
    expect(ended.status).toBe(409);
    expect(details(ended)[0]?.message).toBe(SCHEDULE_MESSAGES.sessionEnded);
    const none = await call('/schedule/changes/', {
      token: trainerToken,
      body: { course_id: everyDayId, session_date: addDays(today, 60), action: 'cancelled', reason: 'x' },
    });
    expect(none.status).toBe(404);
    expect(details(none)[0]?.message).toBe(SCHEDULE_MESSAGES.notASession);
    const blank = await call('/schedule/changes/', {
      token: trainerToken,
      body: { course_id: everyDayId, session_date: addDays(today, 3), action: 'cancelled', reason: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(details(blank)).toEqual([{ field: 'reason', message: SCHEDULE_MESSAGES.reasonRequired }]);
    const stranger = await call('/schedule/changes/', {
      token: strangerToken,
      body: { course_id: everyDayId, session_date: addDays(today, 3), action: 'cancelled', reason: 'Mine' },
    });
    expect(stranger.status).toBe(403);
    expect(details(stranger)[0]?.message).toBe(AUTHORING_MESSAGES.notYourCourse);
    expect(
      (
        await call('/schedule/changes/', {
          token: trainee.token,
          body: { course_id: everyDayId, session_date: addDays(today, 3), action: 'cancelled', reason: 'x' },
        })
      ).status,
    ).toBe(403);
  });

  it('moves a session to a free date within the course, Arabic-Indic digits read as 0–9', async () => {
    const sunday = nextDay(addDays(today, 1), 'Sunday');
    const monday = addDays(sunday, 1);
    const response = await call('/schedule/changes/', {
      token: trainerToken,
      body: {
        course_id: twiceWeeklyId,
        session_date: sunday,
        action: 'moved',
        reason: 'Guest speaker',
        new_date: toArabicIndicDigits(monday),
        start_time: '١٣:٠٠',
        end_time: '١٥:٣٠',
      },
    });
    expect(response.status).toBe(201);
    expect(sessionChangedSchema.parse(response.body).message).toBe(SCHEDULE_MESSAGES.moved);
    const week = scheduleWeekSchema.parse(
      (await call(`/schedule/?week=${monday}`, { token: trainerToken })).body,
    );
    const mine = week.sessions.filter((session) => session.course_id === twiceWeeklyId);
    expect(mine.find((session) => session.original_date === sunday)).toMatchObject({
      date: monday,
      start_time: '13:00',
      end_time: '15:30',
      status: 'moved',
      reason: 'Guest speaker',
      can_restore: true,
    });
    expect(mine.some((session) => session.date === sunday)).toBe(false);
    const notices = notificationListSchema.parse(
      (await call('/notification/', { token: trainee.token })).body,
    );
    expect(notices[0]?.title).toBe('Session moved');
  });

  it('refuses a move onto another session, outside the course, into the past, or ending before it starts', async () => {
    const tuesday = nextDay(addDays(today, 1), 'Tuesday');
    const nextTuesday = addDays(tuesday, 7);
    const move = (body: Record<string, string>) =>
      call('/schedule/changes/', {
        token: trainerToken,
        body: { course_id: twiceWeeklyId, session_date: tuesday, action: 'moved', reason: 'Exams', ...body },
      });
    const times = { start_time: '10:00', end_time: '12:00' };
    expect(details(await move({ new_date: nextTuesday, ...times }))).toEqual([
      { field: 'new_date', message: SCHEDULE_MESSAGES.newDateTaken },
    ]);
    // The Sunday moved to Monday above: that Monday holds a session now.
    const movedMonday = addDays(nextDay(addDays(today, 1), 'Sunday'), 1);
    expect(details(await move({ new_date: movedMonday, ...times }))).toEqual([
      { field: 'new_date', message: SCHEDULE_MESSAGES.newDateTaken },
    ]);
    expect(details(await move({ new_date: addDays(today, 90), ...times }))).toEqual([
      { field: 'new_date', message: SCHEDULE_MESSAGES.newDateOutside },
    ]);
    const yesterday = addDays(today, -1);
    const past =
      weekdayOf(yesterday) === 'Sunday' || weekdayOf(yesterday) === 'Tuesday'
        ? addDays(today, -2)
        : yesterday;
    expect(details(await move({ new_date: past, ...times }))).toEqual([
      { field: 'start_time', message: SCHEDULE_MESSAGES.newTimePast },
    ]);
    expect(details(await move({ new_date: 'soon', start_time: '9', end_time: '08:00' }))).toEqual([
      { field: 'new_date', message: SCHEDULE_MESSAGES.dateInvalid },
      { field: 'start_time', message: SCHEDULE_MESSAGES.timeInvalid },
    ]);
    expect(
      details(await move({ new_date: addDays(tuesday, 1), start_time: '12:00', end_time: '11:00' })),
    ).toEqual([{ field: 'end_time', message: SCHEDULE_MESSAGES.endAfterStart }]);
  });

  it('restores a changed session once, telling the trainees', async () => {
    const date = addDays(today, 2);
    const response = await call(`/schedule/changes/${everyDayId}/${date}/`, {
      token: trainerToken,
      method: 'DELETE',
    });
    expect(response.status).toBe(200);
    expect(sessionChangedSchema.parse(response.body).message).toBe(SCHEDULE_MESSAGES.restored);
    const notices = notificationListSchema.parse(
      (await call('/notification/', { token: trainee.token })).body,
    );
    expect(notices[0]?.title).toBe('Session back on schedule');
    const again = await call(`/schedule/changes/${everyDayId}/${date}/`, {
      token: trainerToken,
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
    expect(details(again)[0]?.message).toBe(SCHEDULE_MESSAGES.notChanged);
    const week = scheduleWeekSchema.parse(
      (await call(`/schedule/?week=${date}`, { token: trainerToken })).body,
    );
    expect(week.sessions.find((s) => s.course_id === everyDayId && s.date === date)?.status).toBe(
      'scheduled',
    );
    expect(
      (await call(`/schedule/changes/${everyDayId}/${date}/`, { token: strangerToken, method: 'DELETE' }))
        .status,
    ).toBe(403);
  });
});

describe('the calendar feed', () => {
  /** The feed's events by UID: status, start (ISO, UTC) and summary. */
  async function events(path: string) {
    const response = await call(path);
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(response.bytes.toString('utf8')));
    return new Map(
      calendar.getAllSubcomponents('vevent').map((component) => {
        const event = new ICAL.Event(component);
        return [
          event.uid,
          {
            status: String(component.getFirstPropertyValue('status')),
            start: event.startDate.toJSDate().toISOString(),
            summary: event.summary,
          },
        ] as const;
      }),
    );
  }

  it("gives a trainee an address made once, whose feed has their courses' sessions in their language", async () => {
    // A cancellation to see in the feed.
    const cancelledOn = addDays(today, 4);
    expect(
      (
        await call('/schedule/changes/', {
          token: trainerToken,
          body: { course_id: everyDayId, session_date: cancelledOn, action: 'cancelled', reason: 'Holiday' },
        })
      ).status,
    ).toBe(201);
    const first = calendarFeedSchema.parse(
      (await call('/schedule/calendar-feed/?language=ar', { token: trainee.token })).body,
    );
    expect(first.path).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.language).toBe('ar');
    const again = calendarFeedSchema.parse(
      (await call('/schedule/calendar-feed/', { token: trainee.token })).body,
    );
    expect(again).toMatchObject({ path: first.path, language: 'ar' });

    const feed = await events(first.path);
    const cancelled = feed.get(`course-${everyDayId}-session-${cancelledOn}@kfu-training`);
    expect(cancelled).toEqual({
      status: 'CANCELLED',
      // 08:00 in Riyadh is 05:00 UTC.
      start: `${cancelledOn}T05:00:00.000Z`,
      summary: 'Spreadsheets Every Day بالعربية',
    });
    const sunday = nextDay(addDays(today, 1), 'Sunday');
    expect(feed.get(`course-${twiceWeeklyId}-session-${sunday}@kfu-training`)).toEqual({
      status: 'CONFIRMED',
      start: `${addDays(sunday, 1)}T10:00:00.000Z`,
      summary: 'Public Speaking بالعربية',
    });
    // Every session of both courses, once.
    expect([...feed.keys()].filter((uid) => uid.startsWith(`course-${everyDayId}-`))).toHaveLength(45);
  });

  it('ends the old address when a new one is made', async () => {
    const old = calendarFeedSchema.parse(
      (await call('/schedule/calendar-feed/', { token: trainee.token })).body,
    );
    const response = await call('/schedule/calendar-feed/', {
      token: trainee.token,
      body: { language: 'en' },
    });
    expect(response.status).toBe(201);
    const renewed = calendarFeedSchema.parse(response.body);
    expect(renewed.path).not.toBe(old.path);
    expect((await call(old.path)).status).toBe(404);
    const feed = await events(renewed.path);
    expect([...feed.values()].some((event) => event.summary === 'Public Speaking')).toBe(true);
  });

  it("gives a trainer the sessions of the courses they run or facilitate; nobody else's address", async () => {
    const made = calendarFeedSchema.parse(
      (await call('/schedule/calendar-feed/', { token: facilitatorToken })).body,
    );
    const feed = await events(made.path);
    const courses = new Set([...feed.keys()].map((uid) => uid.split('-session-')[0]));
    expect(courses).toEqual(new Set([`course-${everyDayId}`]));
    expect((await call('/calendar/not-a-secret.ics')).status).toBe(404);
    expect((await call(`/calendar/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await call('/schedule/calendar-feed/')).status).toBe(401);
  });
});

describe('the demo data', () => {
  it("fills the demo trainer's working days, with a cancelled and a moved session, once", async () => {
    const demo = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
    if (!demo) throw new Error('no demo trainer');
    const snapshot = async () =>
      (
        await server.db.query<{ routine: unknown; changes: string }>(
          `SELECT c.routine, (SELECT count(*) FROM session_changes s WHERE s.course_id = c.id)::text AS changes
           FROM courses c WHERE c.created_by = $1 AND c.status = 'Approved' AND c.start_date <= $2::date
             AND c.end_date >= $2::date ORDER BY c.id`,
          [demo.id, today],
        )
      ).rows;
    const before = await snapshot();
    const days = new Set(before.flatMap((row) => (row.routine as RoutineSlot[]).map((slot) => slot.day)));
    for (const day of ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      expect(days.has(day as RoutineSlot['day'])).toBe(true);
    }
    const { rows } = await server.db.query<{ action: string }>(
      `SELECT s.action FROM session_changes s JOIN courses c ON c.id = s.course_id WHERE c.created_by = $1`,
      [demo.id],
    );
    // Late on a Friday no session of the week is left to change.
    if (weekdayOf(today) !== 'Friday')
      expect(rows.map((row) => row.action).sort()).toEqual(['cancelled', 'moved']);
    await seedSchedule(server.db);
    expect(await snapshot()).toEqual(before);
  });
});
