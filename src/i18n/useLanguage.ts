import { useLingui } from '@lingui/react';
import { isLanguage, type Language } from './languages';

/** The active language, for picking the `_ar` fields of bilingual records. */
export function useLanguage(): Language {
  const { i18n } = useLingui();
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}
