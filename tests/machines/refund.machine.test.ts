import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_PAYMENT_MESSAGES } from '@contract/messages/staff-payments';
import type { StaffPayment, StaffRefundResponse } from '@contract/wire/staff-payments';
import { describe, expect, it } from 'vitest';
import { canRefund, connectRefund } from '../../machines/refund.connect.ts';
import { refundMachine } from '../../machines/refund.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  spyActions,
} from './support/paths.ts';

const FALLBACK = 'Something went wrong';
const payment: StaffPayment = {
  id: '0b7c6a52-8d1e-4f5e-9a51-2d6f0e0a1c11',
  trainee: { id: 7, full_name: 'Sara Al-Qahtani', email: 'sara@example.com' },
  course: { id: 12, title: 'Cloud basics', title_ar: 'أساسيات السحابة' },
  method: 'cash',
  status: 'paid',
  subtotal: 10000,
  vat: 1500,
  total: 11500,
  refund_status: null,
  created_at: '2026-11-02T09:00:00Z',
  paid_at: '2026-11-02T10:00:00Z',
  receipt_number: 41,
};
const reply: StaffRefundResponse = {
  success: true,
  message: STAFF_PAYMENT_MESSAGES.refundedByHand,
  data: { ...payment, refund_status: 'refunded' },
};

function implementations() {
  return {
    actors: { refund: scriptedPromise<StaffRefundResponse, { id: string }>() },
    actions: spyActions(refundMachine, ['announceRefunded'] as const),
  };
}

describe('refund machine: generated paths', () => {
  const model = createPathModel(refundMachine, {
    input: { fallback: FALLBACK },
    events: [
      { type: 'refund.ask', payment },
      { type: 'refund.cancel' },
      { type: 'refund.confirm' },
      doneActor('refund', reply),
      errorActor('refund', httpFailure(502, SERVER_MESSAGES.gatewayUnavailable)),
    ],
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('refund machine: behaviour', () => {
  const launch = harnesses(refundMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, { input: { fallback: FALLBACK } }), ...impl };
  }

  it('refunds nothing until confirmed; cancelling forgets the payment', async () => {
    const { harness, actors } = start();
    await harness.send({ type: 'refund.ask', payment });
    expectState(harness, 'confirming');
    expect(connectRefund(harness.snapshot, () => {})).toMatchObject({ open: true, busy: false, payment });
    await harness.send({ type: 'refund.cancel' });
    expectState(harness, 'idle');
    expect(harness.context.payment).toBeNull();
    expect(actors.refund.inputs).toEqual([]);
  });

  it('keeps the dialog open and undismissable while refunding, then announces the server’s sentence', async () => {
    const { harness, actors, actions } = start();
    await harness.send({ type: 'refund.ask', payment });
    await harness.send({ type: 'refund.confirm' });
    expectState(harness, 'refunding');
    expect(actors.refund.inputs).toEqual([{ id: payment.id }]);
    const sent: unknown[] = [];
    const view = connectRefund(harness.snapshot, (event) => sent.push(event));
    view.cancel();
    view.confirm();
    view.ask(payment);
    expect(sent).toEqual([]);
    await harness.resolve('refund', reply);
    expectState(harness, 'done');
    expect(actions.announceRefunded).toHaveBeenCalledTimes(1);
    expect(connectRefund(harness.snapshot, () => {})).toMatchObject({ open: false, payment: null });
  });

  it('shows the refusal, or the fallback, in the dialog and lets the staff try again', async () => {
    const { harness, actors } = start();
    await harness.send({ type: 'refund.ask', payment });
    await harness.send({ type: 'refund.confirm' });
    await harness.reject('refund', httpFailure(409, STAFF_PAYMENT_MESSAGES.notRefundable));
    expectState(harness, 'refused');
    expect(connectRefund(harness.snapshot, () => {})).toMatchObject({
      open: true,
      alert: STAFF_PAYMENT_MESSAGES.notRefundable,
    });
    await harness.send({ type: 'refund.confirm' });
    expect(harness.context.alert).toBeNull();
    await harness.reject('refund', silentFailure(500));
    expect(harness.context.alert).toBe(FALLBACK);
    expect(actors.refund.inputs).toHaveLength(2);
  });

  it('offers Refund only for a paid, not refunded, priced payment (or one owed back)', () => {
    expect(canRefund(payment)).toBe(true);
    expect(canRefund({ ...payment, refund_status: 'refunded' })).toBe(false);
    expect(canRefund({ ...payment, status: 'awaiting_cash', paid_at: null })).toBe(false);
    expect(canRefund({ ...payment, status: 'failed', method: 'card', refund_status: 'due' })).toBe(true);
    expect(canRefund({ ...payment, method: 'free', subtotal: 0, vat: 0, total: 0 })).toBe(false);
  });
});
