import { GRADING_VALIDATION, gradeFormSchema, readGrade, returnFormSchema } from '@contract/forms/grading';
import { GRADING_MESSAGES } from '@contract/messages/grading';
import {
  type GradingDecision,
  gradingCourseSchema,
  gradingDecisionSchema,
  gradingItemSchema,
} from '@contract/wire/grading';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAuth, requireRole } from '../auth/middleware';
import { assertCourseAuthor } from '../authoring/access';
import type { Queryable } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import { fileIdOf } from '../learning/files';
import type { Mounts } from '../mounts';
import { formDetails, jsonBody, validId } from '../validation';
import { decideSubmission, gradingCourse, gradingItem, gradingItemHead, submissionCourse } from './queries';

/** A body's field as text: a string as is, a number as written, anything else (or nothing) as ''. */
function textOf(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const value = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/** A present value that is neither text nor a number cannot be a grade. */
function notANumber(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const value = (body as Record<string, unknown>).grade;
  return value !== undefined && value !== null && typeof value !== 'string' && typeof value !== 'number';
}

/** The address of the feedback file, null when none. */
function feedbackFileOf(body: unknown): string | null {
  const address = textOf(body, 'feedback_file').trim();
  return address ? address : null;
}

/** The id of an upload of the caller's, or 400 at the field feedback_file. */
async function ownUpload(db: Queryable, userId: number, address: string | null): Promise<string | null> {
  if (address === null) return null;
  const refuse = (): never => {
    throw new HttpProblem(400, { field: 'feedback_file', message: GRADING_VALIDATION.feedbackFileUnknown });
  };
  const id = fileIdOf(address);
  if (!id) return refuse();
  const { rows } = await db.query<{ id: string }>('SELECT id FROM uploads WHERE id = $1 AND owner_id = $2', [
    id,
    userId,
  ]);
  return rows[0]?.id ?? refuse();
}

/**
 * Grading (spec sections 1, 3 and 5), by the course's trainer or a facilitator named on it (else
 * 403): a course's assignments and quizzes with statistics, one item with every trainee's work, and
 * grading or returning an assignment's submission (the trainee notified live). Quiz scores are the
 * automatic ones: there is no call to change them.
 */
export function gradingRoutes({ db, tokens, notifier, secret, publicOrigin }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  const trainer = [requireAuth(db, tokens), requireRole('TRAINER')] as const;
  // Any JSON body (415 and 400 for what is not, NUL refused); the form rules read it below.
  const anyBody = jsonBody(z.unknown(), GRADING_VALIDATION.gradeRequired);

  routes.get('/courses/:id/', ...trainer, validId(), async (c) => {
    const courseId = c.req.valid('param').id;
    await assertCourseAuthor(db, c.get('user').id, courseId);
    return c.json(gradingCourseSchema.parse(await gradingCourse(db, secret, courseId)));
  });

  routes.get('/items/:id/', ...trainer, validId(), async (c) => {
    const item = await gradingItemHead(db, c.req.valid('param').id);
    await assertCourseAuthor(db, c.get('user').id, item.course_id);
    return c.json(gradingItemSchema.parse(await gradingItem(db, secret, item)));
  });

  /** The submission's course, once the caller is known to teach it. */
  const taught = async (submissionId: number, userId: number) =>
    assertCourseAuthor(db, userId, await submissionCourse(db, submissionId));

  routes.post('/submissions/:id/grade/', ...trainer, validId(), anyBody, async (c) => {
    const id = c.req.valid('param').id;
    const user = c.get('user');
    await taught(id, user.id);
    const body = c.req.valid('json');
    const values = { grade: textOf(body, 'grade'), feedback: textOf(body, 'feedback') };
    const details = notANumber(body)
      ? [{ field: 'grade', message: GRADING_VALIDATION.gradeNotNumber }]
      : formDetails(gradeFormSchema, values, ['grade', 'feedback']);
    const read = readGrade(values.grade);
    if (details.length > 0 || 'message' in read) throw new HttpProblem(400, details);
    const feedbackFileId = await ownUpload(db, user.id, feedbackFileOf(body));
    const feedback = values.feedback.trim() || null;
    const submission = await decideSubmission(db, notifier, publicOrigin(), secret, id, user.id, {
      status: 'Reviewed',
      grade: read.grade,
      feedback,
      feedbackFileId,
    });
    const answer: GradingDecision = { message: GRADING_MESSAGES.graded, submission };
    return c.json(gradingDecisionSchema.parse(answer));
  });

  routes.post('/submissions/:id/return/', ...trainer, validId(), anyBody, async (c) => {
    const id = c.req.valid('param').id;
    const user = c.get('user');
    await taught(id, user.id);
    const body = c.req.valid('json');
    const values = { feedback: textOf(body, 'feedback') };
    const details = formDetails(returnFormSchema, values, ['feedback']);
    if (details.length > 0) throw new HttpProblem(400, details);
    const feedbackFileId = await ownUpload(db, user.id, feedbackFileOf(body));
    const submission = await decideSubmission(db, notifier, publicOrigin(), secret, id, user.id, {
      status: 'Returned',
      feedback: values.feedback.trim(),
      feedbackFileId,
    });
    const answer: GradingDecision = { message: GRADING_MESSAGES.returned, submission };
    return c.json(gradingDecisionSchema.parse(answer));
  });

  return [['/grading/', routes]];
}
