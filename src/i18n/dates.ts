import type { Language } from './languages';
import { formattingLocale as locale } from './numbers';

/** A date or date-time (ISO 8601) as a medium date in the user's language. */
export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium' }).format(new Date(value));
}

/** Two ISO 8601 dates or date-times as one range ("7–9 Dec 2026"). */
export function formatDateRange(start: string, end: string, language: Language): string {
  const format = new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium' });
  return format.formatRange(new Date(start), new Date(end));
}

/** Two ISO 8601 date-times as a range with times, for events that last hours. */
export function formatDateTimeRange(start: string, end: string, language: Language): string {
  const format = new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' });
  return format.formatRange(new Date(start), new Date(end));
}

/** A wall-clock time ("14:30") in the user's language. */
export function formatTime(value: string, language: Language): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  const date = new Date(Date.UTC(2000, 0, 1, hours, minutes));
  return new Intl.DateTimeFormat(locale(language), { timeStyle: 'short', timeZone: 'UTC' }).format(date);
}
