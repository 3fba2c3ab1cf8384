import type { Payment, Quote } from '@contract/wire/payments';

/** A course's quote and its payments, shaped like the checkout calls' answers. */

export const COURSE = {
  id: 7,
  title: 'Data Analysis',
  title_ar: 'تحليل البيانات',
  cover_image: '/media/covers/data.svg',
};

export const QUOTE: Quote = {
  course: COURSE,
  subtotal: 100_000,
  vat: 15_000,
  total: 115_000,
  vat_rate: 1500,
  currency: 'SAR',
  free: false,
  enrolled: false,
  pending_payment: null,
  enrolment_status: null,
  refusal_reason: null,
};

/** A card payment of the course in `status`; `extra` changes any field. */
export function payment(status: Payment['status'], extra: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    course: COURSE,
    method: 'card',
    status,
    subtotal: 100_000,
    vat: 15_000,
    total: 115_000,
    vat_rate: 1500,
    currency: 'SAR',
    transaction_url: status === 'initiated' ? 'http://localhost/gateway/pay/pay-1' : null,
    failure_reason: status === 'failed' ? 'declined' : null,
    enrolment_status: status === 'paid' ? 'enrolled' : null,
    receipt_number: status === 'paid' ? 12 : null,
    refund_status: null,
    created_at: '2026-11-23T09:00:00Z',
    paid_at: status === 'paid' ? '2026-11-23T09:01:00Z' : null,
    ...extra,
  };
}
