import { UPLOAD_EXTENSIONS } from '@contract/wire/learning';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Language } from '@/i18n/languages';
import { formattingLocale } from '@/i18n/numbers';

const KB = 1024;
const MB = KB * KB;

const sizeFormatters = new Map<Language, Intl.NumberFormat>();

/** A size in KB or MB: one decimal at most ("1.4", "25"), in the language's digits. */
function sizeNumber(value: number, language: Language): string {
  let formatter = sizeFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 1 });
    sizeFormatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** `value` to one decimal, as the size is shown. */
const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * A file's size as every screen shows it: bytes below 1 KB with the language's plural forms
 * ("1 byte", "593 bytes"; Arabic's six), then KB and MB (1024 bytes each) with one decimal where
 * it tells something ("1.5 KB", "25 MB"), in the language's digits. The messages are in the
 * signed-in screens' catalogue (lingui.config.ts), the only screens that show sizes.
 */
export function formatFileSize(bytes: number, i18n: I18n): string {
  const language: Language = i18n.locale === 'ar' ? 'ar' : 'en';
  const count = Number.isFinite(bytes) ? Math.max(0, Math.round(bytes)) : 0;
  if (count < KB) {
    return i18n._(msg({ message: plural(count, { one: '# byte', other: '# bytes' }) }));
  }
  // 1023.96 KB reads as 1 MB, not "1,024 KB".
  if (tenths(count / KB) < KB) {
    const size = sizeNumber(tenths(count / KB), language);
    return i18n._(msg`${size} KB`);
  }
  if (tenths(count / MB) < KB) {
    const size = sizeNumber(tenths(count / MB), language);
    return i18n._(msg`${size} MB`);
  }
  const size = sizeNumber(tenths(count / (MB * KB)), language);
  return i18n._(msg`${size} GB`);
}

/** A share (0 to 1) as a whole percentage in the language's digits. */
export function formatPercent(share: number, language: Language): string {
  return new Intl.NumberFormat(formattingLocale(language), {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(share);
}

/** The accepted upload extensions as the user reads them: "PDF, CSV, … and MOV". */
export function acceptedTypes(language: Language): string {
  return new Intl.ListFormat(formattingLocale(language), { type: 'conjunction' }).format(
    UPLOAD_EXTENSIONS.map((extension) => extension.toUpperCase()),
  );
}
