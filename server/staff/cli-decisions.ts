import { approveTrainer, type TrainerApproval } from '../admin/queries';
import { type CourseDecision, decideCourse } from '../authoring/course-approval';
import type { Db } from '../db';
import { type Decision, decideWithdrawal, type WithdrawalDecision } from '../enrolments/queries';
import type { Notifier } from '../notifications/notifier';
import { confirmCashPayment, PaymentError, type PaymentRow } from '../payments/queries';
import type { PaymentSettings } from '../payments/settings';
import { recordAudit, type StaffActor } from './audit';
import { recordRefund } from './decisions';

/**
 * The decisions of `npm run admin` (the /admin/ calls). With a personal staff token (`actor`) each
 * is recorded in the audit log, via 'cli', in the transaction that makes it; with the shared admin
 * token (no actor) nobody is named and nothing is recorded.
 */

export async function approveTrainerBy(
  db: Db,
  actor: StaffActor | undefined,
  email: string,
  origin: string,
  notifier: Notifier,
): Promise<TrainerApproval> {
  if (!actor) return approveTrainer(db, email, origin, notifier);
  return db.transaction(async (tx) => {
    const approval = await approveTrainer(tx, email, origin, notifier);
    if (!approval.alreadyApproved) {
      const { user } = approval;
      await recordAudit(tx, actor, {
        action: 'trainer.approve',
        subject: { kind: 'trainer', id: user.id, label: `${user.full_name} <${user.email}>` },
        before: { status: 'waiting' },
        after: { status: 'approved' },
      });
    }
    return approval;
  });
}

export async function confirmCashBy(
  db: Db,
  actor: StaffActor | undefined,
  id: string,
  settings: PaymentSettings,
  notifier: Notifier,
  origin: string,
): Promise<PaymentRow> {
  if (!actor) return confirmCashPayment(db, id, settings, notifier, origin);
  // A refusal after the payment was settled (paid twice) keeps what it wrote, as without an actor.
  const done = await db.transaction(async (tx) => {
    try {
      const payment = await confirmCashPayment(tx, id, settings, notifier, origin);
      await recordAudit(tx, actor, {
        action: 'payment.confirm_cash',
        subject: { kind: 'payment', id, label: `${payment.course_title}` },
        before: { status: 'awaiting_cash', total: payment.total },
        after: { status: payment.status, receipt: payment.receipt_number ?? null },
      });
      return { payment };
    } catch (error) {
      if (error instanceof PaymentError) return { error };
      throw error;
    }
  });
  if ('error' in done) throw done.error;
  return done.payment;
}

/** Records a refund made through the gateway by the command (not in a transaction: the gateway). */
export async function recordRefundBy(
  db: Db,
  actor: StaffActor | undefined,
  payment: { id: string; total: number; method: string; refund_status: string | null },
  label: string,
): Promise<void> {
  if (actor && payment.refund_status === 'refunded') await recordRefund(db, actor, payment, label);
}

export async function decideWithdrawalBy(
  db: Db,
  actor: StaffActor | undefined,
  email: string,
  courseId: number,
  decision: Decision,
  notifier: Notifier,
  origin: string,
): Promise<WithdrawalDecision> {
  if (!actor) return decideWithdrawal(db, email, courseId, decision, notifier, origin);
  return db.transaction(async (tx) => {
    const decided = await decideWithdrawal(tx, email, courseId, decision, notifier, origin);
    const { rows } = await tx.query<{ id: number; full_name: string }>(
      `SELECT e.id, u.full_name FROM enrolments e JOIN users u ON u.id = e.user_id
       WHERE u.email = $1 AND e.course_id = $2`,
      [decided.email, courseId],
    );
    const refund = decided.refund;
    await recordAudit(tx, actor, {
      action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject',
      subject: {
        kind: 'enrolment',
        id: rows[0]?.id ?? `${decided.email}/${courseId}`,
        label: `${rows[0]?.full_name ?? decided.email} — ${decided.course_title}`,
      },
      reason: decision.approve ? null : decision.reason,
      before: { status: 'withdrawal_requested' },
      after: {
        status: decided.status,
        ...(refund ? { refund: refund.total, refund_method: refund.method, payment: refund.payment_id } : {}),
      },
    });
    return decided;
  });
}

export async function decideCourseBy(
  db: Db,
  actor: StaffActor | undefined,
  notifier: Notifier,
  origin: string,
  courseId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<CourseDecision> {
  if (!actor) return decideCourse(db, notifier, origin, courseId, decision);
  return db.transaction(async (tx) => {
    const decided = await decideCourse(tx, notifier, origin, courseId, decision);
    await recordAudit(tx, actor, {
      action: decided.status === 'Approved' ? 'course.approve' : 'course.reject',
      subject: { kind: 'course', id: courseId, label: decided.title },
      reason: decided.reason,
      before: { status: 'Pending' },
      after: { status: decided.status },
    });
    return decided;
  });
}
