import {
  type AuditFilters,
  type AuditResponse,
  auditResponseSchema,
  type DecisionResponse,
  decisionResponseSchema,
  type QueueCounts,
  type QueueKind,
  type QueueResponse,
  queueCountsResponseSchema,
  queueResponseSchema,
  type StaffAccountRequest,
  type StaffAccountResponse,
  staffAccountResponseSchema,
  staffCashPaymentResponseSchema,
  staffCourseResponseSchema,
  staffRevisionResponseSchema,
  staffWithdrawalResponseSchema,
  trainerApplicationResponseSchema,
} from '@contract/wire/staff';
import type { ApiClient } from './client';

/** The back office's calls (not in the spec), for signed-in staff: contract/wire/staff.ts. */

function query(params: Record<string, string | number | undefined>): string {
  const text = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `?${text}` : '';
}

/** GET /staff/queue/: one page of what waits for a decision, newest first, with every kind's count. */
export function getQueue(api: ApiClient, kind: QueueKind | null, page = 1): Promise<QueueResponse> {
  return api.authed(queueResponseSchema, `/staff/queue/${query({ kind: kind ?? undefined, page })}`);
}

/** GET /staff/queue/counts/: the counts the menu shows. */
export async function getQueueCounts(api: ApiClient): Promise<QueueCounts> {
  return (await api.authed(queueCountsResponseSchema, '/staff/queue/counts/')).data;
}

/** GET /staff/trainer-applications/{id}/ */
export async function getTrainerApplication(api: ApiClient, id: number) {
  return (await api.authed(trainerApplicationResponseSchema, `/staff/trainer-applications/${id}/`)).data;
}

/** GET /staff/courses/{id}/: the course as trainees will see it. */
export async function getStaffCourse(api: ApiClient, id: number) {
  return (await api.authed(staffCourseResponseSchema, `/staff/courses/${id}/`)).data;
}

/** GET /staff/revisions/{id}/: a change of an approved course's details, before and after. */
export async function getStaffRevision(api: ApiClient, id: number) {
  return (await api.authed(staffRevisionResponseSchema, `/staff/revisions/${id}/`)).data;
}

/** GET /staff/withdrawals/{enrolmentId}/ */
export async function getStaffWithdrawal(api: ApiClient, id: number) {
  return (await api.authed(staffWithdrawalResponseSchema, `/staff/withdrawals/${id}/`)).data;
}

/** GET /staff/cash-payments/{paymentId}/ */
export async function getStaffCashPayment(api: ApiClient, id: string) {
  return (await api.authed(staffCashPaymentResponseSchema, `/staff/cash-payments/${encodeURIComponent(id)}/`))
    .data;
}

const DECISION_PATHS: Record<QueueKind, string> = {
  trainer: '/staff/trainer-applications/',
  course: '/staff/courses/',
  withdrawal: '/staff/withdrawals/',
  cash: '/staff/cash-payments/',
  revision: '/staff/revisions/',
};

/** What the staff decide on an item: approve (confirm, for cash), or reject with the reason. */
export type Verdict = { approve: true } | { approve: false; reason: string };

/**
 * POST …/approve/ or …/reject/ (a cash payment: …/confirm/). Each kind's item by its queue id.
 */
export function decide(
  api: ApiClient,
  kind: QueueKind,
  id: string,
  verdict: Verdict,
): Promise<DecisionResponse> {
  const base = `${DECISION_PATHS[kind]}${encodeURIComponent(id)}/`;
  if (verdict.approve) {
    return api.authed(decisionResponseSchema, `${base}${kind === 'cash' ? 'confirm' : 'approve'}/`, {
      method: 'POST',
      body: {},
    });
  }
  return api.authed(decisionResponseSchema, `${base}reject/`, {
    method: 'POST',
    body: { reason: verdict.reason },
  });
}

function auditQuery(filters: AuditFilters, page?: number): string {
  return query({ action: filters.action, actor: filters.actor, from: filters.from, to: filters.to, page });
}

/** GET /staff/audit/: one page of the log, newest first. */
export function getAuditLog(api: ApiClient, filters: AuditFilters, page = 1): Promise<AuditResponse> {
  return api.authed(auditResponseSchema, `/staff/audit/${auditQuery(filters, page)}`);
}

/** GET /staff/audit/export/: every entry the filters keep, for the sheet. */
export function getAuditExport(api: ApiClient, filters: AuditFilters): Promise<AuditResponse> {
  return api.authed(auditResponseSchema, `/staff/audit/export/${auditQuery(filters)}`);
}

/** POST /staff/staff-accounts/: another member of staff, invited by mail. */
export function inviteStaff(api: ApiClient, body: StaffAccountRequest): Promise<StaffAccountResponse> {
  return api.authed(staffAccountResponseSchema, '/staff/staff-accounts/', { method: 'POST', body });
}
