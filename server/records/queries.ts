import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { RECORDS_MESSAGES } from '@contract/messages/records';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type {
  CompletedCourse,
  CompletionRule,
  CompletionSettings,
  CompletionStage,
  HistoryCourse,
} from '@contract/wire/records';
import { centreDate } from '../centre-time';
import type { Queryable } from '../db';
import { HttpProblem } from '../http';
import { courseCompletion, courseFigures } from './completion';

/**
 * The trainer's records: past courses (Completed, Rejected, Deleted) of the trainer who created them
 * or facilitates them, one completed course's statistics, and the course setting of completion
 * (the rule, closing early). Who may do what: the course's creator closes it and edits the rule
 * until it ends; a facilitator sees everything.
 */

const ENDED = 'course_ended(c.end_date, c.closed_at)';

/** The role of user $1 in course c: 'trainer', 'facilitator' or null. */
const ROLE = `CASE WHEN c.created_by = $1 THEN 'trainer'
  WHEN EXISTS (SELECT 1 FROM course_facilitators f WHERE f.course_id = c.id AND f.user_id = $1) THEN 'facilitator'
  END`;

const STAGE = `CASE WHEN c.status <> 'Approved' THEN 'not_approved'
  WHEN ${ENDED} THEN 'ended'
  WHEN c.start_date > centre_today() THEN 'upcoming'
  ELSE 'ongoing' END`;

const HISTORY_STATUS = `CASE WHEN c.status = 'Approved' THEN 'Completed' ELSE c.status END`;

const isoInstant = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface HistoryRow
  extends Omit<HistoryCourse, 'attendance_rate' | 'average_grade' | 'completed_count' | 'since'> {
  closed_at: string | null;
  decided_at: string | null;
  updated_at: string;
}

/** The day a course entered the history (centre's calendar). */
function sinceOf(row: HistoryRow): string {
  if (row.status === 'Completed') return row.closed_at ? centreDate(new Date(row.closed_at)) : row.end_date;
  if (row.status === 'Rejected' && row.decided_at) return centreDate(new Date(row.decided_at));
  return centreDate(new Date(row.updated_at));
}

async function historyRows(db: Queryable, userId: number, courseId?: number): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT c.id, c.title, c.title_ar, c.cover_image, ${HISTORY_STATUS} AS status, ${ROLE} AS role,
       to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
       (c.closed_at IS NOT NULL) AS closed, ${isoInstant('c.closed_at')} AS closed_at,
       ${isoInstant('c.decided_at')} AS decided_at, ${isoInstant('c.updated_at')} AS updated_at,
       (SELECT count(*)::int FROM enrolments e WHERE e.course_id = c.id
         AND e.status IN ('enrolled', 'withdrawal_requested')) AS enrolled_count
     FROM courses c
     WHERE ((c.status = 'Approved' AND ${ENDED}) OR c.status IN ('Rejected', 'Deleted'))
       AND (c.created_by = $1 OR c.id IN (SELECT course_id FROM course_facilitators WHERE user_id = $1))
       AND ($2::int IS NULL OR c.id = $2)`,
    [userId, courseId ?? null],
  );
  return rows;
}

async function historyCourse(db: Queryable, row: HistoryRow, now: Date): Promise<HistoryCourse> {
  const { closed_at: _closed, decided_at: _decided, updated_at: _updated, ...course } = row;
  const completion = row.status === 'Completed' ? await courseCompletion(db, row.id, now) : undefined;
  const figures = completion ? courseFigures(completion) : undefined;
  return {
    ...course,
    since: sinceOf(row),
    attendance_rate: figures?.attendance_rate ?? null,
    average_grade: figures?.average_grade ?? null,
    completed_count: figures ? figures.completed_count : null,
  };
}

/** GET /trainer/course-history/: the trainer's past courses, newest first. */
export async function courseHistory(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<HistoryCourse[]> {
  const courses: HistoryCourse[] = [];
  for (const row of await historyRows(db, userId)) courses.push(await historyCourse(db, row, now));
  return courses.sort((a, b) => (a.since === b.since ? b.id - a.id : b.since.localeCompare(a.since)));
}

/**
 * GET /trainer/course-history/{id}/: a completed course of the trainer (created or facilitated).
 * Any other course (unknown, not ended, rejected, deleted, or someone else's) is not found.
 */
export async function completedCourse(
  db: Queryable,
  courseId: number,
  userId: number,
  now = new Date(),
): Promise<CompletedCourse> {
  const row = (await historyRows(db, userId, courseId))[0];
  const completion = row?.status === 'Completed' ? await courseCompletion(db, courseId, now) : undefined;
  if (!row || !completion) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  const { rows: reviews } = await db.query<CompletedCourse['reviews'][number]>(
    `SELECT r.id, u.full_name AS name, r.rating, r.review, ${isoInstant('r.created_at')} AS created_at
     FROM course_reviews r JOIN users u ON u.id = r.user_id
     WHERE r.course_id = $1 ORDER BY r.created_at DESC, r.id DESC`,
    [courseId],
  );
  const ratings = reviews.map((review) => review.rating);
  return {
    course: await historyCourse(db, row, now),
    rule: completion.rule,
    sessions_held: completion.sessions_held,
    items: completion.items,
    trainees: completion.trainees,
    rating: {
      average:
        ratings.length > 0
          ? Math.round((ratings.reduce((sum, rating) => sum + rating, 0) * 10) / ratings.length) / 10
          : null,
      count: ratings.length,
    },
    reviews,
  };
}

interface SettingsRow {
  course_id: number;
  role: 'trainer' | 'facilitator' | null;
  stage: CompletionStage;
  min_attendance: number;
  min_grade: number;
  closed_at: string | null;
  end_date: string;
  status: string;
}

/**
 * The course's completion setting for the user; 404 when it is unknown or deleted, 403 when the user
 * has no part in it. `lock` holds the course's row (closing, saving the rule).
 */
async function settingsRow(
  db: Queryable,
  courseId: number,
  userId: number,
  lock = false,
): Promise<SettingsRow> {
  const { rows } = await db.query<SettingsRow>(
    `SELECT c.id AS course_id, ${ROLE} AS role, ${STAGE} AS stage, c.status,
       c.completion_min_attendance AS min_attendance, c.completion_min_grade::float8 AS min_grade,
       ${isoInstant('c.closed_at')} AS closed_at, to_char(c.end_date, 'YYYY-MM-DD') AS end_date
     FROM courses c WHERE c.id = $2 AND c.status <> 'Deleted' ${lock ? 'FOR UPDATE' : ''}`,
    [userId, courseId],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  if (!row.role) throw new HttpProblem(403, AUTHORING_MESSAGES.notYourCourse);
  return row;
}

function settingsOf(row: SettingsRow & { role: 'trainer' | 'facilitator' }): CompletionSettings {
  const creator = row.role === 'trainer';
  const ended = row.stage === 'ended';
  return {
    course_id: row.course_id,
    role: row.role,
    stage: row.stage,
    rule: { min_attendance: row.min_attendance, min_grade: Number(row.min_grade) },
    closed_at: row.closed_at,
    ended_on: ended ? (row.closed_at ? centreDate(new Date(row.closed_at)) : row.end_date) : null,
    can_close: creator && row.stage === 'ongoing',
    can_edit_rule: creator && !ended,
  };
}

async function settings(db: Queryable, courseId: number, userId: number, lock = false) {
  const row = await settingsRow(db, courseId, userId, lock);
  return { row, view: settingsOf({ ...row, role: row.role ?? 'trainer' }) };
}

/** GET /trainer/courses/{id}/completion/. */
export async function completionSettings(
  db: Queryable,
  courseId: number,
  userId: number,
): Promise<CompletionSettings> {
  return (await settings(db, courseId, userId)).view;
}

/** PUT /trainer/courses/{id}/completion-rule/ (in a transaction): the creator, until the course ends. */
export async function saveCompletionRule(
  tx: Queryable,
  courseId: number,
  userId: number,
  rule: CompletionRule,
): Promise<CompletionSettings> {
  const { view } = await settings(tx, courseId, userId, true);
  if (view.role !== 'trainer') throw new HttpProblem(403, RECORDS_MESSAGES.onlyCreator);
  if (view.stage === 'ended') throw new HttpProblem(409, RECORDS_MESSAGES.ruleFixed);
  await tx.query(
    'UPDATE courses SET completion_min_attendance = $2, completion_min_grade = $3, updated_at = now() WHERE id = $1',
    [courseId, rule.min_attendance, rule.min_grade],
  );
  return (await settings(tx, courseId, userId)).view;
}

/**
 * POST /trainer/courses/{id}/close/ (in a transaction): the creator ends an approved course that has
 * started and not ended, now. Answers the new setting and the course's title (for the notices).
 */
export async function closeCourse(
  tx: Queryable,
  courseId: number,
  userId: number,
): Promise<CompletionSettings> {
  const { view } = await settings(tx, courseId, userId, true);
  if (view.role !== 'trainer') throw new HttpProblem(403, RECORDS_MESSAGES.onlyCreator);
  if (view.stage === 'not_approved') throw new HttpProblem(409, RECORDS_MESSAGES.notApproved);
  if (view.stage === 'upcoming') throw new HttpProblem(409, RECORDS_MESSAGES.notStarted);
  if (view.stage === 'ended') throw new HttpProblem(409, RECORDS_MESSAGES.alreadyEnded);
  await tx.query('UPDATE courses SET closed_at = now(), closed_by = $2, updated_at = now() WHERE id = $1', [
    courseId,
    userId,
  ]);
  return (await settings(tx, courseId, userId)).view;
}
