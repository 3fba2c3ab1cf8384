import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';

/** Previous and Next of a list read a page at a time, with where it stands; nothing for one page. */
export function PageButtons({
  page,
  pages,
  onSelect,
}: {
  page: number;
  pages: number;
  onSelect: (page: number) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t`Pages`} className="flex items-center justify-center gap-3">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onSelect(page - 1)}
        className={button('secondary', 'sm')}
      >
        {t`Previous`}
      </button>
      <span className="text-sm text-slate-700">
        {t`Page ${formatNumber(page, language)} of ${formatNumber(pages, language)}`}
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onSelect(page + 1)}
        className={button('secondary', 'sm')}
      >
        {t`Next`}
      </button>
    </nav>
  );
}
