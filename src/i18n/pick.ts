import type { Language } from './languages';

type WithArabic<K extends string> = { [P in K]: string } & { [P in `${K}_ar`]?: string | null };

/** Picks the Arabic variant of a bilingual record field (`title` / `title_ar`) when Arabic is active. */
export function pick<K extends string>(record: WithArabic<K>, field: K, language: Language): string {
  if (language === 'ar') {
    const arabic = (record as Record<string, string | null | undefined>)[`${field}_ar`];
    if (arabic?.trim()) return arabic;
  }
  return record[field];
}
