import type { AuditAction, AuditEntry } from '@contract/wire/staff';
import { SHEET_FONT, sheetFileName, sheetName } from '@/ui/sheets';

/** The sheet's column names in the page's language (the caller translates them). */
export interface AuditSheetLabels {
  at: string;
  actor: string;
  email: string;
  action: string;
  subject: string;
  reason: string;
  before: string;
  after: string;
  via: string;
}

/**
 * Writes the entries as .xlsx: one frozen header row, one row per decision, newest first;
 * laid out from the right in Arabic. `write-excel-file` is loaded here, only when the staff export.
 */
export async function exportAuditSheet(
  entries: readonly AuditEntry[],
  options: {
    labels: AuditSheetLabels;
    title: string;
    rightToLeft: boolean;
    actionName: (action: AuditAction) => string;
    time: (at: string) => string;
    changes: (values: Record<string, unknown> | null) => string;
  },
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const { labels } = options;
  const bold = { fontWeight: 'bold' } as const;
  const header = [
    labels.at,
    labels.actor,
    labels.email,
    labels.action,
    labels.subject,
    labels.reason,
    labels.before,
    labels.after,
    labels.via,
  ].map((value) => ({ value, ...bold }));
  const rows = entries.map((entry) =>
    [
      options.time(entry.at),
      entry.actor.full_name,
      entry.actor.email,
      options.actionName(entry.action),
      entry.subject.label,
      entry.reason ?? '',
      options.changes(entry.before),
      options.changes(entry.after),
      entry.via === 'cli' ? 'CLI' : 'Web',
    ].map((value) => ({ value })),
  );
  const today = new Date().toISOString().slice(0, 10);
  await writeXlsxFile(
    [header, ...rows],
    {
      sheet: sheetName(options.title),
      columns: [
        { width: 20 },
        { width: 24 },
        { width: 28 },
        { width: 22 },
        { width: 40 },
        { width: 36 },
        { width: 30 },
        { width: 30 },
        { width: 8 },
      ],
      stickyRowsCount: 1,
      rightToLeft: options.rightToLeft,
    },
    { fontFamily: SHEET_FONT, fontSize: 11 },
  ).toFile(sheetFileName(options.title, 'KFU Training', today));
}
