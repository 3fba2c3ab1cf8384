import { setupI18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatTime } from '@/i18n/dates';
import { formatNumber, formattingLocale } from '@/i18n/numbers';
import { arabic, english } from '../catalogues';

const WESTERN = /[0-9]/;
const ARABIC_INDIC = /[\u0660-\u0669]/;
const EXTENDED_ARABIC_INDIC = /[\u06f0-\u06f9]/;

/** The digit systems a text uses. */
function digitSystems(text: string): string[] {
  return [
    WESTERN.test(text) && 'western',
    ARABIC_INDIC.test(text) && 'arabic-indic',
    EXTENDED_ARABIC_INDIC.test(text) && 'extended-arabic-indic',
  ].filter((system): system is string => Boolean(system));
}

/** Lingui set up as the app sets it up (src/i18n/index.ts). */
function translator(language: 'en' | 'ar') {
  const i18n = setupI18n();
  i18n.loadAndActivate({
    locale: language,
    locales: [formattingLocale(language)],
    messages: language === 'ar' ? arabic : english,
  });
  return i18n;
}

describe('one digit system per language', () => {
  it('writes numbers in Western digits in English and Arabic-Indic digits in Arabic', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(7, 'en')).toBe('7');
    expect(formatNumber(0, 'ar')).toBe('٠');
    expect(formatNumber(25, 'ar')).toBe('٢٥');
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
  });

  it('writes dates and times in the same digits as the numbers', () => {
    for (const language of ['en', 'ar'] as const) {
      const expected = language === 'ar' ? ['arabic-indic'] : ['western'];
      expect(digitSystems(formatNumber(2026, language))).toEqual(expected);
      expect(digitSystems(formatDate('2026-12-07', language))).toEqual(expected);
      expect(digitSystems(formatDateRange('2026-12-07', '2026-12-09', language))).toEqual(expected);
      expect(digitSystems(formatTime('14:30', language))).toEqual(expected);
    }
  });

  it("gives Lingui's plural # the same digits, with every Arabic plural form filled", () => {
    const courses = generateMessageId('{0, plural, one {# course} other {# courses}}');
    const en = translator('en');
    const ar = translator('ar');
    expect(en._(courses, { 0: 1 })).toBe('1 course');
    expect(en._(courses, { 0: 41 })).toBe('41 courses');
    // zero, one, two, few (3–10), many (11–99), other (100–102).
    const arabicForms = [0, 1, 2, 3, 11, 100].map((count) => ar._(courses, { 0: count }));
    expect(new Set(arabicForms).size).toBe(6);
    expect(ar._(courses, { 0: 41 })).toBe('٤١ دورة');
    for (const text of arabicForms) expect(digitSystems(text)).not.toContain('western');
  });
});
