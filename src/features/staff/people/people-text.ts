import type { Role } from '@contract/wire/common';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A role as the people screens name it. */
export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  TRAINEE: msg`Trainee`,
  TRAINER: msg`Trainer`,
  ADMIN: msg`Staff`,
};

export const ENROLMENT_STATUS_LABELS: Record<string, MessageDescriptor> = {
  awaiting_payment: msg`Awaiting payment`,
  enrolled: msg`Enrolled`,
  withdrawal_requested: msg`Withdrawal requested`,
  withdrawn: msg`Withdrawn`,
  dropped: msg`Dropped`,
};

export const PAYMENT_STATUS_LABELS: Record<string, MessageDescriptor> = {
  initiated: msg`Started`,
  awaiting_wallet_code: msg`Awaiting the wallet code`,
  awaiting_cash: msg`Awaiting cash`,
  paid: msg`Paid`,
  failed: msg`Failed`,
};

export const REFUND_LABELS: Record<'due' | 'refunded', MessageDescriptor> = {
  due: msg`Refund due`,
  refunded: msg`Refunded`,
};
