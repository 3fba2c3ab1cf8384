import { UPLOAD_EXTENSIONS } from '@contract/wire/learning';
import type { Language } from '@/i18n/languages';
import { formattingLocale } from '@/i18n/numbers';

const KB = 1024;
const MB = 1024 * 1024;

/** A file's size in kilobytes or megabytes, in the language's digits and unit names. */
export function formatFileSize(bytes: number, language: Language): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'megabyte'] : [Math.max(bytes / KB, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(formattingLocale(language), {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value);
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
