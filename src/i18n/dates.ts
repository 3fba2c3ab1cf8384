import type { Language } from './languages';
import { formattingLocale as locale } from './numbers';

/**
 * The training centre's time zone. Dates and times of events and courses are shown as the centre
 * keeps them, wherever the visitor's device is set; times carry a label saying so.
 */
export const CENTRE_TIME_ZONE = 'Asia/Riyadh';

/** A date or date-time (ISO 8601) as a medium date in the user's language, on the centre's calendar. */
export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeZone: CENTRE_TIME_ZONE,
  }).format(new Date(value));
}

/** A date-time (ISO 8601) with its time, in the centre's time zone (a receipt's issue time). */
export function formatDateTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CENTRE_TIME_ZONE,
  }).format(new Date(value));
}

/** Two ISO 8601 dates or date-times as one range ("7–9 Dec 2026"), on the centre's calendar. */
export function formatDateRange(start: string, end: string, language: Language): string {
  const format = new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeZone: CENTRE_TIME_ZONE,
  });
  return format.formatRange(new Date(start), new Date(end));
}

/**
 * Two ISO 8601 date-times as a range with times, for events that last hours, in the centre's time
 * zone: show it with the label saying so (`Riyadh time`).
 */
export function formatDateTimeRange(start: string, end: string, language: Language): string {
  const format = new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CENTRE_TIME_ZONE,
  });
  return format.formatRange(new Date(start), new Date(end));
}

/** A wall-clock time ("14:30") in the user's language. */
export function formatTime(value: string, language: Language): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  const date = new Date(Date.UTC(2000, 0, 1, hours, minutes));
  return new Intl.DateTimeFormat(locale(language), { timeStyle: 'short', timeZone: 'UTC' }).format(date);
}
