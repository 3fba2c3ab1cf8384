import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '@/i18n/languages';
import { formatMoney } from '@/i18n/numbers';

const FREE = msg`Free`;

/** What a course costs a trainee, VAT included: 'Free', or riyals in the language's digits. */
export function priceText(halalas: number, language: Language, i18n: I18n): string {
  return halalas === 0 ? i18n._(FREE) : formatMoney(halalas, language);
}
