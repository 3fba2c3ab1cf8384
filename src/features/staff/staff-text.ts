import type { AuditAction, QueueKind } from '@contract/wire/staff';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Each kind of the queue, as its filter and its items are labelled. */
export const KIND_LABELS: Record<QueueKind, MessageDescriptor> = {
  trainer: msg`Trainer applications`,
  course: msg`New courses`,
  withdrawal: msg`Withdrawals`,
  cash: msg`Cash payments`,
  revision: msg`Course changes`,
};

/** One item's kind, on its card. */
export const KIND_BADGES: Record<QueueKind, MessageDescriptor> = {
  trainer: msg`Trainer application`,
  course: msg`New course`,
  withdrawal: msg`Withdrawal`,
  cash: msg`Cash payment`,
  revision: msg`Course change`,
};

export const KIND_COLOURS: Record<QueueKind, string> = {
  trainer: 'bg-sky-100 text-sky-900',
  course: 'bg-brand-100 text-brand-900',
  withdrawal: 'bg-amber-100 text-amber-900',
  cash: 'bg-emerald-100 text-emerald-900',
  revision: 'bg-brand-100 text-brand-900',
};

export const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  'trainer.approve': msg`Trainer approved`,
  'trainer.reject': msg`Trainer rejected`,
  'course.approve': msg`Course approved`,
  'course.reject': msg`Course rejected`,
  'revision.approve': msg`Course changes approved`,
  'revision.reject': msg`Course changes rejected`,
  'withdrawal.approve': msg`Withdrawal approved`,
  'withdrawal.reject': msg`Withdrawal refused`,
  'payment.confirm_cash': msg`Cash confirmed`,
  'payment.refund': msg`Payment refunded`,
  'staff.create': msg`Staff account made`,
  'certificate.revoke': msg`Certificate revoked`,
  'person.disable': msg`Account disabled`,
  'person.enable': msg`Account enabled`,
  'submission.grade': msg`Submission graded`,
  'submission.return': msg`Submission returned`,
  'quiz.time_limit': msg`Quiz time limit set`,
  'category.create': msg`Category added`,
  'category.rename': msg`Category renamed`,
  'category.move': msg`Category moved`,
  'category.hide': msg`Category hidden`,
  'category.show': msg`Category shown`,
  'category.delete': msg`Category deleted`,
  'issue.resolve': msg`Issue resolved`,
};

export const METHOD_LABELS: Record<'card' | 'wallet' | 'cash' | 'free', MessageDescriptor> = {
  card: msg`Card`,
  wallet: msg`Digital wallet`,
  cash: msg`Cash`,
  free: msg`Free`,
};
