import { GRADE_MAX } from '@contract/domain/grading';
import { SURVEY_TEXT_MAX } from '@contract/forms/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { SubmissionStatus } from '@contract/wire/learning';
import * as z from 'zod/mini';
import type { Db } from '../db';
import { mailCourse, mailNotice } from '../notifications/notice-mail';
import { NOTIFICATIONS, type NotificationContent, type Notifier } from '../notifications/notifier';
import { LearningError } from './queries';

/** POST /admin/submissions/{id}/grade: a grade from 0 to 10 in hundredths, and feedback if any. */
export const gradeRequestSchema = z.object({
  grade: z.number().check(
    z.gte(0),
    z.lte(GRADE_MAX),
    z.refine((grade) => Math.abs(grade * 100 - Math.round(grade * 100)) < 1e-6),
  ),
  feedback: z.optional(z.string().check(z.maxLength(SURVEY_TEXT_MAX))),
});
export type GradeRequest = z.infer<typeof gradeRequestSchema>;

/** POST /admin/submissions/{id}/return: the feedback that says what to change. */
export const returnRequestSchema = z.object({
  feedback: z.string().check(z.trim(), z.minLength(1), z.maxLength(SURVEY_TEXT_MAX)),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** A submission as the admin commands print it. */
export const reviewedSubmissionSchema = z.object({
  id: z.int(),
  status: z.enum(['Submitted', 'Reviewed', 'Returned']),
  grade: z.nullable(z.number()),
  feedback: z.nullable(z.string()),
  attempt: z.int(),
  lecture_id: z.int(),
  lecture_title: z.string(),
  course_id: z.int(),
  course_title: z.string(),
  trainee_email: z.string(),
  submitted_at: z.string(),
});
export type ReviewedSubmission = z.infer<typeof reviewedSubmissionSchema>;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const SUMMARY = `SELECT s.id, s.status, s.grade::float8 AS grade, s.feedback, s.attempt, s.user_id,
    l.id AS lecture_id, l.title AS lecture_title, l.title_ar AS lecture_title_ar,
    c.id AS course_id, c.title AS course_title, u.email AS trainee_email,
    to_char(s.submitted_at AT TIME ZONE 'UTC', ${ISO}) AS submitted_at
  FROM submissions s JOIN lectures l ON l.id = s.lecture_id JOIN courses c ON c.id = l.course_id
  JOIN users u ON u.id = s.user_id`;

type SummaryRow = ReviewedSubmission & { user_id: number; lecture_title_ar: string };

function summary({ user_id: _user, lecture_title_ar: _ar, ...row }: SummaryRow): ReviewedSubmission {
  return row;
}

/** The submissions waiting for a grade, oldest first. */
export async function waitingSubmissions(db: Db): Promise<ReviewedSubmission[]> {
  const { rows } = await db.query<SummaryRow>(
    `${SUMMARY} WHERE s.status = 'Submitted' ORDER BY s.submitted_at, s.id`,
  );
  return rows.map(summary);
}

/** Where the notification leads: the lecture in the course player. */
export function lecturePath(courseId: number, lectureId: number): string {
  return `/ongoing-courses/${courseId}/${lectureId}`;
}

function reviewNotice(row: SummaryRow, status: Exclude<SubmissionStatus, 'Submitted'>): NotificationContent {
  const lecture = {
    title: row.lecture_title,
    title_ar: row.lecture_title_ar,
    link: lecturePath(row.course_id, row.lecture_id),
  };
  return status === 'Reviewed'
    ? NOTIFICATIONS.submissionGraded(lecture)
    : NOTIFICATIONS.submissionReturned(lecture);
}

/** A grade (Reviewed, with an optional feedback) or a return (Returned, with the feedback). */
export type SubmissionDecision =
  | { status: 'Reviewed'; grade: number; feedback: string | null }
  | { status: 'Returned'; feedback: string };

/**
 * Grades (Reviewed) or returns a submission that waits for a grade, in one transaction with the
 * trainee's notification, pushed live once committed (a grade is mailed too, from `origin`). 404 for no such submission; 409
 * submissionNotAwaiting when it was graded or returned already.
 */
export async function reviewSubmission(
  db: Db,
  notifier: Notifier,
  origin: string,
  id: number,
  decision: SubmissionDecision,
): Promise<ReviewedSubmission> {
  const { row, announce } = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE submissions SET status = $2, grade = $3, feedback = $4, reviewed_at = now()
       WHERE id = $1 AND status = 'Submitted' RETURNING id`,
      [id, decision.status, decision.status === 'Reviewed' ? decision.grade : null, decision.feedback],
    );
    const found = await tx.query<SummaryRow>(`${SUMMARY} WHERE s.id = $1`, [id]);
    const updated = found.rows[0];
    if (!updated) throw new LearningError(404, SERVER_MESSAGES.notFound);
    if (rows.length === 0) throw new LearningError(409, SERVER_MESSAGES.submissionNotAwaiting);
    const notice = await notifier.notifyWithin(tx, updated.user_id, reviewNotice(updated, decision.status));
    if (decision.status === 'Reviewed')
      await mailNotice(tx, origin, updated.user_id, {
        kind: 'grade_released',
        course: await mailCourse(tx, updated.course_id),
        item: { title: updated.lecture_title, title_ar: updated.lecture_title_ar },
      });
    return { row: updated, announce: notice.announce };
  });
  await announce();
  return summary(row);
}
