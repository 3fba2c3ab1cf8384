import type { AttendanceSheet, AttendanceStatus } from '@contract/wire/attendance';

/** The sheet's words in the page's language (the caller translates them). */
export interface SheetLabels {
  trainee: string;
  email: string;
  present: string;
  held: string;
  totals: string;
  mark: (status: AttendanceStatus) => string;
}

/** A font Excel, LibreOffice and Numbers all have, with Arabic letters. */
export const SHEET_FONT = 'Arial';

/** Characters Excel refuses in a sheet's name, and its longest name. */
const SHEET_NAME_FORBIDDEN = /[\\/?*:[\]]/g;
const SHEET_NAME_MAX = 31;
const FILE_NAME_FORBIDDEN = /[\\/:*?"<>|\p{Cc}]+/gu;

/** `Attendance - <course title> - <date>.xlsx`, with what file systems refuse taken out. */
export function sheetFileName(prefix: string, title: string, date: string): string {
  const name = `${prefix} - ${title} - ${date}`.replace(FILE_NAME_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim();
  return `${name.slice(0, 150)}.xlsx`;
}

export function sheetName(title: string): string {
  return title.replace(SHEET_NAME_FORBIDDEN, ' ').trim().slice(0, SHEET_NAME_MAX) || 'Sheet1';
}

/** A 'YYYY-MM-DD' day as the Date Excel stores (midnight UTC: Excel dates carry no time zone). */
export function excelDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

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
