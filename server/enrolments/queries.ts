import { WITHDRAWAL_REASON_MAX } from '@contract/forms/enrolments';
import { longerThan } from '@contract/forms/rules';
import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import type { EnrolmentStatus, PaymentMethod } from '@contract/wire/payments';
import * as z from 'zod/mini';
import type { Db, Queryable } from '../db';
import { mailNotice } from '../notifications/notice-mail';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';
import { type Page, type PageRequest, selectPage } from '../paging';
import { normaliseEmail } from '../users';

/** A refusal of an enrolment action, with its status and sentence. */
export class EnrolmentError extends Error {
  override readonly name = 'EnrolmentError';
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly userMessage: ServerMessage,
  ) {
    super(userMessage);
  }
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/** The sentence that refuses a trainee whose enrolment in a course is `status` (or who has none). */
export function refusalOf(status: EnrolmentStatus | undefined): ServerMessage {
  return status === 'withdrawn' || status === 'dropped'
    ? SERVER_MESSAGES.courseWithdrawn
    : SERVER_MESSAGES.notEnrolled;
}

/** The trainee's enrolment status in the course; undefined when there is none. */
export async function enrolmentStatus(
  db: Queryable,
  userId: number,
  courseId: number,
): Promise<EnrolmentStatus | undefined> {
  const { rows } = await db.query<{ status: EnrolmentStatus }>(
    'SELECT status FROM enrolments WHERE user_id = $1 AND course_id = $2',
    [userId, courseId],
  );
  return rows[0]?.status;
}

/**
 * Asks for the trainee's withdrawal from a course: only an enrolment that is `enrolled` can; it
 * becomes `withdrawal_requested` with the reason, the time, and whether the course had not started
 * yet (a drop). Answers whether it was before the start.
 */
export async function requestWithdrawal(
  db: Db,
  userId: number,
  courseId: number,
  reason: string,
): Promise<{ beforeStart: boolean }> {
  return db.transaction(async (tx) => {
    const { rows: courses } = await tx.query<{ before_start: boolean }>(
      'SELECT centre_today() < start_date AS before_start FROM courses WHERE id = $1',
      [courseId],
    );
    const course = courses[0];
    if (!course) throw new EnrolmentError(404, SERVER_MESSAGES.notFound);
    const { rows } = await tx.query<{ status: EnrolmentStatus }>(
      'SELECT status FROM enrolments WHERE user_id = $1 AND course_id = $2 FOR UPDATE',
      [userId, courseId],
    );
    const status = rows[0]?.status;
    if (status === 'withdrawal_requested') throw new EnrolmentError(409, SERVER_MESSAGES.withdrawalPending);
    if (status !== 'enrolled') throw new EnrolmentError(409, refusalOf(status));
    await tx.query(
      `UPDATE enrolments SET status = 'withdrawal_requested', withdrawal_reason = $3,
         withdrawal_requested_at = now(), withdrawal_before_start = $4, refusal_reason = NULL,
         withdrawal_decided_at = NULL, updated_at = now()
       WHERE user_id = $1 AND course_id = $2`,
      [userId, courseId, reason.trim(), course.before_start],
    );
    return { beforeStart: course.before_start };
  });
}

/**
 * One page of the trainee's enrolments, newest first, whatever their status, with the course and
 * the payment that enrolled (paid) or awaits (not yet ended), and its receipt.
 */
export function enrolmentsOf(db: Db, userId: number, request: PageRequest): Promise<Page<unknown>> {
  return selectPage(
    db,
    request,
    {
      sql: `SELECT json_build_object('id', c.id, 'title', c.title, 'title_ar', c.title_ar,
                'cover_image', c.cover_image, 'start_date', to_char(c.start_date, 'YYYY-MM-DD'),
                'end_date', to_char(c.end_date, 'YYYY-MM-DD')) AS course,
              e.status, to_char(e.created_at AT TIME ZONE 'UTC', ${ISO}) AS enrolled_at,
              e.withdrawal_reason, e.refusal_reason, p.id AS payment_id, p.receipt_number
            FROM enrolments e JOIN courses c ON c.id = e.course_id
            LEFT JOIN LATERAL (
              SELECT py.id::text AS id, r.receipt_number FROM payments py
                LEFT JOIN receipts r ON r.payment_id = py.id
              WHERE py.user_id = e.user_id AND py.course_id = e.course_id
                AND py.status IN ('paid', 'initiated', 'awaiting_wallet_code', 'awaiting_cash')
              ORDER BY py.status = 'paid' DESC, py.created_at DESC LIMIT 1
            ) p ON true
            WHERE e.user_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
      params: [userId],
    },
    { sql: 'SELECT count(*)::int AS count FROM enrolments WHERE user_id = $1', params: [userId] },
  );
}

/** The administrator's decision on a withdrawal request, as the admin call answers it. */
export const withdrawalDecisionSchema = z.object({
  success: z.literal(true),
  data: z.object({
    email: z.string(),
    course_id: z.int(),
    course_title: z.string(),
    status: z.enum(['enrolled', 'withdrawn', 'dropped']),
    /** The payment refunded (or whose refund is due), when the approval refunds one. */
    refund: z.nullable(
      z.object({
        payment_id: z.string(),
        method: z.enum(['card', 'wallet', 'cash', 'free']),
        total: z.int(),
        refund_status: z.enum(['due', 'refunded']),
      }),
    ),
  }),
});
export type WithdrawalDecision = z.infer<typeof withdrawalDecisionSchema>['data'];

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or refuses the trainee's pending withdrawal from a course, in one transaction, and
 * notifies the trainee once committed (mailed from `origin`, PUBLIC_ORIGIN). Approval: `dropped` when it was asked before the course's
 * start, else `withdrawn`; before the start the paid payment's refund becomes due (a card one is
 * then refunded through the gateway by the caller; cash and wallet ones are paid back by the
 * centre). Refusal: `enrolled` again, with the reason kept.
 */
export async function decideWithdrawal(
  db: Db,
  email: string,
  courseId: number,
  decision: Decision,
  notifier: Notifier,
  origin: string,
): Promise<WithdrawalDecision> {
  if (
    !decision.approve &&
    (!decision.reason.trim() || longerThan(decision.reason.trim(), WITHDRAWAL_REASON_MAX))
  ) {
    throw new EnrolmentError(400, SERVER_MESSAGES.refusalReasonInvalid);
  }
  let announce: (() => Promise<void>) | undefined;
  const decided = await db.transaction(async (tx) => {
    const { rows: users } = await tx.query<{ id: number; email: string }>(
      `SELECT id, email FROM users WHERE email = $1 AND closed_at IS NULL AND role = 'TRAINEE'`,
      [normaliseEmail(email)],
    );
    const user = users[0];
    if (!user) throw new EnrolmentError(404, SERVER_MESSAGES.userNotFound);
    const { rows } = await tx.query<{
      status: EnrolmentStatus;
      before_start: boolean | null;
      title: string;
      title_ar: string;
    }>(
      `SELECT e.status, e.withdrawal_before_start AS before_start, c.title, c.title_ar
       FROM enrolments e JOIN courses c ON c.id = e.course_id
       WHERE e.user_id = $1 AND e.course_id = $2 FOR UPDATE OF e`,
      [user.id, courseId],
    );
    const enrolment = rows[0];
    if (enrolment?.status !== 'withdrawal_requested') {
      throw new EnrolmentError(409, SERVER_MESSAGES.noWithdrawalRequested);
    }
    const course = { id: courseId, title: enrolment.title, title_ar: enrolment.title_ar };
    let status: WithdrawalDecision['status'];
    let refund: WithdrawalDecision['refund'] = null;
    if (decision.approve) {
      status = enrolment.before_start ? 'dropped' : 'withdrawn';
      await tx.query(
        `UPDATE enrolments SET status = $3, withdrawal_decided_at = now(), updated_at = now()
         WHERE user_id = $1 AND course_id = $2`,
        [user.id, courseId, status],
      );
      if (enrolment.before_start) {
        const { rows: refunded } = await tx.query<{ id: string; method: PaymentMethod; total: number }>(
          `UPDATE payments SET refund_status = 'due', updated_at = now()
           WHERE user_id = $1 AND course_id = $2 AND status = 'paid' AND total > 0 AND refund_status IS NULL
           RETURNING id::text, method, total`,
          [user.id, courseId],
        );
        const payment = refunded[0];
        if (payment)
          refund = {
            payment_id: payment.id,
            method: payment.method,
            total: payment.total,
            refund_status: 'due',
          };
      }
    } else {
      status = 'enrolled';
      await tx.query(
        `UPDATE enrolments SET status = 'enrolled', refusal_reason = $3, withdrawal_decided_at = now(),
           updated_at = now()
         WHERE user_id = $1 AND course_id = $2`,
        [user.id, courseId, decision.reason.trim()],
      );
    }
    ({ announce } = await notifier.notifyWithin(
      tx,
      user.id,
      NOTIFICATIONS.withdrawalDecided(
        course,
        decision.approve,
        decision.approve ? null : decision.reason.trim(),
      ),
    ));
    await mailNotice(tx, origin, user.id, {
      kind: 'withdrawal_decided',
      course,
      approved: decision.approve,
      reason: decision.approve ? null : decision.reason.trim(),
    });
    return { email: user.email, course_id: courseId, course_title: course.title, status, refund };
  });
  await announce?.();
  return decided;
}
