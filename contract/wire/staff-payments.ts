import { pagedSchema } from '@contract/wire/common';
import { paymentMethodSchema, paymentStatusSchema } from '@contract/wire/payments';
import * as z from 'zod/mini';

/**
 * The back office's payments (not in the spec): every trainee's payment, under
 * /api/v1/staff/payments/. Amounts in halalas (1 riyal = 100 halalas).
 */

/**
 * What the status filter accepts: a payment's status, or `refunded` (a payment whose money went
 * back; its status stays what it was, `paid` as a rule).
 */
export const STAFF_PAYMENT_STATUSES = [
  'initiated',
  'awaiting_wallet_code',
  'awaiting_cash',
  'paid',
  'failed',
  'refunded',
] as const;
export const staffPaymentStatusFilterSchema = z.enum(STAFF_PAYMENT_STATUSES);
export type StaffPaymentStatusFilter = z.infer<typeof staffPaymentStatusFilterSchema>;

export const staffPaymentSchema = z.object({
  id: z.string(),
  trainee: z.object({ id: z.int(), full_name: z.string(), email: z.string() }),
  course: z.object({ id: z.int(), title: z.string(), title_ar: z.string() }),
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  subtotal: z.int(),
  vat: z.int(),
  total: z.int(),
  /** `due`: owed back (a withdrawal approved, a card charged twice); `refunded`: paid back. */
  refund_status: z.nullable(z.enum(['due', 'refunded'])),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
  receipt_number: z.nullable(z.int()),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/**
 * One month of the centre's calendar ('YYYY-MM', by the day paid) of the paid payments the filters
 * keep: how many, their amounts with VAT, and the total of those refunded since.
 */
export const paymentMonthSchema = z.object({
  month: z.string(),
  count: z.int(),
  subtotal: z.int(),
  vat: z.int(),
  total: z.int(),
  refunded: z.int(),
});
export type PaymentMonth = z.infer<typeof paymentMonthSchema>;

/**
 * GET /staff/payments/?method=&status=&course=&from=&to=&page=&limit=: newest first, with the month
 * totals of every paid payment the filters keep (newest month first). GET /staff/payments/export/
 * answers every payment they keep (at most 10 000) on one page, with the same totals.
 */
export const staffPaymentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ ...pagedSchema(staffPaymentSchema).shape, months: z.array(paymentMonthSchema) }),
});
export type StaffPaymentsResponse = z.infer<typeof staffPaymentsResponseSchema>;
export type StaffPaymentsPage = StaffPaymentsResponse['data'];

/**
 * The filters (absent: all). `course`: a course id. `from` and `to`: days (YYYY-MM-DD) of the
 * centre's calendar, both included, on the day paid (the day made, for a payment never paid).
 */
export interface StaffPaymentFilters {
  method?: z.infer<typeof paymentMethodSchema> | undefined;
  status?: StaffPaymentStatusFilter | undefined;
  course?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** POST /staff/payments/{id}/refund/: the sentence to show, and the payment as it now is. */
export const staffRefundResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: staffPaymentSchema,
});
export type StaffRefundResponse = z.infer<typeof staffRefundResponseSchema>;
