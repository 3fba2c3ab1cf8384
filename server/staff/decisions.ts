import { longerThan } from '@contract/forms/rules';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES, type StaffMessage } from '@contract/messages/staff';
import type { RevisionProposal } from '@contract/wire/authoring';
import { REASON_MAX } from '@contract/wire/staff';
import { approveTrainer } from '../admin/queries';
import { decideCourse } from '../authoring/course-approval';
import type { Db } from '../db';
import { decideWithdrawal, type WithdrawalDecision } from '../enrolments/queries';
import { HttpProblem, type UserMessage } from '../http';
import { queueMail } from '../mail';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';
import { confirmCashPayment, type PaymentRow } from '../payments/queries';
import type { PaymentSettings } from '../payments/settings';
import { recordAudit, type StaffActor } from './audit';
import { findApplicant, findStaffCashPayment, findStaffCourse, findStaffWithdrawal } from './queue';
import { applyProposal, findStaffRevision } from './revisions';

/** What a decision needs besides the item: who decides, and the services that tell people. */
export interface DecisionContext {
  db: Db;
  actor: StaffActor;
  notifier: Notifier;
  /** PUBLIC_ORIGIN: where the mails' links start. */
  origin: string;
}

export type Verdict = { approve: true } | { approve: false; reason: string };

/** A decision's outcome, as the call answers it. */
export interface Decided {
  message: StaffMessage;
  outcome: string;
}

/** A refusal's reason, trimmed: required and at most REASON_MAX characters (400 otherwise). */
export function checkedReason(reason: string | undefined): string {
  const text = reason?.trim() ?? '';
  if (!text || longerThan(text, REASON_MAX)) {
    throw new HttpProblem(400, { field: 'reason', message: STAFF_MESSAGES.reasonInvalid });
  }
  return text;
}

const notFound = () => new HttpProblem(404, SERVER_MESSAGES.notFound);
const notWaiting = () => new HttpProblem(409, STAFF_MESSAGES.notWaiting);

/** Refusals of the functions decisions call, answered with their own status and sentence. */
function asProblem(error: unknown): never {
  const refused = error as { status?: number; userMessage?: UserMessage };
  if (error instanceof Error && typeof refused.status === 'number' && refused.userMessage) {
    throw new HttpProblem(refused.status as 400 | 404 | 409, refused.userMessage);
  }
  throw error;
}

/** Approves a trainer's application, or rejects it with the reason (told by notification and mail). */
export async function decideApplication(
  context: DecisionContext,
  id: number,
  verdict: Verdict,
): Promise<Decided> {
  const { db, actor, notifier, origin } = context;
  let announce: (() => Promise<void>) | undefined;
  const decided = await db.transaction(async (tx): Promise<Decided> => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
    const applicant = await findApplicant(tx, id);
    if (!applicant) throw notFound();
    if (applicant.approved || applicant.rejected) throw notWaiting();
    const subject = { kind: 'trainer', id, label: `${applicant.full_name} <${applicant.email}>` };
    if (verdict.approve) {
      await approveTrainer(tx, applicant.email, origin, notifier);
      await recordAudit(tx, actor, {
        action: 'trainer.approve',
        subject,
        before: { status: 'waiting' },
        after: { status: 'approved' },
      });
      return { message: STAFF_MESSAGES.trainerApproved, outcome: 'approved' };
    }
    const reason = checkedReason(verdict.reason);
    await tx.query('UPDATE users SET rejected_at = now(), rejection_reason = $2 WHERE id = $1', [id, reason]);
    ({ announce } = await notifier.notifyWithin(tx, id, NOTIFICATIONS.trainerRejected(reason)));
    await queueMail(tx, origin, applicant.email, {
      kind: 'application_rejected',
      reason,
      name: applicant.full_name,
    });
    await recordAudit(tx, actor, {
      action: 'trainer.reject',
      subject,
      reason,
      before: { status: 'waiting' },
      after: { status: 'rejected' },
    });
    return { message: STAFF_MESSAGES.trainerRejected, outcome: 'rejected' };
  });
  await announce?.();
  return decided;
}

/** Approves a course sent for approval (it is published), or rejects it with the reason. */
export async function decideNewCourse(
  context: DecisionContext,
  id: number,
  verdict: Verdict,
): Promise<Decided> {
  const { db, actor, notifier, origin } = context;
  const reason = verdict.approve ? null : checkedReason(verdict.reason);
  return db.transaction(async (tx) => {
    const course = await findStaffCourse(tx, id);
    if (!course) throw notFound();
    if (course.status !== 'Pending') throw notWaiting();
    const decided = await decideCourse(
      tx,
      notifier,
      origin,
      id,
      reason === null ? { approve: true } : { approve: false, reason },
    ).catch(asProblem);
    await recordAudit(tx, actor, {
      action: decided.status === 'Approved' ? 'course.approve' : 'course.reject',
      subject: { kind: 'course', id, label: course.title },
      reason,
      before: { status: 'Pending' },
      after: { status: decided.status },
    });
    return decided.status === 'Approved'
      ? { message: STAFF_MESSAGES.courseApproved, outcome: 'approved' }
      : { message: STAFF_MESSAGES.courseRejected, outcome: 'rejected' };
  });
}

/**
 * Approves a change of an approved course's details (its proposal is written to the course, which
 * the catalogue then shows), or rejects it with the reason (the course stays as it was). The
 * course's trainer and facilitators are told by notification and mail.
 */
export async function decideRevision(
  context: DecisionContext,
  id: number,
  verdict: Verdict,
): Promise<Decided> {
  const { db, actor, notifier, origin } = context;
  const reason = verdict.approve ? null : checkedReason(verdict.reason);
  const announcements: (() => Promise<void>)[] = [];
  const decided = await db.transaction(async (tx): Promise<Decided> => {
    // The course first, then the revision: the order of an edit's locks.
    const { rows: found } = await tx.query<{ course_id: number }>(
      'SELECT course_id FROM course_revisions WHERE id = $1',
      [id],
    );
    const courseId = found[0]?.course_id;
    if (courseId === undefined) throw notFound();
    await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [courseId]);
    const { rows: raw } = await tx.query<{ proposed: RevisionProposal }>(
      'SELECT proposed FROM course_revisions WHERE id = $1 FOR UPDATE',
      [id],
    );
    const revision = await findStaffRevision(tx, id);
    if (!revision || !raw[0]) throw notFound();
    if (revision.status !== 'Pending') throw notWaiting();
    if (reason === null) await applyProposal(tx, courseId, raw[0].proposed);
    await tx.query(
      'UPDATE course_revisions SET status = $2, decided_by = $3, decided_at = now(), reason = $4 WHERE id = $1',
      [id, reason === null ? 'Approved' : 'Rejected', actor.id, reason],
    );
    const { rows: course } = await tx.query<{ id: number; title: string; title_ar: string }>(
      'SELECT id, title, title_ar FROM courses WHERE id = $1',
      [courseId],
    );
    const told = course[0] ?? revision.course;
    const { rows: people } = await tx.query<{ id: number; email: string; full_name: string }>(
      `SELECT u.id, u.email, u.full_name FROM users u
       WHERE u.closed_at IS NULL AND (u.id = $2 OR u.id IN (SELECT user_id FROM course_facilitators WHERE course_id = $1))`,
      [courseId, revision.trainer.id],
    );
    const content =
      reason === null ? NOTIFICATIONS.revisionApproved(told) : NOTIFICATIONS.revisionRejected(told, reason);
    const mailed = { id: told.id, title: told.title, title_ar: told.title_ar };
    for (const person of people) {
      const { announce } = await notifier.notifyWithin(tx, person.id, content);
      announcements.push(announce);
      if (!person.email) continue;
      await queueMail(
        tx,
        origin,
        person.email,
        reason === null
          ? { kind: 'revision_approved', course: mailed, name: person.full_name }
          : { kind: 'revision_rejected', course: mailed, reason, name: person.full_name },
      );
    }
    const before = Object.fromEntries(revision.changes.map((change) => [change.field, change.before]));
    const after = Object.fromEntries(revision.changes.map((change) => [change.field, change.after]));
    await recordAudit(tx, actor, {
      action: reason === null ? 'revision.approve' : 'revision.reject',
      subject: { kind: 'course', id: courseId, label: revision.course.title },
      reason,
      before,
      after,
    });
    return reason === null
      ? { message: STAFF_MESSAGES.revisionApproved, outcome: 'approved' }
      : { message: STAFF_MESSAGES.revisionRejected, outcome: 'rejected' };
  });
  for (const announce of announcements) await announce();
  return decided;
}

/**
 * Approves a withdrawal (by enrolment id; the refund the rules give becomes due), or refuses it with
 * the reason. Answers the decision, whose due card refund the caller makes through the gateway.
 */
export async function decideWithdrawalRequest(
  context: DecisionContext,
  id: number,
  verdict: Verdict,
): Promise<Decided & { decision: WithdrawalDecision }> {
  const { db, actor, notifier, origin } = context;
  const reason = verdict.approve ? null : checkedReason(verdict.reason);
  return db.transaction(async (tx) => {
    const request = await findStaffWithdrawal(tx, id);
    if (!request) throw notFound();
    if (request.status !== 'withdrawal_requested') throw notWaiting();
    const decision = await decideWithdrawal(
      tx,
      request.trainee.email,
      request.course.id,
      reason === null ? { approve: true } : { approve: false, reason },
      notifier,
      origin,
    ).catch(asProblem);
    await recordAudit(tx, actor, {
      action: reason === null ? 'withdrawal.approve' : 'withdrawal.reject',
      subject: { kind: 'enrolment', id, label: `${request.trainee.full_name} — ${request.course.title}` },
      reason,
      before: { status: 'withdrawal_requested' },
      after: {
        status: decision.status,
        ...(decision.refund
          ? {
              refund: decision.refund.total,
              refund_method: decision.refund.method,
              payment: decision.refund.payment_id,
            }
          : {}),
      },
    });
    return {
      message: reason === null ? STAFF_MESSAGES.withdrawalApproved : STAFF_MESSAGES.withdrawalRejected,
      outcome: decision.status,
      decision,
    };
  });
}

/** Confirms a cash payment once the money is received: paid, enrolled, receipt issued. */
export async function confirmCash(
  context: DecisionContext,
  settings: PaymentSettings,
  id: string,
): Promise<Decided & { payment: PaymentRow }> {
  const { db, actor, notifier, origin } = context;
  return db.transaction(async (tx) => {
    const waiting = await findStaffCashPayment(tx, id);
    if (!waiting) throw notFound();
    if (waiting.status !== 'awaiting_cash') throw notWaiting();
    const payment = await confirmCashPayment(tx, id, settings, notifier, origin).catch(asProblem);
    await recordAudit(tx, actor, {
      action: 'payment.confirm_cash',
      subject: { kind: 'payment', id, label: `${waiting.trainee.full_name} — ${waiting.course.title}` },
      before: { status: 'awaiting_cash', total: waiting.total },
      after: { status: payment.status, receipt: payment.receipt_number ?? null },
    });
    return { message: STAFF_MESSAGES.cashConfirmed, outcome: payment.status, payment };
  });
}

/** Records a refund made through the gateway (after a withdrawal, or by hand). */
export async function recordRefund(
  db: Db,
  actor: StaffActor,
  payment: { id: string; total: number; method: string },
  label: string,
): Promise<void> {
  await recordAudit(db, actor, {
    action: 'payment.refund',
    subject: { kind: 'payment', id: payment.id, label },
    before: { refund_status: 'due' },
    after: { refund_status: 'refunded', total: payment.total, method: payment.method },
  });
}
