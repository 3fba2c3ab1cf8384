import { courseSessions, lastSessionDay, sessionMinutes } from '@contract/domain/sessions';
import type { RoutineSlot } from '@contract/wire/courses';
import type { CompletionRule, GradedItemStat, TraineeOutcome } from '@contract/wire/records';
import type { Session, SessionChange } from '@contract/wire/sessions';
import { ENROLLED_STATUSES } from '../authoring/course-queries';
import { centreDate, centreInstant } from '../centre-time';
import type { Queryable } from '../db';

/**
 * Whether each trainee completed a course (spec item 7), for the trainer's records and, later, the
 * certificates. The rule is the course's (migration 015): at least `min_attendance` per cent of the
 * sessions held, and an average grade of at least `min_grade` out of 10 over every assignment and
 * quiz of the course.
 *
 * - Sessions come from contract/domain/sessions.ts with the course's `session_changes` (never counted
 *   another way). A session is held once it has ended (its end time passed, in the centre's time),
 *   or, from its day on, once attendance has been taken at it (anyone marked, by scan or by hand);
 *   on a course closed early, only the sessions that had started before it was closed. Cancelled
 *   sessions do not count, and a day counts once (marks are per day). A session with no mark for a
 *   trainee counts as Absent. The course history and the attendance history both read
 *   `traineeAttendance`, so they never disagree.
 * - An assignment's grade is its last attempt's (none, or one waiting or returned: 0), a quiz's the
 *   best score of the attempts submitted (none: 0), as the trainee's grades page shows them.
 * - With no session held the attendance half holds; with no assignment or quiz the grade half holds.
 * - Comparisons are exact (in hundredths of a grade and whole sessions), so 74.99 % is not 75 %.
 */

/** What the rule is applied to, for one trainee. */
export interface CompletionFacts {
  /** Sessions held (ended and not cancelled). */
  held: number;
  /** Of those, the ones the trainee was marked Present at. */
  present: number;
  /** The trainee's grade of each assignment and quiz of the course, out of 10; null: none (0). */
  grades: readonly (number | null)[];
}

export interface Completion {
  /** Per cent, one decimal; null when no session was held. */
  attendance_rate: number | null;
  /** Out of 10, two decimals; null when the course has no assignment or quiz. */
  average_grade: number | null;
  attendance_met: boolean;
  grade_met: boolean;
  completed: boolean;
}

const hundredths = (value: number) => Math.round(value * 100);

/** The rule applied to one trainee's facts. */
export function completionOf(facts: CompletionFacts, rule: CompletionRule): Completion {
  const present = Math.min(facts.present, facts.held);
  const attendance_rate = facts.held > 0 ? Math.round((present * 1000) / facts.held) / 10 : null;
  const attendance_met = facts.held === 0 || present * 100 >= rule.min_attendance * facts.held;
  const count = facts.grades.length;
  const sum = facts.grades.reduce<number>((total, grade) => total + hundredths(grade ?? 0), 0);
  const average_grade = count > 0 ? Math.round(sum / count) / 100 : null;
  const grade_met = count === 0 || sum >= hundredths(rule.min_grade) * count;
  return {
    attendance_rate,
    average_grade,
    attendance_met,
    grade_met,
    completed: attendance_met && grade_met,
  };
}

/** A course as completion reads it. */
export interface CompletionCourse {
  id: number;
  start_date: string;
  end_date: string;
  /** ISO instant the trainer closed it, if they did. */
  closed_at: string | null;
  routine: RoutineSlot[];
  rule: CompletionRule;
}

/**
 * The sessions held at `now`: taking place (not cancelled), ended or with attendance taken (`taken`:
 * the days anyone was marked), and (on a closed course) started before it was closed; one a day.
 */
export function heldSessions(
  course: CompletionCourse,
  changes: readonly SessionChange[],
  now: Date,
  taken: ReadonlySet<string> = new Set(),
): Session[] {
  const closedAt = course.closed_at ? new Date(course.closed_at) : null;
  const sessionCourse = {
    start_date: course.start_date,
    end_date: course.end_date,
    closed_on: closedAt ? centreDate(closedAt) : null,
    routine: course.routine,
  };
  const today = centreDate(now);
  const seen = new Set<string>();
  return courseSessions(sessionCourse, changes, course.start_date, lastSessionDay(sessionCourse)).filter(
    (session) => {
      if (session.status === 'cancelled' || seen.has(session.date)) return false;
      const ended = centreInstant(session.date, session.end_time).getTime() <= now.getTime();
      const held = ended || (session.date <= today && taken.has(session.date));
      if (!held) return false;
      if (closedAt && centreInstant(session.date, session.start_time).getTime() >= closedAt.getTime())
        return false;
      seen.add(session.date);
      return true;
    },
  );
}

/** The course's facts, or undefined when there is no such course. */
export async function completionCourse(
  db: Queryable,
  courseId: number,
): Promise<CompletionCourse | undefined> {
  const { rows } = await db.query<{
    id: number;
    start_date: string;
    end_date: string;
    closed_at: string | null;
    routine: RoutineSlot[];
    min_attendance: number;
    min_grade: string | number;
  }>(
    `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
       to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS closed_at, routine,
       completion_min_attendance AS min_attendance, completion_min_grade::float8 AS min_grade
     FROM courses WHERE id = $1`,
    [courseId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    start_date: row.start_date,
    end_date: row.end_date,
    closed_at: row.closed_at,
    routine: row.routine,
    rule: { min_attendance: row.min_attendance, min_grade: Number(row.min_grade) },
  };
}

async function sessionChanges(db: Queryable, courseId: number): Promise<SessionChange[]> {
  const { rows } = await db.query<SessionChange>(
    `SELECT to_char(session_date, 'YYYY-MM-DD') AS session_date, action,
       to_char(new_date, 'YYYY-MM-DD') AS new_date, start_time, end_time, reason
     FROM session_changes WHERE course_id = $1`,
    [courseId],
  );
  return rows;
}

/** The course's sessions held at `now` (the rule above), from its changes and the days marked. */
async function courseHeldSessions(db: Queryable, course: CompletionCourse, now: Date): Promise<Session[]> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT DISTINCT to_char(session_date, 'YYYY-MM-DD') AS day FROM attendance WHERE course_id = $1`,
    [course.id],
  );
  const taken = new Set(rows.map((row) => row.day));
  return heldSessions(course, await sessionChanges(db, course.id), now, taken);
}

/** A session held, and the trainee's mark at it. */
export interface AttendedSession {
  date: string;
  start_time: string;
  end_time: string;
  status: 'Present' | 'Absent';
}

/** One trainee's attendance of a course: the sessions held and their marks. */
export interface TraineeAttendance {
  held: Session[];
  sessions: AttendedSession[];
  present: number;
}

/**
 * A trainee's attendance of a course at `now`: every session held (the rule above), Present or
 * Absent (no mark). What the course history's record and the attendance history both show.
 */
export async function traineeAttendance(
  db: Queryable,
  course: CompletionCourse,
  userId: number,
  now: Date,
): Promise<TraineeAttendance> {
  const held = await courseHeldSessions(db, course, now);
  const { rows } = await db.query<{ day: string }>(
    `SELECT to_char(session_date, 'YYYY-MM-DD') AS day FROM attendance
     WHERE course_id = $1 AND user_id = $2 AND status = 'Present'`,
    [course.id, userId],
  );
  const presentOn = new Set(rows.map((row) => row.day));
  const sessions = held.map(({ date, start_time, end_time }) => ({
    date,
    start_time,
    end_time,
    status: presentOn.has(date) ? ('Present' as const) : ('Absent' as const),
  }));
  return { held, sessions, present: sessions.filter((session) => session.status === 'Present').length };
}

const ENROLLED = ENROLLED_STATUSES.map((status) => `'${status}'`).join(', ');

/** Every trainee's outcome, and each assignment's and quiz's statistics, of one course. */
export interface CourseCompletion {
  rule: CompletionRule;
  sessions_held: number;
  /** Minutes of the sessions held. */
  held_minutes: number;
  items: GradedItemStat[];
  trainees: TraineeOutcome[];
}

/** What completion reads of a course at `now`: its sessions held, items, trainees and their grades. */
interface CompletionData {
  course: CompletionCourse;
  held: Session[];
  items: Omit<GradedItemStat, 'graded' | 'mean'>[];
  trainees: { user_id: number; name: string; present: number }[];
  gradeOf: Map<string, number | null>;
}

async function completionData(
  db: Queryable,
  courseId: number,
  now: Date,
  userId?: number,
): Promise<CompletionData | undefined> {
  const course = await completionCourse(db, courseId);
  if (!course) return undefined;
  const held = await courseHeldSessions(db, course, now);
  const heldDates = held.map((session) => session.date);
  const { rows: trainees } = await db.query<{ user_id: number; name: string; present: number }>(
    `SELECT u.id AS user_id, u.full_name AS name,
       (SELECT count(DISTINCT a.session_date)::int FROM attendance a
         WHERE a.course_id = e.course_id AND a.user_id = u.id AND a.status = 'Present'
           AND a.session_date = ANY($3::date[])) AS present
     FROM enrolments e JOIN users u ON u.id = e.user_id
     WHERE e.course_id = $1 AND e.status IN (${ENROLLED}) AND ($2::int IS NULL OR u.id = $2)
     ORDER BY u.full_name, u.id`,
    [courseId, userId ?? null, heldDates],
  );
  const { rows: items } = await db.query<Omit<GradedItemStat, 'graded' | 'mean'>>(
    `SELECT l.id AS lecture_id, l.title, l.title_ar,
       CASE WHEN l.class_type = 'Assignment' THEN 'assignment' ELSE 'quiz' END AS kind
     FROM lectures l WHERE l.course_id = $1 AND l.class_type IN ('Assignment', 'Quiz')
     ORDER BY l.week, l.position, l.id`,
    [courseId],
  );
  const { rows: grades } = await db.query<{ lecture_id: number; user_id: number; grade: number | null }>(
    `SELECT l.id AS lecture_id, e.user_id,
       CASE WHEN l.class_type = 'Assignment' THEN
         (SELECT s.grade::float8 FROM submissions s WHERE s.lecture_id = l.id AND s.user_id = e.user_id
          ORDER BY s.attempt DESC LIMIT 1)
       ELSE
         (SELECT max(q.score)::float8 FROM quiz_attempts q WHERE q.lecture_id = l.id AND q.user_id = e.user_id
            AND q.submitted_at IS NOT NULL)
       END AS grade
     FROM lectures l JOIN enrolments e ON e.course_id = l.course_id AND e.status IN (${ENROLLED})
     WHERE l.course_id = $1 AND l.class_type IN ('Assignment', 'Quiz') AND ($2::int IS NULL OR e.user_id = $2)`,
    [courseId, userId ?? null],
  );
  const gradeOf = new Map(grades.map((row) => [`${row.lecture_id}:${row.user_id}`, row.grade]));
  return { course, held, items, trainees, gradeOf };
}

/**
 * The outcomes of a course's trainees (those enrolled, a withdrawal waiting included) at `now`;
 * `userId` limits them to one trainee. Undefined when the course does not exist.
 */
export async function courseCompletion(
  db: Queryable,
  courseId: number,
  now: Date = new Date(),
  userId?: number,
): Promise<CourseCompletion | undefined> {
  const data = await completionData(db, courseId, now, userId);
  if (!data) return undefined;
  const { course, held, items, trainees, gradeOf } = data;
  return {
    rule: course.rule,
    sessions_held: held.length,
    held_minutes: sessionMinutes(held),
    items: items.map((item) => {
      const given = trainees.flatMap((trainee) => {
        const grade = gradeOf.get(`${item.lecture_id}:${trainee.user_id}`);
        return grade === null || grade === undefined ? [] : [grade];
      });
      const sum = given.reduce((total, grade) => total + hundredths(grade), 0);
      return {
        ...item,
        graded: given.length,
        mean: given.length > 0 ? Math.round(sum / given.length) / 100 : null,
      };
    }),
    trainees: trainees.map((trainee) => {
      const outcome = completionOf(
        {
          held: held.length,
          present: trainee.present,
          grades: items.map((item) => gradeOf.get(`${item.lecture_id}:${trainee.user_id}`) ?? null),
        },
        course.rule,
      );
      return {
        user_id: trainee.user_id,
        name: trainee.name,
        present: Math.min(trainee.present, held.length),
        attendance_rate: outcome.attendance_rate,
        average_grade: outcome.average_grade,
        completed: outcome.completed,
      };
    }),
  };
}

/** One trainee's record of a course: the figures of the rule, each half, and every grade. */
export interface TraineeRecord extends Completion {
  rule: CompletionRule;
  sessions_held: number;
  held_minutes: number;
  present: number;
  grades: (Omit<GradedItemStat, 'graded' | 'mean'> & { grade: number | null })[];
}

/**
 * The trainee's record of a course at `now` (the course history's details), from the same facts
 * and rule as `courseCompletion`; undefined when the trainee is not enrolled in it.
 */
export async function traineeRecord(
  db: Queryable,
  courseId: number,
  userId: number,
  now: Date = new Date(),
): Promise<TraineeRecord | undefined> {
  const data = await completionData(db, courseId, now, userId);
  if (!data?.trainees[0]) return undefined;
  const { course, items, gradeOf } = data;
  const { held, present } = await traineeAttendance(db, course, userId, now);
  const grades = items.map((item) => ({
    ...item,
    grade: gradeOf.get(`${item.lecture_id}:${userId}`) ?? null,
  }));
  return {
    ...completionOf({ held: held.length, present, grades: grades.map((item) => item.grade) }, course.rule),
    rule: course.rule,
    sessions_held: held.length,
    held_minutes: sessionMinutes(held),
    present,
    grades,
  };
}

/** One trainee's outcome of a course (what a certificate depends on); undefined when not its trainee. */
export async function traineeCompletion(
  db: Queryable,
  courseId: number,
  userId: number,
  now: Date = new Date(),
): Promise<TraineeOutcome | undefined> {
  return (await courseCompletion(db, courseId, now, userId))?.trainees[0];
}

/** A course's figures over its trainees: the mean attendance rate and average grade, and who completed. */
export function courseFigures(completion: CourseCompletion): {
  attendance_rate: number | null;
  average_grade: number | null;
  completed_count: number;
} {
  const { trainees } = completion;
  const rates = trainees.flatMap((trainee) => (trainee.attendance_rate === null ? [] : [trainee.present]));
  const averages = trainees.flatMap((trainee) =>
    trainee.average_grade === null ? [] : [hundredths(trainee.average_grade)],
  );
  const held = completion.sessions_held;
  return {
    attendance_rate:
      rates.length > 0 && held > 0
        ? Math.round((rates.reduce((sum, present) => sum + present, 0) * 1000) / (held * rates.length)) / 10
        : null,
    average_grade:
      averages.length > 0
        ? Math.round(averages.reduce((sum, value) => sum + value, 0) / averages.length) / 100
        : null,
    completed_count: trainees.filter((trainee) => trainee.completed).length,
  };
}
