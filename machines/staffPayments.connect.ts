import type { StaffPaymentsPage } from '@contract/wire/staff-payments';
import type { SnapshotFrom } from 'xstate';
import type { PaymentFilterForm, PaymentFilterProblem, staffPaymentsMachine } from './staffPayments.machine';

/** What the staff's payments page shows. */
export interface StaffPaymentsView {
  form: PaymentFilterForm;
  /** The form's problem (English; translated by the view) and its field, or null. */
  formError: PaymentFilterProblem;
  data: StaffPaymentsPage | null;
  busy: boolean;
  /** The last read failed: shown with Try again above what was read before. */
  error: unknown;
  page: number;
  pages: number;
  exporting: boolean;
  exportError: unknown;
}

export function connectStaffPayments(snapshot: SnapshotFrom<typeof staffPaymentsMachine>): StaffPaymentsView {
  const { form, formError, data, error, page, exportError } = snapshot.context;
  return {
    form,
    formError,
    data,
    busy: snapshot.matches({ list: 'loading' }),
    error: snapshot.matches({ list: 'failed' }) ? error : null,
    page,
    pages: data ? Math.max(1, Math.ceil(data.count / Math.max(1, data.limit))) : 1,
    exporting: snapshot.matches({ export: 'exporting' }),
    exportError,
  };
}
