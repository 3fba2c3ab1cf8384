import { i18n, type Messages } from '@lingui/core';
import { directionOf, LANGUAGE_STORAGE_KEY, type Language, readStoredLanguage } from './languages';
import { formattingLocale } from './numbers';
import { provideCatalogueLoader, type ScreenCatalogueName } from './screen-catalogue';

export { i18n };

/**
 * Every catalogue of every language (lingui.config.ts), each loaded on first use: `messages`, the
 * shell's and the shared pieces', with every page; a screen catalogue with the screens that need it.
 */
const catalogues = import.meta.glob<{ messages: Messages }>('./locales/*/*.po');

function loadMessages(
  name: 'messages' | ScreenCatalogue,
  language: Language,
): Promise<{ messages: Messages }> {
  const load = catalogues[`./locales/${language}/${name}.po`];
  if (!load) return Promise.reject(new Error(`no ${language} catalogue ${name}`));
  return load();
}

export type ScreenCatalogue = ScreenCatalogueName;

/** The screen catalogues asked for so far: a change of language loads them in the new language too. */
const wanted = new Set<ScreenCatalogue>();
/** Screen catalogues fetched, by language (each is fetched once). */
const fetched: Record<Language, Map<ScreenCatalogue, Messages>> = { en: new Map(), ar: new Map() };
let current: Language | undefined;

async function screenMessages(name: ScreenCatalogue, language: Language): Promise<Messages> {
  const known = fetched[language].get(name);
  if (known) return known;
  const { messages } = await loadMessages(name, language);
  fetched[language].set(name, messages);
  return messages;
}

/** Loads and activates a language, and makes the document follow it (lang, dir). */
export async function activateLanguage(language: Language): Promise<void> {
  current = language;
  const [{ messages }] = await Promise.all([
    loadMessages('messages', language),
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
