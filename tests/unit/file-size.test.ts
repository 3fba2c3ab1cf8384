import { type I18n, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/i18n/files';
import { formattingLocale } from '@/i18n/numbers';
import { arabic, english } from '../catalogues';

/** Lingui as the app activates it (src/i18n/index.ts): the # of plurals in the page's digits. */
function i18nFor(language: 'en' | 'ar'): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({
    locale: language,
    locales: [formattingLocale(language)],
    messages: language === 'ar' ? arabic : english,
  });
  return i18n;
}

const SIZES = [0, 1, 2, 3, 11, 100, 593, 1023, 1536, 1.5 * 1024 * 1024];

describe('a file’s size as every screen shows it', () => {
  it('says bytes with English plurals, then KB and MB with one decimal where it tells something', () => {
    const en = i18nFor('en');
    expect(SIZES.map((bytes) => formatFileSize(bytes, en))).toEqual([
      '0 bytes',
      '1 byte',
      '2 bytes',
      '3 bytes',
      '11 bytes',
      '100 bytes',
      '593 bytes',
      '1,023 bytes',
      '1.5 KB',
      '1.5 MB',
    ]);
    expect(formatFileSize(1024, en)).toBe('1 KB');
    expect(formatFileSize(45_923, en)).toBe('44.8 KB');
    expect(formatFileSize(25 * 1024 * 1024, en)).toBe('25 MB');
    // Just under 1 MB rounds to 1 MB, never "1,024 KB".
    expect(formatFileSize(1024 * 1024 - 1, en)).toBe('1 MB');
    expect(formatFileSize(-5, en)).toBe('0 bytes');
  });

  it('says bytes with the six Arabic plural forms, and KB and MB, in Arabic-Indic digits', () => {
    const ar = i18nFor('ar');
    expect(SIZES.map((bytes) => formatFileSize(bytes, ar))).toEqual([
      '٠ بايت', // zero
      'بايت واحد', // one
      'بايتان', // two
      '٣ بايتات', // few (3–10)
      '١١ بايتًا', // many (11–99)
      '١٠٠ بايت', // other
      '٥٩٣ بايتًا', // many (ends in 11–99)
      '١٬٠٢٣ بايتًا',
      '١٫٥ كيلوبايت',
      '١٫٥ ميغابايت',
    ]);
    expect(formatFileSize(25 * 1024 * 1024, ar)).toBe('٢٥ ميغابايت');
  });
});
