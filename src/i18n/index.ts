import { i18n, type Messages } from '@lingui/core';
import { directionOf, LANGUAGE_STORAGE_KEY, type Language, readStoredLanguage } from './languages';
import { formattingLocale } from './numbers';
import { provideCatalogueLoader, type ScreenCatalogueName } from './screen-catalogue';

export { i18n };

type Catalogue = Record<Language, () => Promise<{ messages: Messages }>>;

/** The public site's and the shell's messages: every page needs them. */
const main: Catalogue = {
  en: () => import('./locales/en/messages.po'),
  ar: () => import('./locales/ar/messages.po'),
};

/** Messages that only some screens need (lingui.config.ts says which), loaded with those screens. */
const screenCatalogues = {
  account: {
    en: () => import('./locales/en/account.po'),
    ar: () => import('./locales/ar/account.po'),
  },
  trainer: {
    en: () => import('./locales/en/trainer.po'),
    ar: () => import('./locales/ar/trainer.po'),
  },
  // The course page's reviews section and the certificate check (see lingui.config.ts).
  community: {
    en: () => import('./locales/en/community.po'),
    ar: () => import('./locales/ar/community.po'),
  },
} satisfies Record<ScreenCatalogueName, Catalogue>;
export type ScreenCatalogue = keyof typeof screenCatalogues;

/** The screen catalogues asked for so far: a change of language loads them in the new language too. */
const wanted = new Set<ScreenCatalogue>();
/** Screen catalogues fetched, by language (each is fetched once). */
const fetched: Record<Language, Map<ScreenCatalogue, Messages>> = { en: new Map(), ar: new Map() };
let current: Language | undefined;

async function screenMessages(name: ScreenCatalogue, language: Language): Promise<Messages> {
  const known = fetched[language].get(name);
  if (known) return known;
  const { messages } = await screenCatalogues[name][language]();
  fetched[language].set(name, messages);
  return messages;
}

/** Loads and activates a language, and makes the document follow it (lang, dir). */
export async function activateLanguage(language: Language): Promise<void> {
  current = language;
  const [{ messages }] = await Promise.all([
    main[language](),
    ...[...wanted].map((name) => screenMessages(name, language)),
  ]);
  // Activating replaces the language's messages: with the main catalogue go every screen catalogue
  // fetched so far, also those a screen asked for while this one was on its way.
  const all: Messages = Object.assign({}, messages, ...fetched[language].values());
  // Lingui formats numbers (the # of plurals) in the same digits as the rest of the page.
  i18n.loadAndActivate({ locale: language, locales: [formattingLocale(language)], messages: all });
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

/** Adds a screen catalogue to the language in use (and to any language chosen later). */
export async function loadCatalogue(name: ScreenCatalogue): Promise<void> {
  wanted.add(name);
  const language = current ?? initialLanguage();
  const messages = await screenMessages(name, language);
  // An active language takes them at once; a language being activated takes them from `fetched`.
  if (i18n.locale === language) i18n.load(language, messages);
}

/** A screen's module, resolved once its messages are there too (for a route's lazy view). */
export async function withCatalogue<T>(
  name: ScreenCatalogue | readonly ScreenCatalogue[],
  module: Promise<T>,
): Promise<T> {
  const names: readonly ScreenCatalogue[] = typeof name === 'string' ? [name] : name;
  const [loaded] = await Promise.all([module, ...names.map(loadCatalogue)]);
  return loaded;
}

provideCatalogueLoader(loadCatalogue);

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await activateLanguage(language);
}

export function initialLanguage(): Language {
  return readStoredLanguage(typeof localStorage === 'undefined' ? undefined : localStorage);
}
