import { longerThan } from '@contract/forms/rules';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import * as z from 'zod/mini';
import type { Db, Queryable } from '../db';
import { HttpProblem } from '../http';
import { mailNotice } from '../notifications/notice-mail';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';
import { MAX_ID } from '../validation';

/**
 * The admin's decision on a Pending course (`POST /admin/approve-course/`, `/admin/reject-course/`
 * and `npm run admin -- approve-course | reject-course`). Approving makes the course public (the
 * catalogue's version rises with the update, migration 009) and adds its evaluation surveys as
 * lectures; rejecting keeps the reason for the trainer. Either way the trainer and the
 * facilitators are told live.
 */

export const REJECT_REASON_MAX = 500;

export const approveCourseBodySchema = z.object({ course_id: z.int().check(z.positive(), z.lte(MAX_ID)) });
export const rejectCourseBodySchema = z.object({
  course_id: z.int().check(z.positive(), z.lte(MAX_ID)),
  reason: z.string(),
});

/** Whether a rejection's reason is 1 to 500 characters once trimmed. */
export function reasonHolds(reason: string): boolean {
  return reason.trim().length > 0 && !longerThan(reason.trim(), REJECT_REASON_MAX);
}

/** The answer of both admin calls, as the command reads it. */
export const courseDecisionSchema = z.object({
  success: z.literal(true),
  data: z.object({
    course_id: z.int(),
    title: z.string(),
    status: z.enum(['Approved', 'Rejected']),
    reason: z.nullable(z.string()),
    /** How many people were notified (the trainer and the facilitators). */
    notified: z.int(),
    /** The survey lectures added (approval only). */
    survey_lectures: z.array(z.int()),
  }),
});
export type CourseDecision = z.infer<typeof courseDecisionSchema>['data'];

/** A refusal of a decision (the command prints it when it works on the database). */
export class CourseDecisionError extends Error {
  override readonly name = 'CourseDecisionError';
  constructor(
    readonly status: 404 | 409,
    readonly userMessage: typeof SERVER_MESSAGES.notFound | typeof AUTHORING_MESSAGES.courseNotPending,
  ) {
    super(userMessage);
  }
}

export function refuseCourseDecision(error: unknown): never {
  if (error instanceof CourseDecisionError) throw new HttpProblem(error.status, error.userMessage);
  throw error;
}

interface SurveyQuestion {
  kind: 'rating' | 'choice' | 'text';
  text: string;
  text_ar: string;
  required?: boolean;
  options?: { id: number; text: string; text_ar: string }[];
}

/** Adds the survey of a category as a 'Survey' lecture: first of week 1 (pre) or last of the last week (post). */
async function addSurveyLecture(
  tx: Queryable,
  courseId: number,
  categoryId: number,
  stage: 'pre' | 'post',
  lastWeek: number,
): Promise<number | undefined> {
  const { rows: categories } = await tx.query<{ name: string; name_ar: string; questions: SurveyQuestion[] }>(
    'SELECT name, name_ar, questions FROM survey_categories WHERE id = $1',
    [categoryId],
  );
  const category = categories[0];
  if (!category) return undefined;
  const week = stage === 'pre' ? 1 : lastWeek;
  const { rows: lectures } = await tx.query<{ id: number }>(
    `INSERT INTO lectures (course_id, week, position, class_type, title, title_ar)
     SELECT $1, $2, ${stage === 'pre' ? 'coalesce(min(position), 2) - 1' : 'coalesce(max(position), 0) + 1'},
       'Survey', $3, $4
     FROM lectures WHERE course_id = $1 AND week = $2
     RETURNING id`,
    [courseId, week, category.name, category.name_ar],
  );
  const lectureId = lectures[0]?.id;
  if (lectureId === undefined) throw new Error('The survey lecture was not stored');
  await tx.query('INSERT INTO surveys (lecture_id, stage) VALUES ($1, $2)', [lectureId, stage]);
  for (const [index, question] of category.questions.entries()) {
    await tx.query(
      `INSERT INTO questions (lecture_id, position, kind, text, text_ar, options, correct, required)
       VALUES ($1, $2, $3, $4, $5, $6, '[]', $7)`,
      [
        lectureId,
        index + 1,
        question.kind,
        question.text,
        question.text_ar,
        JSON.stringify(question.options ?? []),
        question.required ?? true,
      ],
    );
  }
  return lectureId;
}

/**
 * Approves or rejects a Pending course in one transaction (404 unknown or deleted, 409 not
 * Pending), and tells its trainer and facilitators (by mail too, from `origin`: PUBLIC_ORIGIN)
 * once it has committed.
 */
export async function decideCourse(
  db: Db,
  notifier: Notifier,
  origin: string,
  courseId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<CourseDecision> {
  const announcements: (() => Promise<void>)[] = [];
  const decided = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number;
      title: string;
      title_ar: string;
      status: string;
      created_by: number;
      pre_survey_id: number | null;
      post_survey_id: number | null;
      week_count: number;
    }>(
      `SELECT id, title, title_ar, status, created_by, pre_survey_id, post_survey_id,
         greatest(jsonb_array_length(weeks), 1) AS week_count
       FROM courses WHERE id = $1 FOR UPDATE`,
      [courseId],
    );
    const course = rows[0];
    if (!course || course.status === 'Deleted') throw new CourseDecisionError(404, SERVER_MESSAGES.notFound);
    if (course.status !== 'Pending') throw new CourseDecisionError(409, AUTHORING_MESSAGES.courseNotPending);
    const reason = decision.approve ? null : decision.reason.trim();
    await tx.query(
      `UPDATE courses SET status = $2, rejection_reason = $3, decided_at = now(), updated_at = now()
       WHERE id = $1`,
      [courseId, decision.approve ? 'Approved' : 'Rejected', reason],
    );
    const surveyLectures: number[] = [];
    if (decision.approve) {
      // An approved course is never Pending again, so its surveys are added once.
      for (const [stage, categoryId] of [
        ['pre', course.pre_survey_id],
        ['post', course.post_survey_id],
      ] as const) {
        if (categoryId === null) continue;
        const id = await addSurveyLecture(tx, courseId, categoryId, stage, course.week_count);
        if (id !== undefined) surveyLectures.push(id);
      }
    }
    const { rows: people } = await tx.query<{ user_id: number }>(
      `SELECT $2::int AS user_id UNION SELECT user_id FROM course_facilitators WHERE course_id = $1`,
      [courseId, course.created_by],
    );
    const content = decision.approve
      ? NOTIFICATIONS.courseApproved(course)
      : NOTIFICATIONS.courseRejected(course, reason ?? '');
    const mailed = { id: course.id, title: course.title, title_ar: course.title_ar };
    for (const { user_id } of people) {
      const notice = await notifier.notifyWithin(tx, user_id, content);
      announcements.push(notice.announce);
      await mailNotice(
        tx,
        origin,
        user_id,
        decision.approve
          ? { kind: 'course_approved', course: mailed }
          : { kind: 'course_rejected', course: mailed, reason: reason ?? '' },
      );
    }
    return {
      course_id: course.id,
      title: course.title,
      status: decision.approve ? ('Approved' as const) : ('Rejected' as const),
      reason,
      notified: people.length,
      survey_lectures: surveyLectures,
    };
  });
  for (const announce of announcements) await announce();
  return decided;
}
