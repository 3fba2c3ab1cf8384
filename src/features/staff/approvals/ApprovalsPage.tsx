import { QUEUE_KINDS, type QueueItem, type QueueKind, queueKindSchema } from '@contract/wire/staff';
import { useLingui } from '@lingui/react/macro';
import { connectStaffQueue } from '@machines/staffQueue.connect';
import { staffQueueMachine } from '@machines/staffQueue.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { getQueue } from '@/api/staff';
import { KIND_BADGES, KIND_COLOURS, KIND_LABELS } from '@/features/staff/staff-text';
import { formatDateTime } from '@/i18n/dates';
import { formatMoney, formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { useLiveNotices } from '@/stores/live-notices';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { DecisionDialog } from './DecisionDialog';
import '@/features/staff/known-messages';
import { priceText } from '@/entities/course/price';
import { PageButtons } from '@/features/staff/PageButtons';

/** The card's frame; the placeholders have the same one, so nothing moves when the list arrives. */
const CARD = 'flex min-h-32 flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5';

/** The kind the address names (`?kind=trainer`), if any. */
function kindOfAddress(): QueueKind | null {
  const parsed = queueKindSchema.safeParse(new URLSearchParams(window.location.search).get('kind'));
  return parsed.success ? parsed.data : null;
}

function KindFilter({
  kind,
  counts,
  onChange,
}: {
  kind: QueueKind | null;
  counts: Record<QueueKind | 'total', number> | null;
  onChange: (kind: QueueKind | null) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const options: { value: QueueKind | null; label: string; count: number | undefined }[] = [
    { value: null, label: t`All`, count: counts?.total },
    ...QUEUE_KINDS.map((value) => ({ value, label: i18n._(KIND_LABELS[value]), count: counts?.[value] })),
  ];
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t`Show`}</legend>
      {options.map((option) => {
        const active = option.value === kind;
        return (
          <button
            key={option.value ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${
              active
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            {option.label}
            <span
              className={`min-w-5 rounded-full px-1.5 text-center text-xs ${active ? 'bg-white/20' : 'bg-slate-100'}`}
            >
              {option.count === undefined ? '…' : formatNumber(option.count, language)}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

function ItemCard({ item, onOpen }: { item: QueueItem; onOpen: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const title = language === 'ar' && item.title_ar ? item.title_ar : item.title;
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${KIND_COLOURS[item.kind]}`}>
          {i18n._(KIND_BADGES[item.kind])}
        </span>
        <time dateTime={item.at} className="text-sm text-slate-600">
          {formatDateTime(item.at, language)}
        </time>
      </div>
      <h2 dir="auto" className="text-lg font-semibold wrap-anywhere text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-700">
        <bdi dir="auto">{item.person.full_name}</bdi> ·{' '}
        <bdi className="ltr-whole wrap-anywhere">{item.person.email}</bdi>
      </p>
      {item.amount !== null && (
        <p className="text-sm text-slate-700">
          {item.kind === 'cash' ? t`Amount to take` : t`Price`}:{' '}
          {item.kind === 'cash' ? formatMoney(item.amount, language) : priceText(item.amount, language, i18n)}
        </p>
      )}
      <button type="button" onClick={onOpen} className={`${button('outline', 'sm')} mt-auto self-start`}>
        {t`Review`}
        <span className="sr-only">: {title}</span>
      </button>
    </li>
  );
}

/** The back office's approvals queue: what waits for a decision, newest first, decided in a dialog. */
export default function ApprovalsPage(_: RouteView) {
  const { t } = useLingui();
  const [machine] = useState(() =>
    staffQueueMachine.provide({
      actors: {
        loadQueue: fromPromise(async ({ input }) => (await getQueue(api, input.kind, input.page)).data),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { kind: kindOfAddress() } });
  const view = connectStaffQueue(snapshot);
  const [open, setOpen] = useState<QueueItem | null>(null);
  // Something new waits (every member of staff is notified of it), or a decision was made.
  useLiveNotices(useCallback(() => send({ type: 'queue.changed' }), [send]));

  const selectKind = (kind: QueueKind | null) => {
    const url = new URL(window.location.href);
    if (kind) url.searchParams.set('kind', kind);
    else url.searchParams.delete('kind');
    window.history.replaceState(window.history.state, '', url);
    send({ type: 'kind.select', kind });
  };
  const items = view.data?.items.results ?? null;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <PageTitle>{t`Approvals`}</PageTitle>
      <KindFilter kind={view.kind} counts={view.data?.counts ?? null} onChange={selectKind} />
      {view.error !== null && (
        <Failure
          error={view.error}
          retry={() => send({ type: 'queue.retry' })}
          className="rounded-xl bg-red-50 p-4 text-red-800"
        />
      )}
      <div aria-busy={view.busy} aria-live="polite">
        {items === null ? (
          view.error === null && (
            <ul className="grid gap-4 sm:grid-cols-2">
              {['a', 'b', 'c'].map((slot) => (
                <li key={slot} className={CARD}>
                  <Placeholder className="h-5 w-24" />
                  <Placeholder className="h-6 w-3/4" />
                  <Placeholder className="h-4 w-1/2" />
                </li>
              ))}
            </ul>
          )
        ) : items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {t`Nothing waits for a decision.`}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {items.map((item) => (
              <ItemCard key={`${item.kind}:${item.id}`} item={item} onOpen={() => setOpen(item)} />
            ))}
          </ul>
        )}
      </div>
      <PageButtons
        page={view.page}
        pages={view.pages}
        onSelect={(page) => send({ type: 'page.select', page })}
      />
      {open && (
        <DecisionDialog
          key={`${open.kind}:${open.id}`}
          item={open}
          onClose={() => setOpen(null)}
          onDecided={() => send({ type: 'queue.changed' })}
        />
      )}
    </div>
  );
}
