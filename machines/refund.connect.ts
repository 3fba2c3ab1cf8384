import type { StaffPayment } from '@contract/wire/staff-payments';
import type { SnapshotFrom } from 'xstate';
import type { RefundEvent, refundMachine } from './refund.machine';

/** What the Refund buttons and the confirmation dialog show. */
export interface RefundView {
  /** The confirmation dialog is open (asking, refunding, or refused). */
  open: boolean;
  /** The call is in flight: the buttons are disabled and the dialog cannot be dismissed. */
  busy: boolean;
  /** The payment the dialog is about, or null. */
  payment: StaffPayment | null;
  /** The server's refusal (English; the view translates it), or null. */
  alert: string | null;
  ask: (payment: StaffPayment) => void;
  cancel: () => void;
  confirm: () => void;
}

/** Whether a payment offers Refund: paid (or owed back), not refunded yet, and not free. */
export function canRefund(payment: StaffPayment): boolean {
  return (
    payment.refund_status !== 'refunded' &&
    (payment.status === 'paid' || payment.refund_status === 'due') &&
    payment.method !== 'free' &&
    payment.total > 0
  );
}

export function connectRefund(
  snapshot: SnapshotFrom<typeof refundMachine>,
  send: (event: RefundEvent) => void,
): RefundView {
  const busy = snapshot.matches('refunding');
  const open = busy || snapshot.matches('confirming') || snapshot.matches('refused');
  return {
    open,
    busy,
    payment: open ? snapshot.context.payment : null,
    alert: snapshot.context.alert,
    ask: (payment) => {
      if (!open) send({ type: 'refund.ask', payment });
    },
    cancel: () => {
      if (!busy) send({ type: 'refund.cancel' });
    },
    confirm: () => {
      if (!busy) send({ type: 'refund.confirm' });
    },
  };
}
