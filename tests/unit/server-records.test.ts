import { randomUUID } from 'node:crypto';
import { RECORDS_VALIDATION } from '@contract/forms/records';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { RECORDS_MESSAGES } from '@contract/messages/records';
import { trainerCourseListSchema } from '@contract/wire/authoring';
import { courseCardPageSchema } from '@contract/wire/courses';
import { ongoingCoursesSchema } from '@contract/wire/learning';
import {
  completedCourseSchema,
  completionSavedSchema,
  completionSettingsSchema,
  courseHistorySchema,
} from '@contract/wire/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTHORING_COURSES } from '../../server/authoring/course-seed';
import { centreInstant } from '../../server/centre-time';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import {
  type CompletionCourse,
  completionOf,
  courseCompletion,
  heldSessions,
  traineeCompletion,
} from '../../server/records/completion';
import { RECORD_COURSES, seedRecords } from '../../server/records/seed';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail, type UserRow } from '../../server/users';
import { testClient } from '../support/test-client';

const RULE = { min_attendance: 75, min_grade: 5 };

describe('completion rule (pure)', () => {
  it('completes at exactly the minimum attendance and average, not a hair below', () => {
    expect(completionOf({ held: 8, present: 6, grades: [5, 5] }, RULE)).toEqual({
      attendance_rate: 75,
      average_grade: 5,
      attendance_met: true,
      grade_met: true,
      completed: true,
    });
    // 11 of 15 is 73.3 %.
    expect(completionOf({ held: 15, present: 11, grades: [10] }, RULE)).toMatchObject({
      attendance_rate: 73.3,
      attendance_met: false,
      completed: false,
    });
    // 4.99 + 5.01 + 5 is exactly 15: no floating-point shortfall.
    expect(completionOf({ held: 4, present: 4, grades: [4.99, 5.01, 5] }, RULE)).toMatchObject({
      average_grade: 5,
      grade_met: true,
      completed: true,
    });
    expect(completionOf({ held: 4, present: 4, grades: [4.99, 5] }, RULE)).toMatchObject({
      average_grade: 5,
      grade_met: false,
      completed: false,
    });
  });

  it('counts missing work as 0', () => {
    expect(completionOf({ held: 2, present: 2, grades: [10, null] }, RULE)).toMatchObject({
      average_grade: 5,
      completed: true,
    });
    expect(completionOf({ held: 2, present: 2, grades: [9, null] }, RULE)).toMatchObject({
      average_grade: 4.5,
      grade_met: false,
      completed: false,
    });
    expect(completionOf({ held: 2, present: 2, grades: [null, null] }, RULE)).toMatchObject({
      average_grade: 0,
      completed: false,
    });
  });

  it('holds a half of the rule that has nothing to measure, and reports no figure for it', () => {
    expect(completionOf({ held: 0, present: 0, grades: [] }, RULE)).toEqual({
      attendance_rate: null,
      average_grade: null,
      attendance_met: true,
      grade_met: true,
      completed: true,
    });
  });

  it('follows the course’s own rule', () => {
    const facts = { held: 10, present: 8, grades: [6.5] };
    expect(completionOf(facts, { min_attendance: 80, min_grade: 6.5 }).completed).toBe(true);
    expect(completionOf(facts, { min_attendance: 81, min_grade: 6.5 }).completed).toBe(false);
    expect(completionOf(facts, { min_attendance: 80, min_grade: 6.51 }).completed).toBe(false);
    expect(completionOf(facts, { min_attendance: 0, min_grade: 0 }).completed).toBe(true);
  });

  it('never counts more presences than sessions held', () => {
    expect(completionOf({ held: 3, present: 5, grades: [] }, RULE).attendance_rate).toBe(100);
  });
});

describe('sessions that count', () => {
  // 2026-11-01 is a Sunday; sessions Sunday and Tuesday 17:00–19:00 (Riyadh).
  const course: CompletionCourse = {
    id: 1,
    start_date: '2026-11-01',
    end_date: '2026-11-30',
    closed_at: null,
    routine: [
      { day: 'Sunday', start_time: '17:00', end_time: '19:00' },
      { day: 'Tuesday', start_time: '17:00', end_time: '19:00' },
    ],
    rule: RULE,
  };

  it('counts a session once it has ended, in the centre’s time', () => {
    const dates = (now: Date) => heldSessions(course, [], now).map((session) => session.date);
    expect(dates(centreInstant('2026-11-03', '18:59'))).toEqual(['2026-11-01']);
    expect(dates(centreInstant('2026-11-03', '19:00'))).toEqual(['2026-11-01', '2026-11-03']);
    expect(dates(centreInstant('2026-12-31', '00:00'))).toHaveLength(9);
  });

  it('leaves out cancelled sessions and counts a moved one on its new date', () => {
    const held = heldSessions(
      course,
      [
        {
          session_date: '2026-11-03',
          action: 'cancelled',
          new_date: null,
          start_time: null,
          end_time: null,
          reason: '',
        },
        {
          session_date: '2026-11-08',
          action: 'moved',
          new_date: '2026-11-09',
          start_time: '10:00',
          end_time: '12:00',
          reason: 'Holiday',
        },
      ],
      centreInstant('2026-11-09', '12:00'),
    );
    expect(held.map((session) => [session.date, session.status])).toEqual([
      ['2026-11-01', 'scheduled'],
      ['2026-11-09', 'moved'],
    ]);
  });

  it('on a course closed early, counts only the sessions that started before it closed', () => {
    // Closed on Tuesday 3 November at 18:00 Riyadh (15:00 UTC), during that day's session.
    const closed = { ...course, closed_at: centreInstant('2026-11-03', '18:00').toISOString() };
    expect(heldSessions(closed, [], centreInstant('2026-12-31', '00:00')).map((s) => s.date)).toEqual([
      '2026-11-01',
      '2026-11-03',
    ]);
    const before = { ...course, closed_at: centreInstant('2026-11-03', '16:00').toISOString() };
    expect(heldSessions(before, [], centreInstant('2026-12-31', '00:00')).map((s) => s.date)).toEqual([
      '2026-11-01',
    ]);
  });
});

let server: TestServer;
let trainer: UserRow;
let trainerToken: string;
let facilitator: { user: UserRow; token: string };
let foreign: { user: UserRow; token: string };

const { call } = testClient(() => server);

function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A course of the demo trainer from `start` to `end` days from today, sessions every day 00:00–00:01. */
async function course(start: number, end: number, status = 'Approved'): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO courses (title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id,
       cover_image, skill_level, languages, captions, weeks, surveys, routine, female_only, start_date, end_date,
       status, created_by, price_halalas)
     SELECT 'Records test ' || gen_random_uuid(), 'اختبار السجلات', '', '', 'd', 'd', id, '/c.png', 'Beginner',
       '["English"]', '[]', '[]', '[]', $1, false, $2, $3, $4, $5, 0
     FROM course_categories ORDER BY id LIMIT 1 RETURNING id`,
    [
      JSON.stringify(
        ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({
          day,
          start_time: '00:00',
          end_time: '00:01',
        })),
      ),
      isoDate(start),
      isoDate(end),
      status,
      trainer.id,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no course');
  return id;
}

async function enrol(userId: number, courseId: number): Promise<void> {
  await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
    userId,
    courseId,
  ]);
}

async function lecture(courseId: number, type: 'Assignment' | 'Quiz', week: number): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO lectures (course_id, week, position, class_type, title) VALUES ($1, $2, 1, $3, $3) RETURNING id`,
    [courseId, week, type],
  );
  return rows[0]?.id ?? 0;
}

beforeAll(async () => {
  server = await startTestServer();
  const demo = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  if (!demo) throw new Error('no demo trainer');
  trainer = demo;
  trainerToken = (await server.tokens.issue('access', demo)).token;
  const other = async (name: string, index: number) => {
    const user = await ensureUser(server.db, {
      email: `records.${name}@example.com`,
      password: 'Trainer#2026xyz',
      full_name: `Records ${name}`,
      role: 'TRAINER',
      phone_number: '0501113333',
      govt_id_or_iqama_no: String(1_600_000_000 + index),
      approved: true,
    });
    return { user, token: (await server.tokens.issue('access', user)).token };
  };
  facilitator = await other('facilitator', 1);
  foreign = await other('foreign', 2);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe('a course’s completion from the database', () => {
  it('counts attendance of sessions held, the last assignment attempt and the best quiz score', async () => {
    // Sessions every day from 10 days ago: 10 have ended by now (today's 00:00–00:01 Riyadh may have too).
    const courseId = await course(-10, 20);
    const assignment = await lecture(courseId, 'Assignment', 1);
    const quiz = await lecture(courseId, 'Quiz', 2);
    const ada = await signedInTrainee(server, 'ada');
    const ben = await signedInTrainee(server, 'ben');
    const left = await signedInTrainee(server, 'left');
    for (const person of [ada, ben]) await enrol(person.user.id, courseId);
    await server.db.query(
      `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'withdrawn')`,
      [left.user.id, courseId],
    );
    const completion = await courseCompletion(server.db, courseId);
    const held = completion?.sessions_held ?? 0;
    expect(held).toBeGreaterThanOrEqual(10);
    const { rows: dates } = await server.db.query<{ date: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date FROM generate_series($1::date, $1::date + ($2::int - 1), '1 day') d`,
      [isoDate(-10), held],
    );
    // Ada present at every session held, plus a mark on a day with no session (ignored); Ben at none
    // (no mark: Absent) but one Absent mark.
    for (const { date } of dates) {
      await server.db.query(
        `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by) VALUES ($1, $2, $3, 'Present', 'qr')`,
        [courseId, date, ada.user.id],
      );
    }
    await server.db.query(
      `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by) VALUES ($1, $2, $3, 'Present', 'qr')`,
      [courseId, isoDate(25), ada.user.id],
    );
    await server.db.query(
      `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by) VALUES ($1, $2, $3, 'Absent', 'trainer')`,
      [courseId, dates[0]?.date, ben.user.id],
    );
    const { rows: files } = await server.db.query<{ id: string }>('SELECT id::text FROM uploads LIMIT 1');
    const file = files[0]?.id;
    // Ada: attempt 1 reviewed 9, attempt 2 returned (the last counts: 0); quiz 4 then 8 (best: 8).
    await server.db.query(
      `INSERT INTO submissions (lecture_id, user_id, attempt, file_id, status, grade) VALUES
         ($1, $2, 1, $3, 'Reviewed', 9), ($1, $2, 2, $3, 'Returned', NULL), ($1, $4, 1, $3, 'Reviewed', 7)`,
      [assignment, ada.user.id, file, ben.user.id],
    );
    for (const [userId, number, score] of [
      [ada.user.id, 1, 4],
      [ada.user.id, 2, 8],
    ] as const) {
      await server.db.query(
        `INSERT INTO quiz_attempts (id, lecture_id, user_id, number, submitted_at, submitted_by, score, correct_count)
         VALUES ($1, $2, $3, $4, now(), 'trainee', $5, 1)`,
        [randomUUID(), quiz, userId, number, score],
      );
    }
    // Ben's attempt in progress has no score: not counted.
    await server.db.query(
      `INSERT INTO quiz_attempts (id, lecture_id, user_id, number) VALUES ($1, $2, $3, 1)`,
      [randomUUID(), quiz, ben.user.id],
    );

    const result = await courseCompletion(server.db, courseId);
    expect(result?.trainees.map((trainee) => trainee.user_id)).toEqual([ada.user.id, ben.user.id]);
    const [adaOutcome, benOutcome] = result?.trainees ?? [];
    expect(adaOutcome).toMatchObject({
      present: held,
      attendance_rate: 100,
      average_grade: 4,
      completed: false,
    });
    expect(benOutcome).toMatchObject({
      present: 0,
      attendance_rate: 0,
      average_grade: 3.5,
      completed: false,
    });
    expect(result?.items).toEqual([
      expect.objectContaining({ lecture_id: assignment, kind: 'assignment', graded: 1, mean: 7 }),
      expect.objectContaining({ lecture_id: quiz, kind: 'quiz', graded: 1, mean: 8 }),
    ]);

    // Ada resubmits and gets 10: her average is 9, and she completes.
    await server.db.query(
      `INSERT INTO submissions (lecture_id, user_id, attempt, file_id, status, grade) VALUES ($1, $2, 3, $3, 'Reviewed', 10)`,
      [assignment, ada.user.id, file],
    );
    expect(await traineeCompletion(server.db, courseId, ada.user.id)).toMatchObject({
      average_grade: 9,
      completed: true,
    });
    // Not a trainee of the course (withdrawn): no outcome.
    expect(await traineeCompletion(server.db, courseId, left.user.id)).toBeUndefined();
    // A lower rule lets Ben complete… no: 0 % attendance still meets a rule of 0 %, and 3.5 ≥ 3.5.
    await server.db.query(
      'UPDATE courses SET completion_min_attendance = 0, completion_min_grade = 3.5 WHERE id = $1',
      [courseId],
    );
    expect((await traineeCompletion(server.db, courseId, ben.user.id))?.completed).toBe(true);
  });

  it('stops counting sessions when the course is closed', async () => {
    const courseId = await course(-6, 30);
    const before = (await courseCompletion(server.db, courseId))?.sessions_held ?? 0;
    await server.db.query(`UPDATE courses SET closed_at = now() - interval '3 days' WHERE id = $1`, [
      courseId,
    ]);
    const after = (await courseCompletion(server.db, courseId))?.sessions_held ?? 0;
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThanOrEqual(3);
  });

  it('answers undefined for an unknown course', async () => {
    expect(await courseCompletion(server.db, 2_000_000_000)).toBeUndefined();
  });
});

describe('the demo trainer’s course history', () => {
  it('lists the completed, the facilitated closed and the rejected course, newest first, with figures', async () => {
    const { status, body } = await call('/trainer/course-history/', { token: trainerToken });
    expect(status).toBe(200);
    const { results } = courseHistorySchema.parse(body);
    const byTitle = new Map(results.map((course) => [course.title, course]));
    const completed = byTitle.get(RECORD_COURSES.completed.title);
    const closed = byTitle.get(RECORD_COURSES.closed.title);
    const rejected = byTitle.get(DEMO_AUTHORING_COURSES.rejected.title);
    expect(completed).toMatchObject({
      status: 'Completed',
      role: 'trainer',
      closed: false,
      enrolled_count: 6,
      completed_count: 4,
    });
    expect(completed?.attendance_rate).toBeGreaterThan(70);
    expect(completed?.average_grade).toBeGreaterThan(5);
    expect(closed).toMatchObject({
      status: 'Completed',
      role: 'facilitator',
      closed: true,
      enrolled_count: 3,
    });
    expect(closed?.completed_count).toBe(2);
    expect(rejected).toMatchObject({
      status: 'Rejected',
      attendance_rate: null,
      average_grade: null,
      completed_count: null,
    });
    // The pending course and the ongoing ones are not history.
    expect(byTitle.has(DEMO_AUTHORING_COURSES.pending.title)).toBe(false);
    const sinces = results.map((course) => course.since);
    expect(sinces).toEqual([...sinces].sort().reverse());
  });

  it('gives a completed course’s record: statistics, outcomes, reviews newest first', async () => {
    const { results } = courseHistorySchema.parse(
      (await call('/trainer/course-history/', { token: trainerToken })).body,
    );
    const id = results.find((course) => course.title === RECORD_COURSES.completed.title)?.id;
    const { status, body } = await call(`/trainer/course-history/${id}/`, { token: trainerToken });
    expect(status).toBe(200);
    const record = completedCourseSchema.parse(body);
    expect(record.rule).toEqual({ min_attendance: 75, min_grade: 5 });
    // Sundays and Tuesdays over eight weeks: 16 or 17 sessions, as the weekday of today falls.
    expect(record.sessions_held).toBeGreaterThanOrEqual(16);
    expect(record.sessions_held).toBeLessThanOrEqual(17);
    expect(record.items.map((item) => item.kind)).toEqual(['assignment', 'quiz', 'assignment', 'quiz']);
    expect(record.trainees).toHaveLength(6);
    const outcome = new Map(record.trainees.map((trainee) => [trainee.name, trainee]));
    expect(outcome.get(DEMO_ACCOUNTS.trainee.full_name)).toMatchObject({
      attendance_rate: 100,
      completed: true,
    });
    expect(outcome.get('Faisal Al-Shammari')?.attendance_rate).toBeLessThan(55);
    expect(outcome.get('Faisal Al-Shammari')?.completed).toBe(false);
    // Omar did not hand in the risk register: it counts as 0.
    expect(outcome.get('Omar Al-Mutairi')).toMatchObject({ average_grade: 3, completed: false });
    expect(record.rating).toEqual({ average: 4, count: 5 });
    const times = record.reviews.map((review) => review.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // The seed's last review (Reema's) is the newest.
    expect(record.reviews[0]?.name).toBe('Reema Al-Qarni');
  });

  it('seeds once: seeding again changes nothing', async () => {
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM attendance) + (SELECT count(*) FROM course_reviews)
             + (SELECT count(*) FROM courses) + (SELECT count(*) FROM quiz_attempts) AS n`,
        )
      ).rows[0]?.n;
    const before = await count();
    await seedRecords(server.db);
    expect(await count()).toBe(before);
  });

  it('finds no record of a course not ended, not the trainer’s, rejected or unknown', async () => {
    const ongoing = await course(-3, 20);
    const { rows } = await server.db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [
      DEMO_AUTHORING_COURSES.rejected.slug,
    ]);
    const { results } = courseHistorySchema.parse(
      (await call('/trainer/course-history/', { token: trainerToken })).body,
    );
    const completedId = results.find((course) => course.title === RECORD_COURSES.completed.title)?.id;
    for (const [id, token] of [
      [ongoing, trainerToken],
      [rows[0]?.id, trainerToken],
      [2_000_000_000, trainerToken],
      [completedId, foreign.token],
    ] as const) {
      const answer = await call(`/trainer/course-history/${id}/`, { token });
      expect(answer.status).toBe(404);
    }
  });
});

describe('closing a course and its completion rule', () => {
  it('lets only the course’s trainer close an ongoing course; it then ends everywhere', async () => {
    const id = await course(-5, 20);
    await server.db.query('INSERT INTO course_facilitators (course_id, user_id) VALUES ($1, $2)', [
      id,
      facilitator.user.id,
    ]);
    const learner = await signedInTrainee(server, 'closing');
    await enrol(learner.user.id, id);
    const before = completionSettingsSchema.parse(
      (await call(`/trainer/courses/${id}/completion/`, { token: trainerToken })).body,
    );
    expect(before).toMatchObject({ stage: 'ongoing', can_close: true, can_edit_rule: true, rule: RULE });
    const asFacilitator = await call(`/trainer/courses/${id}/completion/`, { token: facilitator.token });
    expect(completionSettingsSchema.parse(asFacilitator.body)).toMatchObject({
      can_close: false,
      can_edit_rule: false,
    });

    const refused = await call(`/trainer/courses/${id}/close/`, { method: 'POST', token: facilitator.token });
    expect(refused).toMatchObject({
      status: 403,
      body: { details: [{ message: RECORDS_MESSAGES.onlyCreator }] },
    });
    const other = await call(`/trainer/courses/${id}/close/`, { method: 'POST', token: foreign.token });
    expect(other).toMatchObject({
      status: 403,
      body: { details: [{ message: AUTHORING_MESSAGES.notYourCourse }] },
    });
    const learning = async () =>
      ongoingCoursesSchema.parse((await call('/learning/courses/', { token: learner.token })).body).results;
    expect((await learning()).map((entry) => entry.course.id)).toContain(id);

    const closed = await call(`/trainer/courses/${id}/close/`, { method: 'POST', token: trainerToken });
    expect(closed.status).toBe(200);
    const saved = completionSavedSchema.parse(closed.body);
    expect(saved.message).toBe(RECORDS_MESSAGES.closed);
    expect(saved.data).toMatchObject({ stage: 'ended', can_close: false, can_edit_rule: false });
    expect(saved.data.ended_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // My courses says Completed; the trainee's learning and the catalogue's Ongoing leave it out.
    const mine = trainerCourseListSchema.parse(
      (await call('/course/course-list-of-a-trainer/', { token: trainerToken })).body,
    );
    expect(mine.results.find((entry) => entry.id === id)).toMatchObject({
      status: 'Completed',
      flags: { can_edit: false },
    });
    expect((await learning()).map((entry) => entry.course.id)).not.toContain(id);
    const ongoing = courseCardPageSchema.parse(
      (await call('/course/search-result/?availability=ongoing&limit=100&search=Records%20test')).body,
    );
    expect(ongoing.results.map((card) => card.id)).not.toContain(id);
    // It is in the history, with its trainee's outcome.
    const history = courseHistorySchema.parse(
      (await call('/trainer/course-history/', { token: trainerToken })).body,
    );
    expect(history.results.find((entry) => entry.id === id)).toMatchObject({
      status: 'Completed',
      closed: true,
    });
    const record = completedCourseSchema.parse(
      (await call(`/trainer/course-history/${id}/`, { token: trainerToken })).body,
    );
    expect(record.trainees).toEqual([
      expect.objectContaining({ user_id: learner.user.id, completed: false }),
    ]);

    const again = await call(`/trainer/courses/${id}/close/`, { method: 'POST', token: trainerToken });
    expect(again).toMatchObject({
      status: 409,
      body: { details: [{ message: RECORDS_MESSAGES.alreadyEnded }] },
    });
  });

  it('refuses to close a course not started or not approved', async () => {
    const upcoming = await course(5, 20);
    expect(
      await call(`/trainer/courses/${upcoming}/close/`, { method: 'POST', token: trainerToken }),
    ).toMatchObject({
      status: 409,
      body: { details: [{ message: RECORDS_MESSAGES.notStarted }] },
    });
    const pending = await course(-5, 20, 'Pending');
    expect(
      await call(`/trainer/courses/${pending}/close/`, { method: 'POST', token: trainerToken }),
    ).toMatchObject({
      status: 409,
      body: { details: [{ message: RECORDS_MESSAGES.notApproved }] },
    });
    expect(
      (await call('/trainer/courses/2000000000/close/', { method: 'POST', token: trainerToken })).status,
    ).toBe(404);
  });

  it('saves a rule typed in Arabic-Indic digits, refuses a wrong one at its field, and fixes it once ended', async () => {
    const id = await course(-5, 20);
    const saved = await call(`/trainer/courses/${id}/completion-rule/`, {
      method: 'PUT',
      token: trainerToken,
      body: { min_attendance: '٨٠', min_grade: '٦٫٥' },
    });
    expect(saved.status).toBe(200);
    expect(completionSavedSchema.parse(saved.body)).toMatchObject({
      message: RECORDS_MESSAGES.ruleSaved,
      data: { rule: { min_attendance: 80, min_grade: 6.5 } },
    });
    const wrong = await call(`/trainer/courses/${id}/completion-rule/`, {
      method: 'PUT',
      token: trainerToken,
      body: { min_attendance: '101', min_grade: '10.001' },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        details: [
          { field: 'min_attendance', message: RECORDS_VALIDATION.attendanceInvalid },
          { field: 'min_grade', message: RECORDS_VALIDATION.gradeInvalid },
        ],
      },
    });
    const empty = await call(`/trainer/courses/${id}/completion-rule/`, {
      method: 'PUT',
      token: trainerToken,
      body: { min_attendance: ' ', min_grade: '' },
    });
    expect(empty).toMatchObject({
      status: 400,
      body: {
        details: [
          { message: RECORDS_VALIDATION.attendanceRequired },
          { message: RECORDS_VALIDATION.gradeRequired },
        ],
      },
    });
    const byFacilitator = await call(`/trainer/courses/${id}/completion-rule/`, {
      method: 'PUT',
      token: foreign.token,
      body: { min_attendance: '50', min_grade: '5' },
    });
    expect(byFacilitator.status).toBe(403);
    await call(`/trainer/courses/${id}/close/`, { method: 'POST', token: trainerToken });
    const fixed = await call(`/trainer/courses/${id}/completion-rule/`, {
      method: 'PUT',
      token: trainerToken,
      body: { min_attendance: '50', min_grade: '5' },
    });
    expect(fixed).toMatchObject({
      status: 409,
      body: { details: [{ message: RECORDS_MESSAGES.ruleFixed }] },
    });
  });

  it('is for trainers only', async () => {
    const learner = await signedInTrainee(server, 'curious');
    expect((await call('/trainer/course-history/', { token: learner.token })).status).toBe(403);
    expect((await call('/trainer/course-history/')).status).toBe(401);
  });
});
