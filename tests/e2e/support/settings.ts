import type { Language } from '@/i18n/languages';
import type { Width } from './browser';

/** A language and a width the product is shown in. */
export interface Setting {
  language: Language;
  width: Width;
}

/**
 * The four settings every screen is checked in (tests/e2e/screens.e2e.test.ts): English and
 * Arabic, at 1366 and 390 px. A behaviour runs once, in the setting where it matters.
 */
export const SETTINGS: readonly Setting[] = [
  { language: 'en', width: 'desktop' },
  { language: 'ar', width: 'phone' },
  { language: 'en', width: 'phone' },
  { language: 'ar', width: 'desktop' },
];

export const EN_DESKTOP = SETTINGS[0] as Setting;
export const AR_PHONE = SETTINGS[1] as Setting;
export const EN_PHONE = SETTINGS[2] as Setting;
export const AR_DESKTOP = SETTINGS[3] as Setting;

/** How a test's name says its setting: "(ar, phone)". */
export function named(setting: Setting): string {
  return `(${setting.language}, ${setting.width})`;
}
