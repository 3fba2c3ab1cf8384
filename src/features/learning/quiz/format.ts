import { GRADE_MAX } from '@contract/domain/grading';
import type { Language } from '@/i18n/languages';
import { formatNumber, formattingLocale } from '@/i18n/numbers';

const twoDigits = new Map<Language, Intl.NumberFormat>();

function pad(value: number, language: Language): string {
  let formatter = twoDigits.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), {
      minimumIntegerDigits: 2,
      useGrouping: false,
    });
    twoDigits.set(language, formatter);
  }
  return formatter.format(value);
}

/** Time left as m:ss, or h:mm:ss from an hour, in the language's digits (rounded up to the second). */
export function formatCountdown(ms: number, language: Language): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const tail = `${pad(minutes, language)}:${pad(seconds, language)}`;
  return hours > 0 ? `${formatNumber(hours, language)}:${tail}` : tail;
}

/** A score out of 10 as the language writes numbers ("7.5", "٧٫٥"), and the most. */
export function scoreParts(score: number, language: Language): { score: string; max: string } {
  return { score: formatNumber(score, language), max: formatNumber(GRADE_MAX, language) };
}
