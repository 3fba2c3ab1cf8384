import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { changeLanguage } from '@/i18n';
import { isLanguage, LANGUAGES, type Language } from '@/i18n/languages';
import { GlobeIcon } from '@/ui/icons';

/** Header control: one button that switches to the other language. */
export function LanguageToggle() {
  const { i18n } = useLingui();
  const other = LANGUAGES.find((language) => language.code !== i18n.locale) ?? LANGUAGES[0];
  if (!other) return null;
  return (
    <button
      type="button"
      lang={other.code}
      onClick={() => void changeLanguage(other.code)}
      className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-brand-50 hover:text-brand-800"
    >
      <GlobeIcon className="size-5" />
      {other.name}
    </button>
  );
}

/** Side-menu control: a labelled select of every language. */
export function LanguageSelect() {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          const value = event.target.value;
          if (isLanguage(value)) void changeLanguage(value satisfies Language);
        }}
        className="flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
