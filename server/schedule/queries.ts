import {
  addDays,
  courseSessions,
  lastSessionDay,
  routineSessions,
  type SessionCourse,
  weekStartOf,
} from '@contract/domain/sessions';
import type { RoutineSlot } from '@contract/wire/courses';
import type { ScheduleSession, ScheduleWeek } from '@contract/wire/schedule';
import type { SessionChange } from '@contract/wire/sessions';
import { centreDate, centreInstant } from '../centre-time';
import type { Queryable } from '../db';

/** A course whose sessions the schedule or a feed lists. */
export interface ScheduledCourse extends SessionCourse {
  id: number;
  title: string;
  title_ar: string;
  role: 'trainer' | 'facilitator' | 'trainee';
}

const COURSE_COLUMNS = `c.id, c.title, c.title_ar, c.routine,
  to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
  to_char(centre_date(c.closed_at), 'YYYY-MM-DD') AS closed_on`;

type CourseRow = Omit<ScheduledCourse, 'routine'> & { routine: unknown };

function toCourse(row: CourseRow): ScheduledCourse {
  return { ...row, routine: Array.isArray(row.routine) ? (row.routine as RoutineSlot[]) : [] };
}

/**
 * The approved courses a trainer runs or facilitates whose dates meet [from, to]; the ones running
 * first. Deleted, pending and rejected courses hold no sessions.
 */
export async function trainerCourses(
  db: Queryable,
  userId: number,
  from: string,
  to: string,
): Promise<ScheduledCourse[]> {
  const { rows } = await db.query<CourseRow>(
    `SELECT ${COURSE_COLUMNS},
       CASE WHEN c.created_by = $1 THEN 'trainer' ELSE 'facilitator' END AS role
     FROM courses c
     WHERE c.status = 'Approved' AND c.start_date <= $3::date AND c.end_date >= $2::date
       AND (c.created_by = $1 OR EXISTS
         (SELECT 1 FROM course_facilitators f WHERE f.course_id = c.id AND f.user_id = $1))
     ORDER BY c.start_date, c.id`,
    [userId, from, to],
  );
  return rows.map(toCourse);
}

/** The approved courses a trainee is enrolled in (or waits to withdraw from) meeting [from, to]. */
export async function traineeCourses(
  db: Queryable,
  userId: number,
  from: string,
  to: string,
): Promise<ScheduledCourse[]> {
  const { rows } = await db.query<CourseRow>(
    `SELECT ${COURSE_COLUMNS}, 'trainee' AS role
     FROM courses c JOIN enrolments e ON e.course_id = c.id
     WHERE e.user_id = $1 AND e.status IN ('enrolled', 'withdrawal_requested') AND c.status = 'Approved'
       AND c.start_date <= $3::date AND c.end_date >= $2::date
     ORDER BY c.start_date, c.id`,
    [userId, from, to],
  );
  return rows.map(toCourse);
}

/** The changes of the courses, by course. */
export async function changesOf(
  db: Queryable,
  courseIds: readonly number[],
): Promise<Map<number, SessionChange[]>> {
  const byCourse = new Map<number, SessionChange[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const { rows } = await db.query<SessionChange & { course_id: number }>(
    `SELECT course_id, to_char(session_date, 'YYYY-MM-DD') AS session_date, action,
       to_char(new_date, 'YYYY-MM-DD') AS new_date, start_time, end_time, reason
     FROM session_changes WHERE course_id = ANY($1::int[]) ORDER BY course_id, session_date`,
    [courseIds],
  );
  for (const { course_id, ...change } of rows) byCourse.get(course_id)?.push(change);
  return byCourse;
}

/** Whether a session at `date` from `start` to `end` (centre time) has ended at `now`. */
export function hasEnded(date: string, end: string, now: Date): boolean {
  return centreInstant(date, end).getTime() <= now.getTime();
}

/** The routine slot of a course's session on its routine date, if that date has one. */
export function routineSessionOn(course: SessionCourse, date: string) {
  return routineSessions(course, date, date)[0];
}

/** The trainer's week holding `date` (this week without one), by date and time. */
export async function scheduleWeek(
  db: Queryable,
  userId: number,
  date: string | undefined,
  now: Date,
): Promise<ScheduleWeek> {
  const today = centreDate(now);
  const week = weekStartOf(date ?? today);
  const last = addDays(week, 6);
  // A session moved into this week may come from a course that otherwise ends before or starts
  // after it: the courses meeting the week widened by the longest a move can reach (the course's
  // own dates) are those whose dates meet it, so the week's range is enough.
  const courses = await trainerCourses(db, userId, week, last);
  const changes = await changesOf(
    db,
    courses.map((course) => course.id),
  );
  const sessions: ScheduleSession[] = [];
  for (const course of courses) {
    const courseChanges = changes.get(course.id) ?? [];
    for (const session of courseSessions(course, courseChanges, week, last)) {
      const routine = routineSessionOn(course, session.original_date);
      const originalEnded = routine ? hasEnded(routine.date, routine.end_time, now) : true;
      const ended = hasEnded(session.date, session.end_time, now);
      sessions.push({
        ...session,
        course_id: course.id,
        title: course.title,
        title_ar: course.title_ar,
        role: course.role === 'facilitator' ? 'facilitator' : 'trainer',
        course_start: course.start_date,
        course_end: lastSessionDay(course),
        can_change: session.status === 'scheduled' && !ended,
        can_restore: session.status !== 'scheduled' && !ended && !originalEnded,
      });
    }
  }
  sessions.sort((a, b) =>
    a.date === b.date
      ? a.start_time.localeCompare(b.start_time) || a.course_id - b.course_id
      : a.date.localeCompare(b.date),
  );
  return { week, today, sessions };
}

/** The user ids of the trainees enrolled in a course (or waiting to withdraw). */
export async function enrolledTrainees(db: Queryable, courseId: number): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT user_id FROM enrolments WHERE course_id = $1 AND status IN ('enrolled', 'withdrawal_requested')
     ORDER BY user_id`,
    [courseId],
  );
  return rows.map((row) => row.user_id);
}
