import { i18n, type Messages } from '@lingui/core';
import { directionOf, LANGUAGE_STORAGE_KEY, type Language, readStoredLanguage } from './languages';
import { formattingLocale } from './numbers';

export { i18n };

const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('./locales/en/messages.po'),
  ar: () => import('./locales/ar/messages.po'),
};

/** Loads and activates a language, and makes the document follow it (lang, dir). */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogues[language]();
  // Lingui formats numbers (the # of plurals) in the same digits as the rest of the page.
  i18n.loadAndActivate({ locale: language, locales: [formattingLocale(language)], messages });
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await activateLanguage(language);
}

export function initialLanguage(): Language {
  return readStoredLanguage(typeof localStorage === 'undefined' ? undefined : localStorage);
}
