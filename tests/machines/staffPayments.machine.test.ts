import type { StaffPaymentFilters, StaffPaymentsPage } from '@contract/wire/staff-payments';
import { describe, expect, it } from 'vitest';
import { connectStaffPayments } from '../../machines/staffPayments.connect.ts';
import {
  PAYMENT_FILTER_MESSAGES,
  paymentFilterProblem,
  staffPaymentsMachine,
} from '../../machines/staffPayments.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const page: StaffPaymentsPage = {
  count: 30,
  page: 1,
  limit: 25,
  results: [
    {
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
    },
  ],
  months: [{ month: '2026-11', count: 1, subtotal: 10000, vat: 1500, total: 11500, refunded: 0 }],
};

function implementations() {
  return {
    actors: {
      loadPayments: scriptedPromise<StaffPaymentsPage, { filters: StaffPaymentFilters; page: number }>(),
      exportPayments: scriptedPromise<StaffPaymentsPage, { filters: StaffPaymentFilters }>(),
    },
    actions: spyActions(staffPaymentsMachine, ['saveSheet'] as const),
  };
}

describe('staffPayments machine: generated paths', () => {
  const model = createPathModel(staffPaymentsMachine, {
    events: [
      { type: 'filter.change', name: 'course', value: 'abc' },
      { type: 'filter.change', name: 'course', value: '١٢' },
      { type: 'filters.apply' },
      { type: 'filters.clear' },
      { type: 'filter.course', course: 12 },
      { type: 'page.select', page: 2 },
      { type: 'payments.retry' },
      { type: 'payments.reload' },
      { type: 'payments.export' },
      doneActor('loadPayments', page),
      errorActor('loadPayments', httpFailure(503, 'The service is busy')),
      doneActor('exportPayments', page),
      errorActor('exportPayments', httpFailure(400, 'Write days as YYYY-MM-DD')),
    ],
    serializeState: serializeValueAnd((context: { form: Parameters<typeof paymentFilterProblem>[0] }) =>
      paymentFilterProblem(context.form),
    ),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('staffPayments machine: behaviour', () => {
  const launch = harnesses(staffPaymentsMachine);

  it('applies the filters as typed, Arabic-Indic digits too, and keeps the totals of the page read', async () => {
    const impl = implementations();
    const harness = launch(impl);
    expect(impl.actors.loadPayments.inputs).toEqual([{ filters: {}, page: 1 }]);
    await harness.resolve('loadPayments', page);
    await harness.send({ type: 'filter.change', name: 'method', value: 'cash' });
    await harness.send({ type: 'filter.change', name: 'course', value: '١٢' });
    await harness.send({ type: 'filter.change', name: 'from', value: '2026-11-01' });
    await harness.send({ type: 'filters.apply' });
    expect(impl.actors.loadPayments.inputs.at(-1)).toEqual({
      filters: { method: 'cash', status: undefined, course: 12, from: '2026-11-01', to: undefined },
      page: 1,
    });
    await harness.resolve('loadPayments', page);
    const view = connectStaffPayments(harness.snapshot);
    expect(view).toMatchObject({ pages: 2, busy: false, error: null });
    expect(view.data?.months[0]?.total).toBe(11500);
  });

  it('refuses a course that is not a number and days out of order, naming the field', async () => {
    const impl = implementations();
    const harness = launch(impl);
    await harness.send({ type: 'filter.change', name: 'course', value: 'cloud' });
    await harness.send({ type: 'filters.apply' });
    expect(harness.context.formError).toEqual({
      field: 'course',
      message: PAYMENT_FILTER_MESSAGES.courseNumber,
    });
    await harness.send({ type: 'filter.change', name: 'course', value: '' });
    await harness.send({ type: 'filter.change', name: 'from', value: '2026-11-10' });
    await harness.send({ type: 'filter.change', name: 'to', value: '2026-11-01' });
    await harness.send({ type: 'filters.apply' });
    expect(harness.context.formError).toEqual({ field: 'to', message: PAYMENT_FILTER_MESSAGES.daysOrder });
    expect(impl.actors.loadPayments.inputs).toHaveLength(1);
  });

  it('filters by a course chosen on a row, reads the page again after a refund, and exports', async () => {
    const impl = implementations();
    const harness = launch(impl);
    await harness.resolve('loadPayments', page);
    await harness.send({ type: 'filter.course', course: 12 });
    expect(harness.context.form.course).toBe('12');
    expect(impl.actors.loadPayments.inputs.at(-1)).toMatchObject({ filters: { course: 12 }, page: 1 });
    await harness.resolve('loadPayments', page);
    await harness.send({ type: 'payments.reload' });
    expectState(harness, { list: 'loading', export: 'idle' });
    await harness.resolve('loadPayments', page);
    await harness.send({ type: 'payments.export' });
    expect(connectStaffPayments(harness.snapshot).exporting).toBe(true);
    expect(impl.actors.exportPayments.inputs).toEqual([{ filters: expect.objectContaining({ course: 12 }) }]);
    await harness.resolve('exportPayments', page);
    expect(impl.actions.saveSheet).toHaveBeenCalledTimes(1);
  });
});
