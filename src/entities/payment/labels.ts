import type { PaymentMethod, PaymentStatus } from '@contract/wire/payments';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Payment methods as checkout, receipts and the payment history name them. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  card: msg`Card`,
  wallet: msg`Digital payment`,
  cash: msg`Cash`,
  free: msg`Free`,
};

/** Where a payment stands, as the payment history says it. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  initiated: msg`In progress`,
  awaiting_wallet_code: msg`Awaiting the wallet code`,
  awaiting_cash: msg`Awaiting payment at the centre`,
  paid: msg`Paid`,
  failed: msg`Payment Failed`,
};
