import { type HistoryEntry, type HistoryStatus, transcriptFileName } from '@contract/wire/history';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { downloadTranscriptPdf, getTraineeHistory } from '@/api/history';
import { api } from '@/api/http';
import { DocumentDownload } from '@/features/learning/history/DocumentDownload';
import { EMPTY_TEXTS, STATUS_LABELS, STATUS_ORDER } from '@/features/learning/history/history-text';
import { StatusBadge } from '@/features/learning/history/StatusBadge';
import { CENTRE_TIME_ZONE, formatDateRange } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import '@/features/learning/known-messages';

type Filter = HistoryStatus | 'All';

/** The card's frame; the placeholder has the same one, so nothing moves when the list arrives. */
const CARD = 'flex min-h-32 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6';

function HistoryCard({ entry }: { entry: HistoryEntry }) {
  const { t } = useLingui();
  const language = useLanguage();
  const title = pick(entry, 'title', language);
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 dir="auto" className="text-lg font-semibold wrap-anywhere text-slate-900">
          {title}
        </h2>
        <StatusBadge status={entry.status} />
      </div>
      <p className="text-sm text-slate-700">{formatDateRange(entry.start_date, entry.end_date, language)}</p>
      {entry.pending_reason === 'withdrawal' && (
        <p className="text-sm font-semibold text-amber-900">{t`Withdrawal requested`}</p>
      )}
      {entry.pending_reason === 'cash' && (
        <p className="text-sm text-slate-700">{t`Waiting for your cash payment at the centre`}</p>
      )}
      {entry.completed !== null && (
        <p className={`text-sm font-semibold ${entry.completed ? 'text-emerald-800' : 'text-red-800'}`}>
          {entry.completed ? t`Completion rule met` : t`Completion rule not met`}
        </p>
      )}
      <Link
        href={paths.courseHistoryDetails(entry.course_id)}
        className="self-start font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
      >
        {t`View details`}
        <span className="sr-only">: {title}</span>
      </Link>
    </li>
  );
}

function StatusFilter({
  entries,
  filter,
  onChange,
}: {
  entries: readonly HistoryEntry[];
  filter: Filter;
  onChange: (filter: Filter) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const options: { value: Filter; label: string; count: number }[] = [
    { value: 'All', label: t`All`, count: entries.length },
    ...STATUS_ORDER.map((status) => ({
      value: status,
      label: i18n._(STATUS_LABELS[status]),
      count: entries.filter((entry) => entry.status === status).length,
    })),
  ];
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t`Filter by status`}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={filter === option.value}
          onClick={() => onChange(option.value)}
          className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-semibold ${
            filter === option.value
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700'
          }`}
        >
          {option.label}
          <span
            className={`rounded-full px-2 text-xs ${filter === option.value ? 'bg-white/20' : 'bg-slate-100'}`}
          >
            {formatNumber(option.count, language)}
          </span>
        </button>
      ))}
    </fieldset>
  );
}

function Transcript({ entries }: { entries: readonly HistoryEntry[] }) {
  const { t } = useLingui();
  const anyEnded = entries.some((entry) => entry.status === 'Completed');
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t`Transcript`}</h2>
      <p id="transcript-note" className="text-sm text-slate-700">
        {anyEnded
          ? t`Every course of yours that has ended, in English and Arabic, as a PDF.`
          : t`The transcript lists the courses that have ended. None of yours has ended yet.`}
      </p>
      <DocumentDownload
        label={t`Download transcript`}
        disabled={!anyEnded}
        describedBy="transcript-note"
        fetchFile={() => downloadTranscriptPdf(api)}
        fileName={() =>
          transcriptFileName(new Date().toLocaleDateString('en-CA', { timeZone: CENTRE_TIME_ZONE }))
        }
      />
    </div>
  );
}

function History({ entries }: { entries: readonly HistoryEntry[] }) {
  const { i18n } = useLingui();
  const [filter, setFilter] = useState<Filter>('All');
  const shown = filter === 'All' ? entries : entries.filter((entry) => entry.status === filter);
  return (
    <div className="flex flex-col gap-6">
      <Transcript entries={entries} />
      <StatusFilter entries={entries} filter={filter} onChange={setFilter} />
      {shown.length ? (
        <ul className="flex flex-col gap-4">
          {shown.map((entry) => (
            <HistoryCard key={entry.course_id} entry={entry} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {i18n._(EMPTY_TEXTS[filter])}
        </p>
      )}
    </div>
  );
}

/** /course-history: every course the trainee has had, by status, and the transcript. */
export default function CourseHistoryPage({ title }: RouteView) {
  const { i18n } = useLingui();
  const history = useResource(() => getTraineeHistory(api));
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <PageTitle className="mb-8">{i18n._(title)}</PageTitle>
      <ResourceView
        state={history}
        loading={
          <div className="flex flex-col gap-6">
            <Placeholder className="h-40 w-full" />
            <Placeholder className="h-11 w-full" />
            <ul className="flex flex-col gap-4">
              {['first', 'second', 'third'].map((slot) => (
                <li key={slot} className={CARD}>
                  <Placeholder className="h-7 w-2/3" />
                  <Placeholder className="h-5 w-1/2" />
                </li>
              ))}
            </ul>
          </div>
        }
      >
        {({ results }) => <History entries={results} />}
      </ResourceView>
    </section>
  );
}
