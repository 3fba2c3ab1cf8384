import { VALIDATION } from '@contract/forms/auth';
import { field, required } from '@contract/forms/rules';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { staffAccountRequestSchema, staffAccountResponseSchema } from '@contract/wire/staff';
import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { backupAnswer } from '../backup/routes';
import type { Deps } from '../deps';
import type { WithdrawalDecision } from '../enrolments/queries';
import { refuseEnrolmentError } from '../enrolments/routes';
import { type AppEnv, describeError, HttpProblem } from '../http';
import {
  gradeRequestSchema,
  type ReviewedSubmission,
  returnRequestSchema,
  waitingSubmissions,
} from '../learning/grading';
import { LearningError } from '../learning/queries';
import type { Mounts } from '../mounts';
import { PaymentError, type PaymentRow, refundPayment } from '../payments/queries';
import { type PaymentsDeps, toPaymentAnswer } from '../payments/routes';
import { createStaffAccount } from '../staff/accounts';
import type { StaffActor } from '../staff/audit';
import {
  approveTrainerBy,
  confirmCashBy,
  decideWithdrawalBy,
  recordRefundBy,
  reviewSubmissionBy,
} from '../staff/cli-decisions';
import { jsonBody, jsonForm, MAX_ID, validId } from '../validation';
import { deciderOf, requireAdminOrStaffToken } from './middleware';
import {
  AdminError,
  notificationContent,
  notifyRequestSchema,
  notifyUser,
  toApprovalResponse,
} from './queries';

const approvalFormSchema = z.object({ email: field(required(VALIDATION.emailRequired)) });
const withdrawalDecisionBodySchema = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(254)),
  course_id: z.int().check(z.positive(), z.lte(MAX_ID)),
  reason: z.optional(z.string()),
});
const paymentIdSchema = z.object({ payment_id: z.string().check(z.maxLength(100)) });
type PaymentIdBody = z.infer<typeof paymentIdSchema>;

/**
 * /admin/…: what the `npm run admin` command asks of a running server (PGlite lets one process
 * open the database). Every call needs a personal staff token, under which the decisions are
 * recorded in the audit log (server/staff/cli-decisions.ts), or the shared admin token
 * (requireAdminOrStaffToken).
 */
export function adminRoutes(
  { db, adminToken, notifier, publicOrigin, uploads }: Deps,
  payments: PaymentsDeps,
): Mounts {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAdminOrStaffToken(adminToken, db));

  // `npm run backup` while the server holds the embedded database (server/backup/).
  routes.get('/backup/', () => backupAnswer(db, uploads));

  routes.post('/approve-trainer/', jsonForm(approvalFormSchema, ['email']), async (c) => {
    const { email } = c.req.valid('json');
    try {
      return c.json(
        toApprovalResponse(await approveTrainerBy(db, deciderOf(c), email, publicOrigin(), notifier)),
      );
    } catch (error) {
      if (error instanceof AdminError) {
        throw new HttpProblem(error.reason === 'unknown-user' ? 404 : 400, {
          field: 'email',
          message: error.userMessage,
        });
      }
      throw error;
    }
  });

  // `npm run admin -- create-admin EMAIL`: a staff account, invited by mail (server/staff/accounts.ts);
  // by the shared admin token only while no staff account is active (the first one).
  routes.post('/create-admin/', jsonBody(staffAccountRequestSchema, VALIDATION.emailInvalid), async (c) => {
    const account = await createStaffAccount(
      db,
      publicOrigin(),
      c.req.valid('json'),
      c.get('staffActor') ?? null,
    );
    return c.json(
      staffAccountResponseSchema.parse({ success: true, data: account }),
      account.created ? 201 : 200,
    );
  });

  routes.post('/notify/', jsonBody(notifyRequestSchema, SERVER_MESSAGES.notificationInvalid), async (c) => {
    const request = c.req.valid('json');
    try {
      const { user, id } = await notifyUser(db, request.email, notificationContent(request), notifier);
      return c.json({ success: true, data: { id, email: user.email, full_name: user.full_name } }, 201);
    } catch (error) {
      if (error instanceof AdminError) {
        throw new HttpProblem(404, { field: 'email', message: error.userMessage });
      }
      throw error;
    }
  });

  /** An action on the payment the body names, answered with the payment as its owner reads it. */
  const paymentAction = (act: (paymentId: string, actor: StaffActor) => Promise<PaymentRow>) =>
    [
      jsonBody(paymentIdSchema, SERVER_MESSAGES.paymentIdInvalid),
      async (c: Context<AppEnv, string, { in: { json: PaymentIdBody }; out: { json: PaymentIdBody } }>) => {
        try {
          const payment = await act(c.req.valid('json').payment_id.trim().toLowerCase(), deciderOf(c));
          return c.json({
            success: true,
            data: toPaymentAnswer(payment, payments.gateway, payments.origin(c), 'en'),
          });
        } catch (error) {
          if (error instanceof PaymentError) throw new HttpProblem(error.status, error.userMessage);
          throw error;
        }
      },
    ] as const;

  // A cash payment taken at the centre: paid, enrolled, receipt issued, the trainee notified.
  routes.post(
    '/confirm-payment/',
    ...paymentAction((id, actor) =>
      confirmCashBy(db, actor, id, payments.settings, notifier, publicOrigin()),
    ),
  );

  // A refund due on a card payment, in full through the gateway.
  routes.post(
    '/refund-payment/',
    ...paymentAction(async (id, actor) => {
      const payment = await refundPayment(db, id, async (reference) => {
        try {
          return await payments.gateway.refund(reference);
        } catch (error) {
          console.error(`the gateway did not refund: ${describeError(error)}`);
          throw new HttpProblem(502, SERVER_MESSAGES.gatewayUnavailable);
        }
      });
      await recordRefundBy(db, actor, payment, payment.course_title);
      return payment;
    }),
  );

  /**
   * Refunds in full through the gateway a card payment whose refund an approval made due. When the
   * gateway cannot be reached the refund stays due (refund-payment retries it) and the approval
   * stands.
   */
  const refundIfCard = async (
    decision: WithdrawalDecision,
    actor: StaffActor,
  ): Promise<WithdrawalDecision> => {
    const due = decision.refund;
    if (due?.method !== 'card') return decision;
    try {
      const refunded = await refundPayment(db, due.payment_id, (reference) =>
        payments.gateway.refund(reference),
      );
      await recordRefundBy(db, actor, { ...refunded, id: due.payment_id }, decision.course_title);
      return { ...decision, refund: { ...due, refund_status: refunded.refund_status ?? 'due' } };
    } catch (error) {
      console.error(`the gateway did not refund a withdrawal: ${describeError(error)}`);
      return decision;
    }
  };

  // A withdrawal or drop the trainee asked for: withdrawn (dropped before the start, refunded).
  routes.post(
    '/approve-withdrawal/',
    jsonBody(withdrawalDecisionBodySchema, SERVER_MESSAGES.withdrawalDecisionInvalid),
    async (c) => {
      const { email, course_id } = c.req.valid('json');
      const actor = deciderOf(c);
      const decided = await decideWithdrawalBy(
        db,
        actor,
        email,
        course_id,
        { approve: true },
        notifier,
        publicOrigin(),
      ).catch(refuseEnrolmentError);
      return c.json({ success: true, data: await refundIfCard(decided, actor) });
    },
  );

  // A withdrawal refused, with its reason: the trainee is enrolled again.
  routes.post(
    '/reject-withdrawal/',
    jsonBody(withdrawalDecisionBodySchema, SERVER_MESSAGES.withdrawalDecisionInvalid),
    async (c) => {
      const { email, course_id, reason = '' } = c.req.valid('json');
      const decided = await decideWithdrawalBy(
        db,
        deciderOf(c),
        email,
        course_id,
        { approve: false, reason },
        notifier,
        publicOrigin(),
      ).catch(refuseEnrolmentError);
      return c.json({ success: true, data: decided });
    },
  );

  // Assignments: the submissions waiting for a grade; a grade (Reviewed) or a return, each notified.
  routes.get('/submissions/', async (c) => c.json({ success: true, data: await waitingSubmissions(db) }));
  const reviewed = (decided: Promise<ReviewedSubmission>) =>
    decided.catch((error: unknown) => {
      if (error instanceof LearningError) throw new HttpProblem(error.status, error.userMessage);
      throw error;
    });
  for (const slash of ['', '/']) {
    routes.post(
      `/submissions/:id/grade${slash}`,
      validId(),
      jsonBody(gradeRequestSchema, SERVER_MESSAGES.gradeInvalid),
      async (c) => {
        const { grade, feedback } = c.req.valid('json');
        const decision = { status: 'Reviewed' as const, grade, feedback: feedback?.trim() || null };
        const data = await reviewed(
          reviewSubmissionBy(db, deciderOf(c), notifier, publicOrigin(), c.req.valid('param').id, decision),
        );
        return c.json({ success: true, data });
      },
    );
    routes.post(
      `/submissions/:id/return${slash}`,
      validId(),
      jsonBody(returnRequestSchema, SERVER_MESSAGES.feedbackRequired),
      async (c) => {
        const decision = { status: 'Returned' as const, feedback: c.req.valid('json').feedback };
        const data = await reviewed(
          reviewSubmissionBy(db, deciderOf(c), notifier, publicOrigin(), c.req.valid('param').id, decision),
        );
        return c.json({ success: true, data });
      },
    );
  }

  return [['/admin/', routes]];
}
