import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { pagerItems } from './pages';

/** Page links: previous, the first, the last, the current page and its neighbours, next. */
export function Pager({
  page,
  total,
  href,
}: {
  page: number;
  total: number;
  /** The address of a page. */
  href: (page: number) => string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  if (total <= 1) return null;
  const step = 'rounded-lg border border-slate-300 px-3 py-2 font-semibold hover:bg-brand-50';
  const off = 'rounded-lg border border-slate-200 px-3 py-2 font-semibold text-slate-500';
  return (
    <nav aria-label={t`Pages`} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link href={href(page - 1)} className={step} rel="prev">
          {t`Previous`}
        </Link>
      ) : (
        <span className={off}>{t`Previous`}</span>
      )}
      <ol className="flex flex-wrap items-center gap-2">
        {pagerItems(page, total).map((item, index) =>
          item === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                href={href(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t`Page ${formatNumber(item, language)}`}
                className={`block min-w-10 rounded-lg border px-3 py-2 text-center font-semibold ${
                  item === page
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 hover:bg-brand-50'
                }`}
              >
                {formatNumber(item, language)}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < total ? (
        <Link href={href(page + 1)} className={step} rel="next">
          {t`Next`}
        </Link>
      ) : (
        <span className={off}>{t`Next`}</span>
      )}
    </nav>
  );
}
