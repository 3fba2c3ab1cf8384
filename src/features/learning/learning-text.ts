import type { LectureTarget } from '@machines/coursePlayer.machine';
import type { Language } from '@/i18n/languages';
import { formatNumber } from '@/i18n/numbers';

/** Plain text split into paragraphs on blank lines (never HTML). */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A video's length in whole minutes, rounded up (the list gives seconds); at least one. */
export function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** "8.5 / 10" in the page's digits. */
export function gradeText(grade: number, out: number, language: Language): string {
  return `${formatNumber(grade, language)} / ${formatNumber(out, language)}`;
}

/** The address's lecture part: none (null), 'grades', a lecture id, or nothing a lecture has (undefined). */
export function targetOfParam(param: string | undefined): LectureTarget | null | undefined {
  if (param === undefined || param === '') return null;
  if (param === 'grades') return 'grades';
  if (/^[1-9]\d{0,9}$/.test(param)) return Number(param);
  return undefined;
}
