import type { AttendanceSheet, AttendanceStatus } from '@contract/wire/attendance';
import { excelDate, SHEET_FONT, sheetName } from '@/ui/sheets';

/** The sheet's words in the page's language (the caller translates them). */
export interface SheetLabels {
  trainee: string;
  email: string;
  present: string;
  held: string;
  totals: string;
  mark: (status: AttendanceStatus) => string;
}

export { sheetFileName } from '@/ui/sheets';

/**
 * Writes the sheet as .xlsx and hands it to the browser: one header row (frozen) of the trainee, the
 * e-mail, each session's date as a real date, and the totals; one row per trainee; a last row with
 * each session's count of Present. Right-to-left for Arabic. `write-excel-file` is loaded here, only
 * when a trainer exports.
 */
export async function exportSheet(
  sheet: AttendanceSheet,
  options: { labels: SheetLabels; title: string; rightToLeft: boolean; fileName: string },
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const { labels } = options;
  const bold = { fontWeight: 'bold' } as const;
  const header = [
    { value: labels.trainee, ...bold },
    { value: labels.email, ...bold },
    ...sheet.sessions.map((session) => ({
      value: excelDate(session.date),
      type: Date,
      format: 'yyyy-mm-dd',
      ...bold,
    })),
    { value: labels.present, ...bold },
    { value: labels.held, ...bold },
  ];
  const rows = sheet.trainees.map((trainee) => [
    { value: trainee.name },
    { value: trainee.email },
    ...trainee.marks.map((mark) => (mark === null ? null : { value: labels.mark(mark) })),
    { value: trainee.present, type: Number },
    { value: trainee.marks.filter((mark) => mark !== null).length, type: Number },
  ]);
  const totals = [
    { value: labels.totals, ...bold },
    null,
    ...sheet.sessions.map((_, index) => ({
      value: sheet.trainees.filter((trainee) => trainee.marks[index] === 'Present').length,
      type: Number,
      ...bold,
    })),
    { value: sheet.trainees.reduce((sum, trainee) => sum + trainee.present, 0), type: Number, ...bold },
    null,
  ];
  await writeXlsxFile(
    [header, ...rows, totals],
    {
      sheet: sheetName(options.title),
      columns: [
        { width: 28 },
        { width: 30 },
        ...sheet.sessions.map(() => ({ width: 12 })),
        { width: 10 },
        { width: 10 },
      ],
      stickyRowsCount: 1,
      rightToLeft: options.rightToLeft,
      dateFormat: 'yyyy-mm-dd',
    },
    { fontFamily: SHEET_FONT, fontSize: 11 },
  ).toFile(options.fileName);
}
