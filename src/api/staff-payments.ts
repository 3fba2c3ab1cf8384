import {
  type StaffPaymentFilters,
  type StaffPaymentsResponse,
  type StaffRefundResponse,
  staffPaymentsResponseSchema,
  staffRefundResponseSchema,
} from '@contract/wire/staff-payments';
import type { ApiClient } from './client';

/** The back office's payments calls (not in the spec), for signed-in staff: contract/wire/staff-payments.ts. */

function paymentsQuery(filters: StaffPaymentFilters, page?: number): string {
  const text = Object.entries({ ...filters, page })
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `?${text}` : '';
}

/** GET /staff/payments/: one page of every trainee's payments, newest first, with the month totals. */
export function getStaffPayments(
  api: ApiClient,
  filters: StaffPaymentFilters,
  page = 1,
): Promise<StaffPaymentsResponse> {
  return api.authed(staffPaymentsResponseSchema, `/staff/payments/${paymentsQuery(filters, page)}`);
}

/** GET /staff/payments/export/: every payment the filters keep, for the sheet. */
export function getStaffPaymentsExport(
  api: ApiClient,
  filters: StaffPaymentFilters,
): Promise<StaffPaymentsResponse> {
  return api.authed(staffPaymentsResponseSchema, `/staff/payments/export/${paymentsQuery(filters)}`);
}

/** POST /staff/payments/{id}/refund/: a card through the gateway; cash and wallet marked refunded. */
export function refundStaffPayment(api: ApiClient, id: string): Promise<StaffRefundResponse> {
  return api.authed(staffRefundResponseSchema, `/staff/payments/${encodeURIComponent(id)}/refund/`, {
    method: 'POST',
    body: {},
  });
}

/** GET /staff/payments/{id}/receipt.pdf: any trainee's receipt; 503 when the server cannot print. */
export function downloadStaffReceiptPdf(api: ApiClient, id: string): Promise<Blob> {
  return api.authedFile(`/staff/payments/${encodeURIComponent(id)}/receipt.pdf`, 'application/pdf');
}
