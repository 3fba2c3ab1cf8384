import type { IssueStatus } from '@contract/wire/issues';
import type { StaffIssue } from '@contract/wire/staff-issues';
import { useLingui } from '@lingui/react/macro';
import { connectStaffIssues } from '@machines/staffIssues.connect';
import { staffIssuesMachine } from '@machines/staffIssues.machine';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { getStaffIssues, resolveStaffIssue } from '@/api/staff-issues';
import { translateMessage } from '@/i18n/api-messages';
import { formatDateTime } from '@/i18n/dates';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, TextAreaField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { PageTitle } from '@/ui/PageTitle';
import '@/features/staff/known-messages';
import { DialogActions } from '@/features/staff/DialogActions';
import { PageButtons } from '@/features/staff/PageButtons';
import { StaffList } from '@/features/staff/StaffList';

function IssueRow({ issue, onResolve }: { issue: StaffIssue; onResolve: (issue: StaffIssue) => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const resolved = issue.status === 'Resolved';
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p dir="auto" className="font-semibold wrap-anywhere text-slate-900">
          {issue.subject}
        </p>
        <p className="text-slate-700">
          <bdi dir="auto">{issue.name}</bdi> · <bdi className="ltr-whole">{issue.email}</bdi>
        </p>
        <p className="text-slate-600">{formatDateTime(issue.created_at, language)}</p>
        <p dir="auto" className="wrap-anywhere whitespace-pre-line text-slate-800">
          {issue.description}
        </p>
        {resolved && (
          <p dir="auto" className="wrap-anywhere whitespace-pre-line text-slate-800">
            {t`Reply by ${issue.resolved_by ?? '—'}, ${formatDateTime(issue.resolved_at ?? '', language)}: “${issue.reply ?? ''}”`}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            resolved ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {resolved ? t`Resolved` : t`Pending`}
        </span>
        {!resolved && (
          <button type="button" onClick={() => onResolve(issue)} className={button('outline', 'sm')}>
            {t`Reply and resolve`}
            <span className="sr-only"> {issue.subject}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** The back office's issue reports: those waiting first, each resolved with a reply its reporter reads. */
export default function IssuesPage(_: RouteView) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    staffIssuesMachine.provide({
      actors: {
        loadIssues: fromPromise(({ input }) => getStaffIssues(api, input.status, input.page)),
        resolve: fromPromise(({ input }) => resolveStaffIssue(api, input.id, input.reply)),
      },
      actions: {
        focusReply: () => focusFirstInvalid(form.current),
        announceResolved: (_, { message }) => showToast(translateMessage(message, i18n)),
        announceGone: (_, { message }) => showToast(translateMessage(message, i18n)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const view = connectStaffIssues(snapshot, send);
  const pages = Math.max(1, Math.ceil(view.count / view.limit));
  const statuses: [IssueStatus | null, string][] = [
    ['Pending', t`Pending`],
    ['Resolved', t`Resolved`],
    [null, t`All`],
  ];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <PageTitle>{t`Issue reports`}</PageTitle>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t`Status`}</legend>
        {statuses.map(([status, label]) => (
          <button
            key={label}
            type="button"
            aria-pressed={view.status === status}
            onClick={() => view.selectStatus(status)}
            className={button(view.status === status ? 'primary' : 'secondary', 'sm')}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <StaffList
        items={view.issues}
        error={view.error}
        retry={view.retry}
        busy={view.busy}
        empty={t`No issue report here.`}
        render={(issue) => <IssueRow key={issue.id} issue={issue} onResolve={view.open} />}
      />
      <PageButtons page={view.page} pages={pages} onSelect={view.selectPage} />
      {view.dialog && (
        <Modal title={t`Reply and resolve`} onClose={view.cancel} wide>
          <Form ref={form} onSubmit={view.submit} className="flex flex-col gap-4">
            <p dir="auto" className="font-semibold text-slate-900">
              {view.dialog.issue.subject}
            </p>
            <p className="text-sm text-slate-700">
              {t`The reporter reads the reply in their reported issues, and is told.`}
            </p>
            <AlertBox message={view.dialog.alert} />
            <TextAreaField
              label={t`Reply (the reporter reads it)`}
              name="reply"
              data-autofocus
              rows={5}
              value={view.dialog.reply}
              error={view.dialog.replyError}
              onChange={(event) => view.changeReply(event.target.value)}
            />
            <DialogActions submit={t`Resolve`} busy={view.dialog.sending} onBack={view.cancel} />
          </Form>
        </Modal>
      )}
    </div>
  );
}
