import { approveTrainer, type TrainerApproval } from '../admin/queries';
import { type CourseDecision, decideCourse } from '../authoring/course-approval';
import type { Db } from '../db';
import { type Decision, decideWithdrawal, type WithdrawalDecision } from '../enrolments/queries';
import { type ReviewedSubmission, reviewSubmission, type SubmissionDecision } from '../learning/grading';
import type { Notifier } from '../notifications/notifier';
import { confirmCashPayment, PaymentError, type PaymentRow } from '../payments/queries';
import type { PaymentSettings } from '../payments/settings';
import { type QuizTimeLimit, setQuizTimeLimit } from '../quizzes/queries';
import { recordAudit, type StaffActor } from './audit';
import { recordRefund } from './decisions';

/**
 * The decisions of `npm run admin` (the /admin/ calls, or the data folder's database when no server
 * runs): each is made under a personal staff token (`actor`) and recorded in the audit log, via
 * 'cli', in the transaction that makes it.
 */

export async function approveTrainerBy(
  db: Db,
  actor: StaffActor,
  email: string,
  origin: string,
  notifier: Notifier,
): Promise<TrainerApproval> {
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
  actor: StaffActor,
  id: string,
  settings: PaymentSettings,
  notifier: Notifier,
  origin: string,
): Promise<PaymentRow> {
  // A refusal after the payment was settled (paid twice) keeps what it wrote.
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
  actor: StaffActor,
  payment: { id: string; total: number; method: string; refund_status: string | null },
  label: string,
): Promise<void> {
  if (payment.refund_status === 'refunded') await recordRefund(db, actor, payment, label);
}

export async function decideWithdrawalBy(
  db: Db,
  actor: StaffActor,
  email: string,
  courseId: number,
  decision: Decision,
  notifier: Notifier,
  origin: string,
): Promise<WithdrawalDecision> {
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
  actor: StaffActor,
  notifier: Notifier,
  origin: string,
  courseId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<CourseDecision> {
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

/** A grade or a return the command gives on a trainer's behalf. */
export async function reviewSubmissionBy(
  db: Db,
  actor: StaffActor,
  notifier: Notifier,
  origin: string,
  id: number,
  decision: SubmissionDecision,
): Promise<ReviewedSubmission> {
  return db.transaction(async (tx) => {
    const reviewed = await reviewSubmission(tx, notifier, origin, id, decision);
    await recordAudit(tx, actor, {
      action: decision.status === 'Reviewed' ? 'submission.grade' : 'submission.return',
      subject: {
        kind: 'submission',
        id,
        label: `${reviewed.trainee_email} — ${reviewed.course_title} / ${reviewed.lecture_title}`,
      },
      reason: decision.feedback,
      before: { status: 'Submitted' },
      after: { status: reviewed.status, grade: reviewed.grade },
    });
    return reviewed;
  });
}

/** A quiz's time limit the command sets; undefined when the lecture is no quiz. */
export async function setQuizTimeLimitBy(
  db: Db,
  actor: StaffActor,
  lectureId: number,
  seconds: number | null,
): Promise<QuizTimeLimit | undefined> {
  return db.transaction(async (tx) => {
    const before = await tx.query<{ time_limit_seconds: number | null }>(
      'SELECT time_limit_seconds FROM quizzes WHERE lecture_id = $1',
      [lectureId],
    );
    const quiz = await setQuizTimeLimit(tx, lectureId, seconds);
    if (quiz) {
      await recordAudit(tx, actor, {
        action: 'quiz.time_limit',
        subject: { kind: 'lecture', id: lectureId, label: quiz.title },
        before: { time_limit_seconds: before.rows[0]?.time_limit_seconds ?? null },
        after: { time_limit_seconds: quiz.time_limit_seconds },
      });
    }
    return quiz;
  });
}
