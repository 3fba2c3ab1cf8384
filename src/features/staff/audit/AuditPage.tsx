import { AUDIT_ACTIONS, type AuditEntry } from '@contract/wire/staff';
import { useLingui } from '@lingui/react/macro';
import { connectAuditLog } from '@machines/auditLog.connect';
import { auditLogMachine } from '@machines/auditLog.machine';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { getAuditExport, getAuditLog } from '@/api/staff';
import { ExportHeading } from '@/features/staff/ExportHeading';
import { ACTION_LABELS } from '@/features/staff/staff-text';
import { formatDateTime } from '@/i18n/dates';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { button } from '@/ui/button';
import { Form, TextField } from '@/ui/forms';
import { exportAuditSheet } from './export';
import '@/features/staff/known-messages';
import { PageButtons } from '@/features/staff/PageButtons';
import { StaffList } from '@/features/staff/StaffList';

/** What changed, as `name: value` pairs, for the before and after columns. */
function changes(values: Record<string, unknown> | null): string {
  if (!values) return '—';
  return Object.entries(values)
    .map(([name, value]) => `${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  return (
    <li className="flex flex-col gap-1.5 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">{i18n._(ACTION_LABELS[entry.action])}</span>
        <time dateTime={entry.at} className="text-slate-600">
          {formatDateTime(entry.at, language)}
        </time>
      </div>
      <p dir="auto" className="wrap-anywhere text-slate-800">
        {entry.subject.label}
      </p>
      <p className="text-slate-700">
        <bdi dir="auto">{entry.actor.full_name}</bdi> · <bdi className="ltr-whole">{entry.actor.email}</bdi>
        {entry.via === 'cli' && <span className="ms-1 rounded bg-slate-100 px-1.5 text-xs">CLI</span>}
      </p>
      {entry.reason && (
        <p dir="auto" className="wrap-anywhere text-slate-800">
          “{entry.reason}”
        </p>
      )}
      <p dir="ltr" className="wrap-anywhere font-mono text-xs text-slate-600">
        {changes(entry.before)} → {changes(entry.after)}
      </p>
    </li>
  );
}

/** The back office's audit log: every staff decision, filtered, a page at a time, and exported. */
export default function AuditPage(_: RouteView) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [machine] = useState(() =>
    auditLogMachine.provide({
      actors: {
        loadAudit: fromPromise(async ({ input }) => (await getAuditLog(api, input.filters, input.page)).data),
        exportAudit: fromPromise(async ({ input }) => (await getAuditExport(api, input.filters)).data),
      },
      actions: {
        saveSheet: (_, { data }) =>
          void exportAuditSheet(data.results, {
            rightToLeft: language === 'ar',
            title: t`Audit log`,
            labels: {
              at: t`When`,
              actor: t`Who`,
              email: t`Email`,
              action: t`Decision`,
              subject: t`About`,
              reason: t`Reason`,
              before: t`Before`,
              after: t`After`,
              via: t`Where`,
            },
            actionName: (action) => i18n._(ACTION_LABELS[action]),
            time: (at) => formatDateTime(at, language),
            changes,
          }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const view = connectAuditLog(snapshot);
  const entries = view.data?.results ?? null;
  const change = (name: 'action' | 'actor' | 'from' | 'to', value: string) =>
    send({ type: 'filter.change', name, value });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <ExportHeading
        title={t`Audit log`}
        exporting={view.exporting}
        exportError={view.exportError}
        onExport={() => send({ type: 'audit.export' })}
      />
      <Form
        onSubmit={() => send({ type: 'filters.apply' })}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-action" className="text-sm font-semibold text-slate-800">
            {t`Decision`}
          </label>
          <select
            id="audit-action"
            value={view.form.action}
            onChange={(event) => change('action', event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
          >
            <option value="">{t`All decisions`}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {i18n._(ACTION_LABELS[action])}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t`Who (name or e-mail)`}
          name="actor"
          value={view.form.actor}
          onChange={(event) => change('actor', event.target.value)}
        />
        <TextField
          label={t`From`}
          type="date"
          name="from"
          value={view.form.from}
          onChange={(event) => change('from', event.target.value)}
        />
        <TextField
          label={t`To`}
          type="date"
          name="to"
          value={view.form.to}
          error={view.formError}
          onChange={(event) => change('to', event.target.value)}
        />
        <div className="flex items-end gap-2">
          <button type="submit" className={button('primary', 'md')}>
            {t`Apply`}
          </button>
          <button
            type="button"
            onClick={() => send({ type: 'filters.clear' })}
            className={button('secondary', 'md')}
          >
            {t`Clear`}
          </button>
        </div>
      </Form>
      <StaffList
        items={entries}
        error={view.error}
        retry={() => send({ type: 'audit.retry' })}
        busy={view.busy}
        empty={t`No decision matches these filters.`}
        render={(entry) => <EntryRow key={entry.id} entry={entry} />}
      />
      <PageButtons
        page={view.page}
        pages={view.pages}
        onSelect={(page) => send({ type: 'page.select', page })}
      />
    </div>
  );
}
