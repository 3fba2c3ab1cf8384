import type { CertificateBlock, HistoryStatus } from '@contract/wire/history';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The statuses in the order the filter lists them. */
export const STATUS_ORDER: readonly HistoryStatus[] = [
  'Pending',
  'Approved',
  'Completed',
  'Deleted',
  'Rejected',
];

export const STATUS_LABELS: Record<HistoryStatus, MessageDescriptor> = {
  Pending: msg`Pending`,
  Approved: msg`Approved`,
  Completed: msg`Completed`,
  Deleted: msg`Deleted`,
  Rejected: msg`Rejected`,
};

/** Each status's badge colours (text and background pass WCAG AA together). */
export const STATUS_STYLES: Record<HistoryStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  Approved: 'bg-sky-100 text-sky-900',
  Completed: 'bg-emerald-100 text-emerald-900',
  Deleted: 'bg-slate-200 text-slate-800',
  Rejected: 'bg-red-100 text-red-900',
};

/** What the list says when a status has no course. */
export const EMPTY_TEXTS: Record<HistoryStatus | 'All', MessageDescriptor> = {
  All: msg`You have no courses yet. Courses you enrol in will show here.`,
  Pending: msg`No course is waiting for a cash payment or a withdrawal decision.`,
  Approved: msg`No course is under way.`,
  Completed: msg`No course of yours has ended yet.`,
  Deleted: msg`You have not left any course.`,
  Rejected: msg`No enrolment of yours was refused.`,
};

/** Why there is no certificate to download. */
export const BLOCK_TEXTS: Record<NonNullable<CertificateBlock>, MessageDescriptor> = {
  not_ended: msg`The certificate can be downloaded once the course has ended.`,
  not_completed: msg`The completion rule was not met, so there is no certificate.`,
  not_enrolled: msg`You left this course, so it has no certificate.`,
};
