import { toLatinDigits } from '@contract/domain/digits';
import type { PaymentMethod } from '@contract/wire/payments';
import type {
  StaffPaymentFilters,
  StaffPaymentStatusFilter,
  StaffPaymentsPage,
} from '@contract/wire/staff-payments';
import { assign, fromPromise, setup } from 'xstate';
import type { Failure } from './forms';

/** The filter form as typed: a method and a status of the lists or '' (all), a course number, two days. */
export interface PaymentFilterForm {
  method: PaymentMethod | '';
  status: StaffPaymentStatusFilter | '';
  course: string;
  from: string;
  to: string;
}

export const PAYMENT_FILTER_MESSAGES = {
  courseNumber: 'Give the course by its number',
  daysOrder: 'The end day must be on or after the start day',
} as const;

export type PaymentFilterProblem = { field: 'course' | 'to'; message: string } | null;

export interface StaffPaymentsContext {
  form: PaymentFilterForm;
  /** The filters of the list shown (the form as last applied). */
  applied: StaffPaymentFilters;
  formError: PaymentFilterProblem;
  page: number;
  data: StaffPaymentsPage | null;
  error: unknown;
  exportError: unknown;
}

export type StaffPaymentsEvent =
  | { type: 'filter.change'; name: keyof PaymentFilterForm; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.clear' }
  | { type: 'filter.course'; course: number }
  | { type: 'page.select'; page: number }
  | { type: 'payments.retry' }
  | { type: 'payments.reload' }
  | { type: 'payments.export' };

const EMPTY: PaymentFilterForm = { method: '', status: '', course: '', from: '', to: '' };

/** The course number typed (Arabic-Indic digits too), or undefined when none is. */
function courseOf(text: string): number | undefined {
  const digits = toLatinDigits(text.trim()).replace(/^#/, '');
  return /^\d{1,9}$/.test(digits) && Number(digits) > 0 ? Number(digits) : undefined;
}

/** The form's problem, or null: a course number when one is typed, days in order. */
export function paymentFilterProblem(form: PaymentFilterForm): PaymentFilterProblem {
  if (form.course.trim() && courseOf(form.course) === undefined)
    return { field: 'course', message: PAYMENT_FILTER_MESSAGES.courseNumber };
  if (form.from && form.to && form.to < form.from)
    return { field: 'to', message: PAYMENT_FILTER_MESSAGES.daysOrder };
  return null;
}

function appliedOf(form: PaymentFilterForm): StaffPaymentFilters {
  return {
    method: form.method || undefined,
    status: form.status || undefined,
    course: courseOf(form.course),
    from: form.from || undefined,
    to: form.to || undefined,
  };
}

/**
 * The staff's payments page: every trainee's payment (newest first) under the filters last applied,
 * a page at a time, with the month totals, and the export of every payment they keep as a sheet.
 * Applying keeps what was typed and refuses a course that is not a number or days out of order; a
 * failed read keeps the last page on screen with Try again; `payments.reload` reads the page again
 * (after a refund); the export runs beside the list and says when it failed. Pure: the view provides
 * `loadPayments`, `exportPayments` and `saveSheet`.
 */
export const staffPaymentsMachine = setup({
  types: {
    context: {} as StaffPaymentsContext,
    events: {} as StaffPaymentsEvent,
  },
  actors: {
    loadPayments: fromPromise<StaffPaymentsPage, { filters: StaffPaymentFilters; page: number }>(async () => {
      throw new Error('loadPayments is supplied by the view');
    }),
    exportPayments: fromPromise<StaffPaymentsPage, { filters: StaffPaymentFilters }>(async () => {
      throw new Error('exportPayments is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) => paymentFilterProblem(context.form) === null,
  },
  actions: {
    changeFilter: assign(({ context }, params: { name: keyof PaymentFilterForm; value: string }) => ({
      form: { ...context.form, [params.name]: params.value },
      formError: null,
    })),
    apply: assign(({ context }) => ({ applied: appliedOf(context.form), page: 1, formError: null })),
    clearForm: assign({ form: EMPTY, applied: {}, page: 1, formError: null }),
    chooseCourse: assign(({ context }, params: { course: number }) => {
      const form = { ...context.form, course: String(params.course) };
      return { form, applied: appliedOf(form), page: 1, formError: null };
    }),
    showFormError: assign(({ context }) => ({ formError: paymentFilterProblem(context.form) })),
    selectPage: assign((_, params: { page: number }) => ({ page: Math.max(1, Math.floor(params.page)) })),
    keepData: assign((_, params: { data: StaffPaymentsPage }) => ({ data: params.data, error: null })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    keepExportError: assign((_, { error }: Failure) => ({ exportError: error })),
    clearExportError: assign({ exportError: null }),
    /** Writes the payments as an .xlsx file (right to left in Arabic). */
    saveSheet: (_, _params: { data: StaffPaymentsPage }) => {},
  },
}).createMachine({
  id: 'staffPayments',
  type: 'parallel',
  context: {
    form: EMPTY,
    applied: {},
    formError: null,
    page: 1,
    data: null,
    error: null,
    exportError: null,
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.change': {
          actions: {
            type: 'changeFilter',
            params: ({ event }) => ({ name: event.name, value: event.value }),
          },
        },
        'filters.apply': [
          { guard: 'formValid', target: '.loading', actions: 'apply' },
          { actions: 'showFormError' },
        ],
        'filters.clear': { target: '.loading', actions: 'clearForm' },
        'filter.course': {
          target: '.loading',
          actions: { type: 'chooseCourse', params: ({ event }) => ({ course: event.course }) },
        },
        'page.select': {
          target: '.loading',
          actions: { type: 'selectPage', params: ({ event }) => ({ page: event.page }) },
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadPayments',
            src: 'loadPayments',
            input: ({ context }) => ({ filters: context.applied, page: context.page }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: { on: { 'payments.reload': { target: 'loading' } } },
        failed: { on: { 'payments.retry': { target: 'loading' } } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'payments.export': { target: 'exporting', actions: 'clearExportError' } } },
        exporting: {
          invoke: {
            id: 'exportPayments',
            src: 'exportPayments',
            input: ({ context }) => ({ filters: context.applied }),
            onDone: {
              target: 'idle',
              actions: { type: 'saveSheet', params: ({ event }) => ({ data: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'keepExportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
