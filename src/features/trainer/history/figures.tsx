import type { CompletionRule, HistoryStatus } from '@contract/wire/records';
import { useLingui } from '@lingui/react/macro';
import type { Language } from '@/i18n/languages';
import { formatNumber, formattingLocale } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';

const percentFormatters = new Map<Language, Intl.NumberFormat>();

/** A rate in per cent (75.5 → '75.5%', '٧٥٫٥٪'), in the language's digits. */
export function formatPercent(value: number, language: Language): string {
  let formatter = percentFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), {
      style: 'percent',
      maximumFractionDigits: 1,
    });
    percentFormatters.set(language, formatter);
  }
  return formatter.format(value / 100);
}

/** The rule as one sentence. */
export function RuleSentence({ rule }: { rule: CompletionRule }) {
  const { t } = useLingui();
  const language = useLanguage();
  const attendance = formatPercent(rule.min_attendance, language);
  const grade = formatNumber(rule.min_grade, language);
  const ten = formatNumber(10, language);
  return (
    <div className="flex flex-col gap-1 text-slate-700">
      <p data-rule={`${rule.min_attendance}/${rule.min_grade}`}>
        {t`A trainee completes this course with an attendance of at least ${attendance} and an average grade of at least ${grade} out of ${ten}.`}
      </p>
      <p className="text-sm text-slate-600">
        {t`Assignments and quizzes not done count as 0; a session with no attendance mark counts as Absent.`}
      </p>
    </div>
  );
}

const COLOURS: Record<HistoryStatus, string> = {
  Completed: 'bg-emerald-100 text-emerald-900',
  Rejected: 'bg-red-100 text-red-900',
  Deleted: 'bg-slate-200 text-slate-800',
};

const BADGE = 'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold';

/** A past course's status: Completed, Rejected or Deleted. */
export function HistoryStatusBadge({ status }: { status: HistoryStatus }) {
  const { t } = useLingui();
  const label = status === 'Completed' ? t`Completed` : status === 'Rejected' ? t`Rejected` : t`Deleted`;
  return (
    <span data-status={status} className={`${BADGE} ${COLOURS[status]}`}>
      {label}
    </span>
  );
}

/** 'Closed early' next to the status of a course its trainer closed before its end date. */
export function ClosedBadge() {
  const { t } = useLingui();
  return <span className={`${BADGE} bg-amber-100 text-amber-900`}>{t`Closed early`}</span>;
}
