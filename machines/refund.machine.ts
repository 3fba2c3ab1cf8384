import type { StaffPayment, StaffRefundResponse } from '@contract/wire/staff-payments';
import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * Refunding a payment (the staff's payments page): Refund opens a dialog that says what will happen
 * (a card payment goes back through the gateway; cash and wallet are paid back at the centre) and
 * nothing changes until it is confirmed. While the call is in flight the dialog stays open and
 * cannot be dismissed; a refusal (already refunded, the gateway unreachable) keeps it open with the
 * server's sentence, and confirming again tries again; once refunded the view announces the
 * server's sentence and reads the list again.
 */
export interface RefundInput {
  /** The alert text when a refusal carries no sentence of its own. */
  fallback: string;
}

export interface RefundContext {
  fallback: string;
  payment: StaffPayment | null;
  alert: string | null;
}

export type RefundEvent =
  | { type: 'refund.ask'; payment: StaffPayment }
  | { type: 'refund.cancel' }
  | { type: 'refund.confirm' };

export const refundMachine = setup({
  types: {
    input: {} as RefundInput,
    context: {} as RefundContext,
    events: {} as RefundEvent,
  },
  actors: {
    refund: fromPromise<StaffRefundResponse, { id: string }>(async () => {
      throw new Error('refund is supplied by the view');
    }),
  },
  actions: {
    choose: assign((_, params: { payment: StaffPayment }) => ({ payment: params.payment, alert: null })),
    forget: assign({ payment: null, alert: null }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    /** The payment is refunded: the view says so (the server's sentence) and reads the list again. */
    announceRefunded: (_, _params: { reply: StaffRefundResponse }) => {},
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({ fallback: input.fallback, payment: null, alert: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'refund.ask': {
          target: 'confirming',
          actions: { type: 'choose', params: ({ event }) => ({ payment: event.payment }) },
        },
      },
    },
    /** The dialog is open: nothing has changed yet. */
    confirming: {
      on: {
        'refund.cancel': { target: 'idle', actions: 'forget' },
        'refund.confirm': { target: 'refunding', actions: 'clearAlert' },
      },
    },
    refunding: {
      invoke: {
        id: 'refund',
        src: 'refund',
        input: ({ context }) => ({ id: context.payment?.id ?? '' }),
        onDone: {
          target: 'done',
          actions: { type: 'announceRefunded', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: { target: 'refused', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /** Refused: the dialog shows the server's sentence; confirming again tries again. */
    refused: {
      on: {
        'refund.cancel': { target: 'idle', actions: 'forget' },
        'refund.confirm': { target: 'refunding', actions: 'clearAlert' },
      },
    },
    /** Refunded: the dialog is closed; another payment can be refunded. */
    done: {
      on: {
        'refund.ask': {
          target: 'confirming',
          actions: { type: 'choose', params: ({ event }) => ({ payment: event.payment }) },
        },
      },
    },
  },
});
