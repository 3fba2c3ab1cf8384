import type { Language } from './languages';

/**
 * One digit system per language, for every number the product shows in text: counts, weeks, page
 * numbers, dates and times. Arabic pages use Arabic-Indic digits (٠١٢٣٤٥٦٧٨٩), as Saudi Arabic
 * (`ar-SA`) writes them and as the dates always did; English pages use Western digits. The locale
 * names its numbering system (`-u-nu-…`) so the digits do not depend on the browser's locale data
 * (plain `ar` gives Western digits in some versions of ICU and Arabic-Indic in others).
 *
 * What the user types or copies stays as it is: e-mail addresses, codes, phone and id numbers are
 * shown isolated and left to right, not converted.
 */
const FORMATTING_LOCALE: Record<Language, string> = {
  en: 'en-GB-u-nu-latn',
  ar: 'ar-SA-u-nu-arab',
};

/** The locale of `Intl` formatters (numbers, dates, Lingui's `#` in plurals) for a language. */
export function formattingLocale(language: Language): string {
  return FORMATTING_LOCALE[language];
}

const formatters = new Map<Language, Intl.NumberFormat>();

/** A count, a week or a page number in the language's digits. */
export function formatNumber(value: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 2 });
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}

const moneyFormatters = new Map<Language, Intl.NumberFormat>();

/** An amount kept in halalas, in riyals with the currency, in the language's digits. */
export function formatMoney(halalas: number, language: Language): string {
  let formatter = moneyFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { style: 'currency', currency: 'SAR' });
    moneyFormatters.set(language, formatter);
  }
  return formatter.format(halalas / 100);
}
