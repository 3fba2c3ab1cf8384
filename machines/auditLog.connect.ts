import type { SnapshotFrom } from 'xstate';
import type { AuditFilterForm, AuditPageData, auditLogMachine } from './auditLog.machine';

/** What the audit log page shows. */
export interface AuditLogView {
  form: AuditFilterForm;
  /** The form's problem (English; translated by the view), or null. */
  formError: string | null;
  data: AuditPageData | null;
  busy: boolean;
  /** The last read failed: shown with Try again above what was read before. */
  error: unknown;
  page: number;
  pages: number;
  exporting: boolean;
  exportError: unknown;
}

export function connectAuditLog(snapshot: SnapshotFrom<typeof auditLogMachine>): AuditLogView {
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
