import {
  addDays,
  courseSessions,
  lastSessionDay,
  type SessionCourse,
  sessionsOn,
} from '@contract/domain/sessions';
import type {
  AttendanceCourse,
  AttendanceHistory,
  AttendanceSheet,
  AttendanceStatus,
  Roster,
  RosterEntry,
} from '@contract/wire/attendance';
import type { RoutineSlot } from '@contract/wire/courses';
import type { Session, SessionChange } from '@contract/wire/sessions';
import { centreDate } from '../centre-time';
import type { Queryable } from '../db';
import { completionCourse, traineeAttendance } from '../records/completion';

/**
 * Attendance's SQL. Sessions are always counted by contract/domain/sessions.ts from the course's routine,
 * dates, closing day and `session_changes`; marks are keyed by the date a session is held on. A
 * session that has ended with no mark counts as Absent; today's unmarked one is not marked yet.
 */

/** Enrolment statuses of people who take part in a course (a withdrawal waiting still does). */
export const TAKING_PART = ['enrolled', 'withdrawal_requested'] as const;

export interface AttendanceCourseRow extends SessionCourse {
  id: number;
  title: string;
  title_ar: string;
  status: string;
  created_by: number;
}

interface CourseRow {
  id: number;
  title: string;
  title_ar: string;
  status: string;
  created_by: number;
  start_date: string;
  end_date: string;
  closed_at: Date | string | null;
  routine: RoutineSlot[];
}

const COURSE_SELECT = `SELECT c.id, c.title, c.title_ar, c.status, c.created_by,
  to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
  c.closed_at, c.routine FROM courses c`;

function toCourse(row: CourseRow): AttendanceCourseRow {
  const { closed_at, ...rest } = row;
  return {
    ...rest,
    routine: Array.isArray(row.routine) ? row.routine : [],
    closed_on: closed_at ? centreDate(new Date(closed_at)) : null,
  };
}

/** A course by id (a Deleted one is none). */
export async function attendanceCourse(db: Queryable, courseId: number): Promise<AttendanceCourseRow | null> {
  const { rows } = await db.query<CourseRow>(`${COURSE_SELECT} WHERE c.id = $1 AND c.status <> 'Deleted'`, [
    courseId,
  ]);
  return rows[0] ? toCourse(rows[0]) : null;
}

/** The changes to the sessions of these courses, by course id. */
export async function sessionChanges(
  db: Queryable,
  courseIds: readonly number[],
): Promise<Map<number, SessionChange[]>> {
  const byCourse = new Map<number, SessionChange[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const { rows } = await db.query<SessionChange & { course_id: number }>(
    `SELECT course_id, to_char(session_date, 'YYYY-MM-DD') AS session_date, action,
       to_char(new_date, 'YYYY-MM-DD') AS new_date, start_time, end_time, reason
     FROM session_changes WHERE course_id = ANY($1::int[])`,
    [courseIds],
  );
  for (const { course_id, ...change } of rows) byCourse.get(course_id)?.push(change);
  return byCourse;
}

/** The sessions held (not cancelled) from the start up to `until`, one per date (marks are per date). */
export function heldSessions(
  course: SessionCourse,
  changes: readonly SessionChange[],
  until: string,
): Session[] {
  const seen = new Set<string>();
  return courseSessions(course, changes, course.start_date, until).filter((session) => {
    if (session.status === 'cancelled' || seen.has(session.date)) return false;
    seen.add(session.date);
    return true;
  });
}

/** The first day after `date` with a session held, if any. */
export function nextSessionDate(
  course: SessionCourse,
  changes: readonly SessionChange[],
  date: string,
): string | null {
  const from = addDays(date, 1);
  // A session may be moved past the last routine day.
  const moved = changes.flatMap((change) => (change.new_date ? [change.new_date] : []));
  const last = [lastSessionDay(course), ...moved].sort().at(-1) ?? lastSessionDay(course);
  if (from > last) return null;
  return courseSessions(course, changes, from, last).find((s) => s.status !== 'cancelled')?.date ?? null;
}

/** The approved courses the user teaches or facilitates, with today's sessions. */
export async function taughtCourses(db: Queryable, userId: number, now: Date): Promise<AttendanceCourse[]> {
  const { rows } = await db.query<CourseRow>(
    `${COURSE_SELECT}
     WHERE c.status = 'Approved'
       AND (c.created_by = $1 OR EXISTS (
         SELECT 1 FROM course_facilitators f WHERE f.course_id = c.id AND f.user_id = $1))
     ORDER BY c.start_date DESC, c.id DESC`,
    [userId],
  );
  const courses = rows.map(toCourse);
  const changes = await sessionChanges(
    db,
    courses.map((course) => course.id),
  );
  const today = centreDate(now);
  return courses.map((course) => {
    const own = changes.get(course.id) ?? [];
    return {
      course_id: course.id,
      title: course.title,
      title_ar: course.title_ar,
      start_date: course.start_date,
      end_date: course.end_date,
      today: sessionsOn(course, own, today),
      next_date: nextSessionDate(course, own, today),
    };
  });
}

interface MarkRow {
  user_id: number;
  session_date: string;
  status: AttendanceStatus;
  marked_by: 'qr' | 'trainer';
  marked_at: Date | string;
}

async function marksOf(db: Queryable, courseId: number, from: string, to: string): Promise<MarkRow[]> {
  const { rows } = await db.query<MarkRow>(
    `SELECT user_id, to_char(session_date, 'YYYY-MM-DD') AS session_date, status, marked_by, marked_at
     FROM attendance WHERE course_id = $1 AND session_date BETWEEN $2 AND $3`,
    [courseId, from, to],
  );
  return rows;
}

interface TraineeRow {
  user_id: number;
  name: string;
  email: string;
}

/** The people taking part in a course, by name. */
export async function courseTrainees(db: Queryable, courseId: number): Promise<TraineeRow[]> {
  const { rows } = await db.query<TraineeRow>(
    `SELECT u.id AS user_id, u.full_name AS name, u.email
     FROM enrolments e JOIN users u ON u.id = e.user_id
     WHERE e.course_id = $1 AND e.status = ANY($2::text[]) AND u.role = 'TRAINEE'
     ORDER BY u.full_name, u.id`,
    [courseId, [...TAKING_PART]],
  );
  return rows;
}

/** Whether the user takes part in the course. */
export async function isTakingPart(db: Queryable, userId: number, courseId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM enrolments e JOIN users u ON u.id = e.user_id
     WHERE e.user_id = $1 AND e.course_id = $2 AND e.status = ANY($3::text[]) AND u.role = 'TRAINEE'`,
    [userId, courseId, [...TAKING_PART]],
  );
  return rows.length > 0;
}

/** What an unmarked trainee counts as on `date`: Absent once the day is past, else not marked yet. */
function unmarked(date: string, today: string): AttendanceStatus | null {
  return date < today ? 'Absent' : null;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function entryOf(
  trainee: TraineeRow,
  mark: MarkRow | undefined,
  fallback: AttendanceStatus | null,
): RosterEntry {
  return {
    ...trainee,
    status: mark?.status ?? fallback,
    marked_by: mark?.marked_by ?? null,
    marked_at: mark ? iso(mark.marked_at) : null,
  };
}

/** Who attended the course on `date`. */
export async function roster(
  db: Queryable,
  course: AttendanceCourseRow,
  date: string,
  now: Date,
): Promise<Roster> {
  const today = centreDate(now);
  const changes = (await sessionChanges(db, [course.id])).get(course.id) ?? [];
  const session = sessionsOn(course, changes, date)[0] ?? null;
  const trainees = await courseTrainees(db, course.id);
  const marks = new Map((await marksOf(db, course.id, date, date)).map((mark) => [mark.user_id, mark]));
  // An unmarked trainee is Absent from a session of a past day; a day without a session has no marks.
  const fallback = session ? unmarked(date, today) : null;
  const entries = trainees.map((trainee) => entryOf(trainee, marks.get(trainee.user_id), fallback));
  return {
    course_id: course.id,
    title: course.title,
    title_ar: course.title_ar,
    date,
    today,
    session,
    present: entries.filter((entry) => entry.status === 'Present').length,
    enrolled: entries.length,
    trainees: entries,
  };
}

/** One trainee's line of the roster on `date`. */
export async function rosterEntry(
  db: Queryable,
  courseId: number,
  userId: number,
  date: string,
  now: Date,
): Promise<RosterEntry | null> {
  const trainee = (await courseTrainees(db, courseId)).find((row) => row.user_id === userId);
  if (!trainee) return null;
  const mark = (await marksOf(db, courseId, date, date)).find((row) => row.user_id === userId);
  return entryOf(trainee, mark, unmarked(date, centreDate(now)));
}

/** How many of the people taking part are Present on `date`. */
export async function presentCount(db: Queryable, courseId: number, date: string): Promise<number> {
  const { rows } = await db.query<{ present: number }>(
    `SELECT count(*)::int AS present FROM attendance a
     JOIN enrolments e ON e.user_id = a.user_id AND e.course_id = a.course_id AND e.status = ANY($3::text[])
     WHERE a.course_id = $1 AND a.session_date = $2 AND a.status = 'Present'`,
    [courseId, date, [...TAKING_PART]],
  );
  return rows[0]?.present ?? 0;
}

/**
 * Marks the trainee present by scanning: answers false when they already were. A trainee marked
 * Absent by hand who scans is then Present.
 */
export async function markPresentByCode(
  db: Queryable,
  courseId: number,
  date: string,
  userId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO attendance AS a (course_id, session_date, user_id, status, marked_by)
     VALUES ($1, $2, $3, 'Present', 'qr')
     ON CONFLICT (course_id, session_date, user_id) DO UPDATE
       SET status = 'Present', marked_by = 'qr', marked_at = now()
       WHERE a.status <> 'Present'
     RETURNING 1`,
    [courseId, date, userId],
  );
  return rows.length > 0;
}

/**
 * Records a ticket as used; false when it was used already. Tickets ended by `now` are
 * removed on the way (they are refused by their date anyway).
 */
export async function claimTicket(
  db: Queryable,
  nonce: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.query('DELETE FROM attendance_tickets_used WHERE expires_at <= $1', [now]);
  const { rows } = await db.query(
    `INSERT INTO attendance_tickets_used (nonce, expires_at) VALUES ($1, $2)
     ON CONFLICT (nonce) DO NOTHING RETURNING 1`,
    [nonce, expiresAt],
  );
  return rows.length > 0;
}

/** Marks a trainee present or absent by hand. */
export async function markByHand(
  db: Queryable,
  courseId: number,
  date: string,
  userId: number,
  status: AttendanceStatus,
): Promise<void> {
  await db.query(
    `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by)
     VALUES ($1, $2, $3, $4, 'trainer')
     ON CONFLICT (course_id, session_date, user_id) DO UPDATE
       SET status = EXCLUDED.status, marked_by = 'trainer', marked_at = now()`,
    [courseId, date, userId, status],
  );
}

/** Every session held up to today, by trainee. */
export async function sheet(db: Queryable, course: AttendanceCourseRow, now: Date): Promise<AttendanceSheet> {
  const today = centreDate(now);
  const changes = (await sessionChanges(db, [course.id])).get(course.id) ?? [];
  const sessions = heldSessions(course, changes, today);
  const trainees = await courseTrainees(db, course.id);
  const marks = new Map(
    (await marksOf(db, course.id, course.start_date, today)).map((m) => [
      `${m.user_id}|${m.session_date}`,
      m,
    ]),
  );
  return {
    course_id: course.id,
    title: course.title,
    title_ar: course.title_ar,
    today,
    sessions,
    trainees: trainees.map((trainee) => {
      const row = sessions.map(
        (session) => marks.get(`${trainee.user_id}|${session.date}`)?.status ?? unmarked(session.date, today),
      );
      return { ...trainee, marks: row, present: row.filter((status) => status === 'Present').length };
    }),
  };
}

/**
 * The trainee's attendance per course they take part in: each session held so far, Present or
 * Absent, as the course history counts them (`traineeAttendance`, server/records/completion.ts).
 * Courses with none are left out.
 */
export async function history(db: Queryable, userId: number, now: Date): Promise<AttendanceHistory> {
  const { rows } = await db.query<CourseRow>(
    `${COURSE_SELECT} JOIN enrolments e ON e.course_id = c.id
     WHERE e.user_id = $1 AND e.status = ANY($2::text[]) AND c.status <> 'Deleted'
     ORDER BY c.start_date DESC, c.id DESC`,
    [userId, [...TAKING_PART]],
  );
  const results: AttendanceHistory['results'] = [];
  for (const row of rows) {
    const course = await completionCourse(db, row.id);
    if (!course) continue;
    const { sessions, present } = await traineeAttendance(db, course, userId, now);
    if (sessions.length === 0) continue;
    results.push({
      course_id: row.id,
      title: row.title,
      title_ar: row.title_ar,
      present,
      held: sessions.length,
      sessions,
    });
  }
  return { results };
}

/** Who hears of a course's marks live: its trainer and facilitators. */
export async function courseStaff(db: Queryable, course: AttendanceCourseRow): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM course_facilitators WHERE course_id = $1',
    [course.id],
  );
  return [...new Set([course.created_by, ...rows.map((row) => row.user_id)])];
}
