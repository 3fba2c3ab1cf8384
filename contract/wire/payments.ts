import { pagedSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/**
 * Checkout and payments (not in the spec's calls; the spec names a payment provider, a digital
 * wallet and cash, VAT, and "Payment: date, amount, course name, enrollment type, method"). Amounts
 * are whole halalas (domain/money.ts); `vat_rate` is in basis points (1500 = 15 %).
 */

export const paymentMethodSchema = z.enum(['card', 'wallet', 'cash', 'free']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * initiated: a card payment waits on the gateway's page; awaiting_wallet_code: the wallet's code
 * was sent; awaiting_cash: to be paid at the centre (an administrator confirms); paid; failed.
 */
export const paymentStatusSchema = z.enum([
  'initiated',
  'awaiting_wallet_code',
  'awaiting_cash',
  'paid',
  'failed',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const failureReasonSchema = z.enum([
  'declined',
  'insufficient_funds',
  'authentication_failed',
  'wallet_code_tries',
  'wallet_code_expired',
  'already_paid',
]);
export type FailureReason = z.infer<typeof failureReasonSchema>;

export const enrolmentStatusSchema = z.enum([
  'awaiting_payment',
  'enrolled',
  'withdrawal_requested',
  'withdrawn',
  'dropped',
]);
export type EnrolmentStatus = z.infer<typeof enrolmentStatusSchema>;

export const CURRENCY = 'SAR';
/** Wrong wallet codes a payment allows; the next one fails it. */
export const WALLET_CODE_TRIES = 5;
export const WALLET_CODE_LENGTH = 6;

const halalas = () => z.int().check(z.nonnegative());

/** The course as checkout shows it. */
export const checkoutCourseSchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  cover_image: z.string(),
});
export type CheckoutCourse = z.infer<typeof checkoutCourseSchema>;

/** A payment not yet ended for the course (one in progress or awaiting cash or a code). */
export const pendingPaymentSchema = z.object({
  id: z.string(),
  method: paymentMethodSchema,
  status: paymentStatusSchema,
});

/** GET /checkout/quote/{courseId}/ (trainee). */
export const quoteSchema = z.object({
  course: checkoutCourseSchema,
  subtotal: halalas(),
  vat: halalas(),
  total: halalas(),
  vat_rate: halalas(),
  currency: z.literal(CURRENCY),
  /** Price 0: enrol with method `free`. */
  free: z.boolean(),
  enrolled: z.boolean(),
  pending_payment: z.nullable(pendingPaymentSchema),
  /** Where the trainee's enrolment in the course stands; null when there is none. `withdrawn` and `dropped` close the course to the trainee. */
  enrolment_status: z.nullable(enrolmentStatusSchema),
  /** The administrator's reason when the trainee's withdrawal was refused. */
  refusal_reason: z.nullable(z.string()),
});
export type Quote = z.infer<typeof quoteSchema>;

/** POST /payments/: one idempotency key (a UUID made by the client) per attempt. */
export const paymentRequestSchema = /* @__PURE__ */ z.object({
  course_id: z.int().check(z.positive()),
  method: paymentMethodSchema,
  idempotency_key: z.uuid(),
  terms_accepted: z.boolean(),
  /** Method `wallet`: the wallet's phone number (Arabic-Indic digits and spaces accepted). */
  wallet_phone: z.optional(z.string().check(z.maxLength(30))),
  /** The language of the gateway's page (card). */
  lang: z.optional(z.enum(['en', 'ar'])),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** A payment as its owner reads it (POST /payments/, GET /payments/{id}/, /payments/latest/). */
export const paymentSchema = z.object({
  id: z.string(),
  course: checkoutCourseSchema,
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  subtotal: halalas(),
  vat: halalas(),
  total: halalas(),
  vat_rate: halalas(),
  currency: z.literal(CURRENCY),
  /** Card, while initiated: the gateway's page to send the browser to. */
  transaction_url: z.nullable(z.string()),
  failure_reason: z.nullable(failureReasonSchema),
  enrolment_status: z.nullable(enrolmentStatusSchema),
  receipt_number: z.nullable(z.int()),
  refund_status: z.nullable(z.enum(['due', 'refunded'])),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /payments/{id}/wallet-code/ */
export const walletCodeRequestSchema = /* @__PURE__ */ z.object({
  otp_code: z.string().check(z.maxLength(20)),
});
export type WalletCodeRequest = z.infer<typeof walletCodeRequestSchema>;

/** One line of GET /payments/ (the spec's "Payment: date, amount, course name, enrollment type, method"). */
export const paymentHistoryItemSchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: halalas(),
  currency: z.literal(CURRENCY),
  course: checkoutCourseSchema,
  enrolment_type: z.enum(['paid', 'free']),
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  receipt_number: z.nullable(z.int()),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;
export const paymentHistoryPageSchema = pagedSchema(paymentHistoryItemSchema);

/** GET /payments/{id}/receipt/: what the simplified tax invoice shows; `qr` is its QR payload (base64 TLV). */
export const receiptSchema = z.object({
  receipt_number: z.int(),
  payment_id: z.string(),
  issued_at: z.string(),
  seller_name: z.string(),
  seller_name_ar: z.string(),
  vat_number: z.string(),
  course_title: z.string(),
  course_title_ar: z.string(),
  subtotal: halalas(),
  vat: halalas(),
  total: halalas(),
  vat_rate: halalas(),
  currency: z.literal(CURRENCY),
  method: paymentMethodSchema,
  qr: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
