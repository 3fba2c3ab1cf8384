import type { AuditAction, AuditFilters, AuditResponse } from '@contract/wire/staff';
import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf } from './forms';

export type AuditPageData = AuditResponse['data'];

/** The filter form as typed: an action of the list or '' (all), a name or address, two days. */
export interface AuditFilterForm {
  action: AuditAction | '';
  actor: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_MESSAGES = {
  daysOrder: 'The end day must be on or after the start day',
} as const;

export interface AuditLogContext {
  form: AuditFilterForm;
  /** The filters of the list shown (the form as last applied). */
  applied: AuditFilters;
  formError: string | null;
  page: number;
  data: AuditPageData | null;
  error: unknown;
  exportError: unknown;
}

export type AuditLogEvent =
  | { type: 'filter.change'; name: keyof AuditFilterForm; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.clear' }
  | { type: 'page.select'; page: number }
  | { type: 'audit.retry' }
  | { type: 'audit.export' };

const EMPTY: AuditFilterForm = { action: '', actor: '', from: '', to: '' };

/** The form's problem, or null: days in order. */
export function filterProblem(form: AuditFilterForm): string | null {
  return form.from && form.to && form.to < form.from ? AUDIT_FILTER_MESSAGES.daysOrder : null;
}

function appliedOf(form: AuditFilterForm): AuditFilters {
  return {
    action: form.action || undefined,
    actor: form.actor.trim() || undefined,
    from: form.from || undefined,
    to: form.to || undefined,
  };
}

/**
 * The audit log's page: the list (newest first) under the filters last applied, a page at a time,
 * and the export of every entry they keep as a sheet. Applying keeps what was typed and refuses days
 * out of order; a failed read keeps the last page on screen with Try again; the export runs beside
 * the list and says when it failed. Pure: the view provides `loadAudit`, `exportAudit` and `saveSheet`.
 */
export const auditLogMachine = setup({
  types: {
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
  },
  actors: {
    loadAudit: fromPromise<AuditPageData, { filters: AuditFilters; page: number }>(async () => {
      throw new Error('loadAudit is supplied by the view');
    }),
    exportAudit: fromPromise<AuditPageData, { filters: AuditFilters }>(async () => {
      throw new Error('exportAudit is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) => filterProblem(context.form) === null,
  },
  actions: {
    changeFilter: assign(({ context }, params: { name: keyof AuditFilterForm; value: string }) => ({
      form: { ...context.form, [params.name]: params.value },
      formError: null,
    })),
    apply: assign(({ context }) => ({ applied: appliedOf(context.form), page: 1, formError: null })),
    clearForm: assign({ form: EMPTY, applied: {}, page: 1, formError: null }),
    showFormError: assign(({ context }) => ({ formError: filterProblem(context.form) })),
    selectPage: assign((_, params: { page: number }) => ({ page: Math.max(1, Math.floor(params.page)) })),
    keepData: assign((_, params: { data: AuditPageData }) => ({ data: params.data, error: null })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    keepExportError: assign((_, { error }: Failure) => ({ exportError: error })),
    clearExportError: assign({ exportError: null }),
    /** Writes the entries as an .xlsx file (right to left in Arabic). */
    saveSheet: (_, _params: { data: AuditPageData }) => {},
  },
}).createMachine({
  id: 'auditLog',
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
        'page.select': {
          target: '.loading',
          actions: { type: 'selectPage', params: ({ event }) => ({ page: event.page }) },
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadAudit',
            src: 'loadAudit',
            input: ({ context }) => ({ filters: context.applied, page: context.page }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'keepError', params: failureOf },
            },
          },
        },
        ready: {},
        failed: { on: { 'audit.retry': { target: 'loading' } } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'audit.export': { target: 'exporting', actions: 'clearExportError' } } },
        exporting: {
          invoke: {
            id: 'exportAudit',
            src: 'exportAudit',
            input: ({ context }) => ({ filters: context.applied }),
            onDone: {
              target: 'idle',
              actions: { type: 'saveSheet', params: ({ event }) => ({ data: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'keepExportError', params: failureOf },
            },
          },
        },
      },
    },
  },
});
