/** The back office's sentences about payments (the calls: wire/staff-payments.ts). */
export const STAFF_PAYMENT_MESSAGES = {
  methodInvalid: 'Choose one of: card, wallet, cash, free',
  statusInvalid: 'Choose one of: initiated, awaiting_wallet_code, awaiting_cash, paid, failed, refunded',
  courseInvalid: 'Give the course by its number',
  dayInvalid: 'Write days as YYYY-MM-DD',
  daysOrder: 'The end day must be on or after the start day',
  refundedByCard: 'The payment is refunded to the card',
  refundedByHand: 'The payment is marked refunded: pay the trainee back at the centre',
  notRefundable: 'Only a paid payment that is not refunded yet can be refunded',
  freeNotRefundable: 'A free enrolment has nothing to refund',
} as const;
export type StaffPaymentMessage = (typeof STAFF_PAYMENT_MESSAGES)[keyof typeof STAFF_PAYMENT_MESSAGES];
