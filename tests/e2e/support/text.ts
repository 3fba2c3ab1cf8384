import { type I18n, setupI18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Language } from '@/i18n/languages';
import { formatNumber, formattingLocale } from '@/i18n/numbers';
import { arabic, english } from '../../catalogues';

const catalogues = { en: english, ar: arabic } as const;

function translatorFor(language: Language): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({
    locale: language,
    locales: [formattingLocale(language)],
    messages: catalogues[language],
  });
  return i18n;
}

const translators: Record<Language, I18n> = { en: translatorFor('en'), ar: translatorFor('ar') };

/**
 * What the product shows for a message in a language, from the compiled catalogues: `message` is
 * the English source as written in the views (`Log In`, `Notifications, {unread} unread`), `values`
 * fill its placeholders. A changed translation changes the expectation with it; a message the
 * catalogue does not hold fails at once instead of matching nothing.
 */
export function text(message: string, language: Language, values?: Record<string, unknown>): string {
  const id = generateMessageId(message);
  if (!(id in catalogues[language])) {
    throw new Error(`The ${language} catalogue has no message "${message}"`);
  }
  return translators[language]._(id, values);
}

/** A number as the page in `language` writes it (Arabic-Indic digits in Arabic). */
export function numberText(value: number, language: Language): string {
  return formatNumber(value, language);
}

/** The whole number a text shows, in whichever digits: '١٢' and '12' are both 12. */
export function numberOf(text: string): number {
  const western = text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  return Number(western.replace(/[^\d]/g, ''));
}

/** A name that starts with the message (a button whose name goes on with a count, say). */
export function startingWith(message: string, language: Language): RegExp {
  return new RegExp(`^${escapeForPattern(text(message, language))}`);
}

/** A pattern matching any of the given texts literally. */
export function anyOf(...texts: string[]): RegExp {
  return new RegExp(texts.map(escapeForPattern).join('|'));
}

/** The whole message with any whole number (in any digits) in place of `placeholder`. */
export function withAnyNumber(message: string, language: Language, placeholder: string): RegExp {
  const marker = '\u0000';
  const [before = '', after = ''] = text(message, language, { [placeholder]: marker }).split(marker);
  return new RegExp(`^${escapeForPattern(before)}\\p{Nd}+${escapeForPattern(after)}$`, 'u');
}

function escapeForPattern(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
