import type { Language } from './languages';
import { formattingLocale as locale } from './numbers';

/**
 * The training centre's time zone. Dates and times of events and courses are shown as the centre
 * keeps them, wherever the visitor's device is set; times carry a label saying so.
 */
export const CENTRE_TIME_ZONE = 'Asia/Riyadh';

/** The formats the app shows, each built once per language (building one costs far more than using it). */
const FORMATS = {
  date: { dateStyle: 'medium', timeZone: CENTRE_TIME_ZONE },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', timeZone: CENTRE_TIME_ZONE },
  // A wall-clock time: the date it is put on is read back in UTC.
  time: { timeStyle: 'short', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: Language, kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${language} ${kind}`;
  let built = formats.get(key);
  if (!built) {
    built = new Intl.DateTimeFormat(locale(language), FORMATS[kind]);
    formats.set(key, built);
  }
  return built;
}

/** A date or date-time (ISO 8601) as a medium date in the user's language, on the centre's calendar. */
export function formatDate(value: string, language: Language): string {
  return format(language, 'date').format(new Date(value));
}

/** A date-time (ISO 8601) with its time, in the centre's time zone (a receipt's issue time). */
export function formatDateTime(value: string, language: Language): string {
  return format(language, 'dateTime').format(new Date(value));
}

/** Two ISO 8601 dates or date-times as one range ("7–9 Dec 2026"), on the centre's calendar. */
export function formatDateRange(start: string, end: string, language: Language): string {
  return format(language, 'date').formatRange(new Date(start), new Date(end));
}

/**
 * Two ISO 8601 date-times as a range with times, for events that last hours, in the centre's time
 * zone: show it with the label saying so (`Riyadh time`).
 */
export function formatDateTimeRange(start: string, end: string, language: Language): string {
  return format(language, 'dateTime').formatRange(new Date(start), new Date(end));
}

/** A wall-clock time ("14:30") in the user's language. */
export function formatTime(value: string, language: Language): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  return format(language, 'time').format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}
