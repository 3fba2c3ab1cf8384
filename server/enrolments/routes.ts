import { withdrawalFormSchema } from '@contract/forms/enrolments';
import { WITHDRAWAL_SENT } from '@contract/messages/enrolments';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { confirmationSchema } from '@contract/wire/common';
import { enrolledCoursesPageSchema } from '@contract/wire/enrolments';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { pageQuery } from '../paging';
import { notifyStaff } from '../staff/notify';
import { formDetails, jsonBody, MAX_ID } from '../validation';
import { EnrolmentError, enrolmentsOf, requestWithdrawal } from './queries';

/**
 * The body's shape: a course id, and a reason read as text and checked by the withdraw modal's own
 * rules (withdrawalFormSchema), so that a blank or too long reason answers the modal's sentence.
 */
const requestBodySchema = z.object({
  course_id: z.int().check(z.positive(), z.lte(MAX_ID)),
  reason: z.optional(z.string()),
});

export function refuseEnrolmentError(error: unknown): never {
  if (error instanceof EnrolmentError) throw new HttpProblem(error.status, error.userMessage);
  throw error;
}

/**
 * The trainee's enrolments: POST /course/enroll-status-update/ (the spec's withdrawal or drop
 * request) and GET /enrolments/ (the enrolled-courses list).
 */
export function enrolmentRoutes({ db, tokens, limiter, notifier }: Deps): Mounts {
  const trainee = [requireAuth(db, tokens), requireRole('TRAINEE')] as const;

  const statusUpdate = new Hono<AppEnv>();
  statusUpdate.post(
    '/',
    ...trainee,
    jsonBody(requestBodySchema, SERVER_MESSAGES.withdrawalRequestInvalid),
    async (c) => {
      const user = c.get('user');
      const { course_id, reason = '' } = c.req.valid('json');
      const details = formDetails(withdrawalFormSchema, { reason }, ['reason']);
      if (details.length > 0) throw new HttpProblem(400, details);
      await limiter.consume('withdrawalAccount', String(user.id));
      const announce = await db
        .transaction(async (tx) => {
          await requestWithdrawal(tx, user.id, course_id, reason);
          return notifyStaff(tx, notifier, 'withdrawal', { en: user.full_name, ar: user.full_name });
        })
        .catch(refuseEnrolmentError);
      await announce();
      return c.json(confirmationSchema.parse({ success: true, message: WITHDRAWAL_SENT }));
    },
  );

  const enrolments = new Hono<AppEnv>();
  enrolments.get('/', ...trainee, pageQuery(), async (c) =>
    c.json(enrolledCoursesPageSchema.parse(await enrolmentsOf(db, c.get('user').id, c.req.valid('query')))),
  );

  return [
    ['/course/enroll-status-update/', statusUpdate],
    ['/enrolments/', enrolments],
  ];
}
