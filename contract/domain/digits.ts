/**
 * Digits as people type them. An Arabic keyboard types Arabic-Indic digits (٠١٢٣٤٥٦٧٨٩), a Persian
 * or Urdu one Extended Arabic-Indic digits (۰۱۲۳۴۵۶۷۸۹); both mean the same numbers as 0–9. Every
 * field where a number is typed reads it through `toLatinDigits`, in the web app and on the server,
 * so what is checked, sent and stored is written with 0–9.
 */

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** The text with every Arabic-Indic and Extended Arabic-Indic digit written as 0–9; the rest as is. */
export function toLatinDigits(value: string): string {
  return value.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** The text with every digit 0–9 written as an Arabic-Indic digit (for Arabic text the server writes). */
export function toArabicIndicDigits(value: string): string {
  return value.replace(/[0-9]/g, (digit) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(digit)));
}
