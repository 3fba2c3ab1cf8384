/** What every .xlsx the app writes (write-excel-file) shares: its font and its names. */

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
