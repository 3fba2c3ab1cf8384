import type { StaffCertificate } from '@contract/wire/staff-certificates';
import { useLingui } from '@lingui/react/macro';
import { connectCertificateRevoke } from '@machines/certificateRevoke.connect';
import { certificateRevokeMachine } from '@machines/certificateRevoke.machine';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { getStaffCertificates, revokeStaffCertificate } from '@/api/staff-certificates';
import { translateMessage } from '@/i18n/api-messages';
import { formatDate, formatDateTime } from '@/i18n/dates';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, TextAreaField, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { PageTitle } from '@/ui/PageTitle';
import '@/features/staff/known-messages';
import { DialogActions } from '@/features/staff/DialogActions';
import { PageButtons } from '@/features/staff/PageButtons';
import { StaffList } from '@/features/staff/StaffList';

function CertificateRow({
  certificate,
  onRevoke,
}: {
  certificate: StaffCertificate;
  onRevoke: (certificate: StaffCertificate) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const title =
    language === 'ar' ? certificate.course.title_ar || certificate.course.title : certificate.course.title;
  const revoked = certificate.revoked_at !== null;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-mono font-semibold text-slate-900" dir="ltr">
          {certificate.code}
        </p>
        <p dir="auto" className="wrap-anywhere text-slate-800">
          {title}
        </p>
        <p className="text-slate-700">
          <bdi dir="auto">{certificate.holder.full_name}</bdi> ·{' '}
          <bdi className="ltr-whole">{certificate.holder.email}</bdi>
        </p>
        <p className="text-slate-600">{t`Issued ${formatDate(certificate.issued_at, language)}`}</p>
        {revoked && (
          <p dir="auto" className="wrap-anywhere text-slate-800">
            {t`Revoked ${formatDateTime(certificate.revoked_at ?? '', language)}: “${certificate.revoke_reason ?? ''}”`}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            revoked ? 'bg-red-100 text-red-800' : 'bg-emerald-100 text-emerald-800'
          }`}
        >
          {revoked ? t`Revoked` : t`Valid`}
        </span>
        {!revoked && (
          <button
            type="button"
            onClick={() => onRevoke(certificate)}
            className={button('dangerOutline', 'sm')}
          >
            {t`Revoke`}
            <span className="sr-only"> {certificate.code}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** The back office's certificates: find one by code or holder, and revoke it with a reason. */
export default function CertificatesPage(_: RouteView) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    certificateRevokeMachine.provide({
      actors: {
        loadCertificates: fromPromise(({ input }) => getStaffCertificates(api, input.q, input.page)),
        revoke: fromPromise(({ input }) => revokeStaffCertificate(api, input.code, input.reason)),
      },
      actions: {
        focusReason: () => focusFirstInvalid(form.current),
        announceRevoked: (_, { message }) => showToast(translateMessage(message, i18n)),
        announceGone: (_, { message }) => showToast(translateMessage(message, i18n)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const view = connectCertificateRevoke(snapshot, send);
  const pages = Math.max(1, Math.ceil(view.count / view.limit));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <PageTitle>{t`Certificates`}</PageTitle>
      <Form
        onSubmit={view.search}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
      >
        <div className="grow">
          <TextField
            label={t`Certificate code, or the holder's name or e-mail`}
            name="q"
            type="search"
            value={view.query}
            onChange={(event) => view.changeQuery(event.target.value)}
          />
        </div>
        <button type="submit" className={button('primary', 'md')}>
          {t`Search`}
        </button>
      </Form>
      <StaffList
        items={view.certificates}
        error={view.error}
        retry={view.retry}
        busy={view.busy}
        empty={t`No certificate matches this search.`}
        render={(certificate) => (
          <CertificateRow key={certificate.code} certificate={certificate} onRevoke={view.open} />
        )}
      />
      <PageButtons page={view.page} pages={pages} onSelect={view.selectPage} />
      {view.dialog && (
        <Modal title={t`Revoke the certificate`} onClose={view.cancel}>
          <Form ref={form} onSubmit={view.submit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-1 text-slate-800">
              <p>
                <bdi dir="ltr" className="font-mono">
                  {view.dialog.certificate.code}
                </bdi>
              </p>
              <p dir="auto">{view.dialog.certificate.holder.full_name}</p>
            </div>
            <p className="text-sm text-slate-700">
              {t`Its public check will say it is revoked, with the reason. The holder is told.`}
            </p>
            <AlertBox message={view.dialog.alert} />
            <TextAreaField
              label={t`Reason (the holder is told)`}
              name="reason"
              data-autofocus
              rows={4}
              value={view.dialog.reason}
              error={view.dialog.reasonError}
              onChange={(event) => view.changeReason(event.target.value)}
            />
            <DialogActions
              submit={t`Revoke the certificate`}
              busy={view.dialog.sending}
              onBack={view.cancel}
            />
          </Form>
        </Modal>
      )}
    </div>
  );
}
