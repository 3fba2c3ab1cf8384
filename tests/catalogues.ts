import type { Messages } from '@lingui/core';

/** Every compiled catalogue (lingui.config.ts), by its path. */
const catalogues = import.meta.glob<Messages>('../src/i18n/locales/*/*.po', {
  eager: true,
  import: 'messages',
});

function all(language: 'en' | 'ar'): Messages {
  const found = Object.entries(catalogues).filter(([path]) => path.includes(`/locales/${language}/`));
  if (found.length < 2) throw new Error(`no ${language} catalogues`);
  return Object.assign({}, ...found.map(([, messages]) => messages));
}

/**
 * Every compiled message of a language, from all its catalogues (lingui.config.ts): the tests read
 * the product's texts wherever they are loaded from.
 */
export const english: Messages = all('en');
export const arabic: Messages = all('ar');
