import type { Language } from '@/i18n/languages';
import { formattingLocale } from '@/i18n/numbers';

/** A file's size in the language's digits and units: "820 kB", "1.4 MB". */
export function formatFileSize(bytes: number, language: Language): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1000
        ? [bytes / 1000, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(formattingLocale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
