import { getLangDir } from 'rtl-detect';

/** Spec section 3: Language option — code, name, direction, country_code, flag. */
export interface LanguageOption {
  code: Language;
  name: string;
  direction: 'ltr' | 'rtl';
  country_code: string;
  flag: string;
}

export type Language = 'en' | 'ar';

export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', name: 'English', direction: 'ltr', country_code: 'GB', flag: '🇬🇧' },
  { code: 'ar', name: 'العربية', direction: 'rtl', country_code: 'SA', flag: '🇸🇦' },
];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ar';
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return getLangDir(language) === 'rtl' ? 'rtl' : 'ltr';
}

export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
