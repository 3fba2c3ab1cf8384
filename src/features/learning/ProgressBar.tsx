import type { Progress } from '@contract/wire/learning';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';

/** "3 of 8 lectures read", in the page's digits, with the total's plural form. */
export function useProgressText(progress: Progress): string {
  const { i18n } = useLingui();
  const language = useLanguage();
  const read = formatNumber(progress.read, language);
  return i18n._(
    msg({
      message: plural(progress.total, {
        one: `${read} of # lecture read`,
        other: `${read} of # lectures read`,
      }),
    }),
  );
}

/** Lectures read of all: a bar that says its value to assistive technology, and the same in words. */
export function ProgressBar({ progress, className = '' }: { progress: Progress; className?: string }) {
  const { t } = useLingui();
  const text = useProgressText(progress);
  const share = progress.total > 0 ? Math.round((progress.read / progress.total) * 100) : 0;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div
        role="progressbar"
        aria-label={t`Course progress`}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.read}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm text-slate-600">{text}</p>
    </div>
  );
}
