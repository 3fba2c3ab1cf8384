import type { Paged, PageQuery } from '@contract/wire/common';
import {
  type Payment,
  type PaymentHistoryItem,
  type PaymentRequest,
  paymentHistoryPageSchema,
  paymentSchema,
  type Quote,
  quoteSchema,
  type Receipt,
  receiptSchema,
} from '@contract/wire/payments';
import type { ApiClient } from './client';

/** GET /checkout/quote/{courseId}/ (trainee): the price with VAT, and whether the trainee is enrolled or has a payment under way. */
export function getQuote(api: ApiClient, courseId: number): Promise<Quote> {
  return api.authed(quoteSchema, `/checkout/quote/${courseId}/`);
}

/**
 * POST /payments/ (trainee): starts a payment; the same idempotency_key (one per attempt) answers
 * the same payment. A card payment answers `initiated` with the gateway's `transaction_url`.
 */
export function createPayment(api: ApiClient, request: PaymentRequest): Promise<Payment> {
  return api.authed(paymentSchema, '/payments/', { method: 'POST', body: request });
}

/** GET /payments/{id}/ (owner): the truth about a payment, whatever the return address said. */
export function getPayment(api: ApiClient, id: string, lang?: 'en' | 'ar'): Promise<Payment> {
  return api.authed(paymentSchema, `/payments/${encodeURIComponent(id)}/`, { query: { lang } });
}

/** GET /payments/latest/ (trainee): the latest payment; 404 when there is none. */
export function getLatestPayment(api: ApiClient, lang?: 'en' | 'ar'): Promise<Payment> {
  return api.authed(paymentSchema, '/payments/latest/', { query: { lang } });
}

/** POST /payments/{id}/wallet-code/ (owner): the code the wallet sent; the right one pays. */
export function confirmWalletCode(api: ApiClient, id: string, otpCode: string): Promise<Payment> {
  return api.authed(paymentSchema, `/payments/${encodeURIComponent(id)}/wallet-code/`, {
    method: 'POST',
    body: { otp_code: otpCode },
  });
}

/** GET /payments/?page&limit (trainee): the payment history, newest first. */
export function listPayments(api: ApiClient, query: PageQuery = {}): Promise<Paged<PaymentHistoryItem>> {
  return api.authed(paymentHistoryPageSchema, '/payments/', {
    query: { page: query.page, limit: query.limit },
  });
}

/** GET /payments/{id}/receipt/ (owner): the simplified tax invoice's data and QR payload. */
export function getReceipt(api: ApiClient, id: string): Promise<Receipt> {
  return api.authed(receiptSchema, `/payments/${encodeURIComponent(id)}/receipt/`);
}

/**
 * GET /payments/{id}/receipt.pdf (owner): the receipt as a PDF; 503 when the server cannot print
 * (the app then offers its printable receipt page).
 */
export function downloadReceiptPdf(api: ApiClient, id: string): Promise<Blob> {
  return api.authedFile(`/payments/${encodeURIComponent(id)}/receipt.pdf`, 'application/pdf');
}
