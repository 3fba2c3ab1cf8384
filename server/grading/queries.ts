import { gradeStatistics } from '@contract/domain/grading';
import { GRADING_MESSAGES } from '@contract/messages/grading';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type {
  GradedQuizAttempt,
  GradedSubmission,
  GradingCourse,
  GradingItem,
  GradingItemSummary,
  TraineeWork,
  TraineeWorkStatus,
} from '@contract/wire/grading';
import type { Db, Queryable } from '../db';
import { HttpProblem } from '../http';
import { lecturePath } from '../learning/grading';
import { toSubmission } from '../learning/queries';
import { mailCourse, mailNotice } from '../notifications/notice-mail';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';

/**
 * The grading of a course's assignments and quizzes. Who takes part in an item: the trainees
 * enrolled in the course (a withdrawal asked for included) and anyone who handed work in for it.
 * An assignment's grade is its latest attempt's when Reviewed; a quiz's, the best submitted score
 * (as the trainee's grades show them).
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${ISO})`;

interface ItemRow {
  id: number;
  course_id: number;
  title: string;
  title_ar: string;
  description: string;
  description_ar: string;
  class_type: 'Assignment' | 'Quiz';
  week: number;
}

const ITEM_COLUMNS = `l.id, l.course_id, l.title, l.title_ar, l.description, l.description_ar, l.class_type, l.week`;

/** The course's participants on its items: enrolled now, or with work handed in. */
const PEOPLE = `SELECT u.id, u.full_name, u.email FROM users u WHERE u.id IN (
    SELECT e.user_id FROM enrolments e WHERE e.course_id = $1 AND e.status IN ('enrolled', 'withdrawal_requested')
    UNION SELECT s.user_id FROM submissions s WHERE s.lecture_id = ANY($2::int[])
    UNION SELECT a.user_id FROM quiz_attempts a WHERE a.lecture_id = ANY($2::int[]) AND a.submitted_at IS NOT NULL)
  ORDER BY u.full_name, u.id`;

interface PersonRow {
  id: number;
  full_name: string;
  email: string;
}

interface SubmissionRow {
  id: number;
  lecture_id: number;
  user_id: number;
  attempt: number;
  status: GradedSubmission['status'];
  grade: number | null;
  feedback: string | null;
  submitted_at: string;
  reviewed_at: string | null;
  file: { id: string; name: string; extension: string; size: number };
  feedback_file: { id: string; name: string; extension: string; size: number } | null;
}

const SUBMISSIONS = `SELECT s.id, s.lecture_id, s.user_id, s.attempt, s.status, s.grade::float8 AS grade, s.feedback,
    ${iso('s.submitted_at')} AS submitted_at, ${iso('s.reviewed_at')} AS reviewed_at,
    json_build_object('id', f.id, 'name', f.name, 'extension', f.extension, 'size', f.size) AS file,
    CASE WHEN b.id IS NULL THEN NULL
      ELSE json_build_object('id', b.id, 'name', b.name, 'extension', b.extension, 'size', b.size) END AS feedback_file
  FROM submissions s JOIN uploads f ON f.id = s.file_id LEFT JOIN uploads b ON b.id = s.feedback_file_id`;

interface AttemptRow extends GradedQuizAttempt {
  lecture_id: number;
  user_id: number;
}

const ATTEMPTS = `SELECT lecture_id, user_id, number, score::float8 AS score, ${iso('submitted_at')} AS submitted_at,
    submitted_by FROM quiz_attempts WHERE lecture_id = ANY($1::int[]) AND submitted_at IS NOT NULL
  ORDER BY number DESC`;

/** Each trainee's work on each item of `items`. */
async function workOf(
  db: Queryable,
  secret: Uint8Array,
  courseId: number,
  items: readonly ItemRow[],
): Promise<Map<number, TraineeWork[]>> {
  const ids = items.map((item) => item.id);
  const [people, submissions, attempts] = await Promise.all([
    db.query<PersonRow>(PEOPLE, [courseId, ids]),
    db.query<SubmissionRow>(`${SUBMISSIONS} WHERE s.lecture_id = ANY($1::int[]) ORDER BY s.attempt DESC`, [
      ids,
    ]),
    db.query<AttemptRow>(ATTEMPTS, [ids]),
  ]);
  const key = (lectureId: number, userId: number) => `${lectureId}:${userId}`;
  const submissionsBy = new Map<string, GradedSubmission[]>();
  for (const row of submissions.rows) {
    const list = submissionsBy.get(key(row.lecture_id, row.user_id)) ?? [];
    list.push(toSubmission(secret, row));
    submissionsBy.set(key(row.lecture_id, row.user_id), list);
  }
  const attemptsBy = new Map<string, GradedQuizAttempt[]>();
  for (const { lecture_id, user_id, ...attempt } of attempts.rows) {
    const list = attemptsBy.get(key(lecture_id, user_id)) ?? [];
    list.push(attempt);
    attemptsBy.set(key(lecture_id, user_id), list);
  }
  const work = new Map<number, TraineeWork[]>();
  for (const item of items) {
    work.set(
      item.id,
      people.rows.map((person) => {
        const mine = submissionsBy.get(key(item.id, person.id)) ?? [];
        const tries = attemptsBy.get(key(item.id, person.id)) ?? [];
        const latest = mine[0];
        let status: TraineeWorkStatus = 'Not submitted';
        let grade: number | null = null;
        if (item.class_type === 'Assignment') {
          if (latest) status = latest.status;
          grade = latest?.status === 'Reviewed' ? latest.grade : null;
        } else if (tries.length > 0) {
          status = 'Reviewed';
          grade = Math.max(...tries.map((attempt) => attempt.score));
        }
        return {
          user_id: person.id,
          name: person.full_name,
          email: person.email,
          status,
          grade,
          submissions: mine,
          attempts: tries,
        };
      }),
    );
  }
  return work;
}

function gradesOf(work: readonly TraineeWork[]): number[] {
  return work.flatMap((trainee) => (trainee.grade === null ? [] : [trainee.grade]));
}

/** GET /grading/courses/{courseId}/: the course's items with counts and statistics, and who waits. */
export async function gradingCourse(
  db: Queryable,
  secret: Uint8Array,
  courseId: number,
): Promise<GradingCourse> {
  const course = await db.query<{ id: number; title: string; title_ar: string; trainees: number }>(
    `SELECT c.id, c.title, c.title_ar, (SELECT count(*)::int FROM enrolments e
       WHERE e.course_id = c.id AND e.status IN ('enrolled', 'withdrawal_requested')) AS trainees
     FROM courses c WHERE c.id = $1`,
    [courseId],
  );
  const found = course.rows[0];
  if (!found) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  const { rows: items } = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM lectures l
     WHERE l.course_id = $1 AND l.class_type IN ('Assignment', 'Quiz') ORDER BY l.week, l.position, l.id`,
    [courseId],
  );
  const work = await workOf(db, secret, courseId, items);
  const summaries: GradingItemSummary[] = items.map((item) => {
    const trainees = work.get(item.id) ?? [];
    const count = (status: TraineeWorkStatus) =>
      trainees.filter((trainee) => trainee.status === status).length;
    return {
      lecture_id: item.id,
      title: item.title,
      title_ar: item.title_ar,
      kind: item.class_type === 'Quiz' ? 'quiz' : 'assignment',
      week: item.week,
      counts: {
        not_submitted: count('Not submitted'),
        submitted: count('Submitted'),
        reviewed: count('Reviewed'),
        returned: count('Returned'),
      },
      statistics: gradeStatistics(gradesOf(trainees)),
    };
  });
  const order = new Map(items.map((item, index) => [item.id, index]));
  const waiting = items
    .flatMap((item) =>
      (work.get(item.id) ?? []).flatMap((trainee) => {
        const latest = trainee.submissions[0];
        return latest?.status === 'Submitted'
          ? [{ submission_id: latest.id, lecture_id: item.id, at: latest.submitted_at }]
          : [];
      }),
    )
    .sort(
      (a, b) =>
        (order.get(a.lecture_id) ?? 0) - (order.get(b.lecture_id) ?? 0) ||
        a.at.localeCompare(b.at) ||
        a.submission_id - b.submission_id,
    )
    .map(({ submission_id, lecture_id }) => ({ submission_id, lecture_id }));
  const { trainees, ...head } = found;
  return { course: head, trainees, items: summaries, waiting };
}

/** The assignment or quiz and its course, or 404 (a lecture of another type is not one). */
export async function gradingItemHead(db: Queryable, lectureId: number): Promise<ItemRow> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM lectures l WHERE l.id = $1 AND l.class_type IN ('Assignment', 'Quiz')`,
    [lectureId],
  );
  const item = rows[0];
  if (!item) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return item;
}

/** GET /grading/items/{lectureId}/: the item, its statistics and every trainee's work. */
export async function gradingItem(db: Queryable, secret: Uint8Array, item: ItemRow): Promise<GradingItem> {
  const work = (await workOf(db, secret, item.course_id, [item])).get(item.id) ?? [];
  return {
    lecture_id: item.id,
    course_id: item.course_id,
    title: item.title,
    title_ar: item.title_ar,
    kind: item.class_type === 'Quiz' ? 'quiz' : 'assignment',
    description: item.description,
    description_ar: item.description_ar,
    statistics: gradeStatistics(gradesOf(work)),
    trainees: work,
  };
}

/** The course of a submission, or 404. */
export async function submissionCourse(db: Queryable, submissionId: number): Promise<number> {
  const { rows } = await db.query<{ course_id: number }>(
    'SELECT l.course_id FROM submissions s JOIN lectures l ON l.id = s.lecture_id WHERE s.id = $1',
    [submissionId],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return row.course_id;
}

export type GradingDecisionInput =
  | { status: 'Reviewed'; grade: number; feedback: string | null; feedbackFileId: string | null }
  | { status: 'Returned'; feedback: string; feedbackFileId: string | null };

/**
 * Grades (Reviewed) or returns a submission, by the course's trainer or a facilitator, in one
 * transaction with the trainee's notification (pushed live once committed; a grade is mailed too,
 * from `origin`). Only the trainee's
 * latest attempt, waiting or already reviewed (a regrade), may be decided: a returned one, or one
 * a newer attempt follows, is refused with 409. A decision without a feedback file keeps the one
 * given before (a regrade that changes only the grade).
 */
export async function decideSubmission(
  db: Db,
  notifier: Notifier,
  origin: string,
  secret: Uint8Array,
  submissionId: number,
  reviewerId: number,
  decision: GradingDecisionInput,
): Promise<GradedSubmission> {
  const { submission, announce } = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE submissions s SET status = $2, grade = $3, feedback = $4, feedback_file_id = coalesce($5, s.feedback_file_id),
         reviewed_at = now(), reviewed_by = $6
       WHERE s.id = $1 AND s.status IN ('Submitted', 'Reviewed')
         AND NOT EXISTS (SELECT 1 FROM submissions n
           WHERE n.lecture_id = s.lecture_id AND n.user_id = s.user_id AND n.attempt > s.attempt)
       RETURNING s.id`,
      [
        submissionId,
        decision.status,
        decision.status === 'Reviewed' ? decision.grade : null,
        decision.feedback,
        decision.feedbackFileId,
        reviewerId,
      ],
    );
    if (rows.length === 0) throw new HttpProblem(409, GRADING_MESSAGES.notGradable);
    const found = await tx.query<
      SubmissionRow & { course_id: number; title: string; title_ar: string; course_title: string }
    >(
      `SELECT q.*, l.course_id, l.title, l.title_ar, c.title AS course_title
       FROM (${SUBMISSIONS} WHERE s.id = $1) q
       JOIN lectures l ON l.id = q.lecture_id JOIN courses c ON c.id = l.course_id`,
      [submissionId],
    );
    const row = found.rows[0];
    if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const lecture = {
      title: row.title,
      title_ar: row.title_ar,
      link: lecturePath(row.course_id, row.lecture_id),
    };
    const content =
      decision.status === 'Reviewed'
        ? NOTIFICATIONS.submissionGraded(lecture)
        : NOTIFICATIONS.submissionReturned(lecture);
    const notice = await notifier.notifyWithin(tx, row.user_id, content);
    if (decision.status === 'Reviewed')
      await mailNotice(tx, origin, row.user_id, {
        kind: 'grade_released',
        course: await mailCourse(tx, row.course_id),
        item: { title: row.title, title_ar: row.title_ar },
      });
    return { submission: toSubmission(secret, row), announce: notice.announce };
  });
  await announce();
  return submission;
}
