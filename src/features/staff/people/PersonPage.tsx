import type { Person } from '@contract/wire/people';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { connectPersonAccount, type PersonAccountView } from '@machines/personAccount.connect';
import { personAccountMachine } from '@machines/personAccount.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { getPerson, setAccountDisabled } from '@/api/people';
import { translateMessage } from '@/i18n/api-messages';
import { formatDate, formatDateTime } from '@/i18n/dates';
import { formatMoney } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, TextAreaField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import '@/features/staff/known-messages';
import { DialogActions } from '@/features/staff/DialogActions';
import { METHOD_LABELS } from '@/features/staff/staff-text';
import { ENROLMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, REFUND_LABELS, ROLE_LABELS } from './people-text';

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {empty === null ? children : <p className="text-sm text-slate-700">{empty}</p>}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function Details({ person, account }: { person: Person; account: PersonAccountView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const labelOf = (labels: Record<string, MessageDescriptor>, value: string) => {
    const label = labels[value];
    return label ? i18n._(label) : value;
  };
  const courseTitle = (course: { title: string; title_ar: string }) =>
    language === 'ar' && course.title_ar ? course.title_ar : course.title;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle dir="auto">{person.full_name}</PageTitle>
        <button
          type="button"
          onClick={account.ask}
          className={button(account.action === 'disable' ? 'dangerOutline' : 'primary', 'md')}
        >
          {account.action === 'disable' ? t`Disable the account` : t`Enable the account`}
        </button>
      </div>
      {person.disabled && (
        <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {t`Disabled on ${formatDateTime(person.disabled.at, language)}.`}{' '}
          <span dir="auto" className="wrap-anywhere">
            “{person.disabled.reason}”
          </span>
        </p>
      )}
      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <Fact label={t`Role`}>{i18n._(ROLE_LABELS[person.role])}</Fact>
        <Fact label={t`Email`}>
          <bdi className="ltr-whole wrap-anywhere">{person.email}</bdi>
        </Fact>
        <Fact label={t`Phone number`}>
          {person.phone_number ? <bdi className="ltr-whole">{person.phone_number}</bdi> : '—'}
        </Fact>
        <Fact label={t`Id number`}>
          {person.govt_id_or_iqama_no ? <bdi className="ltr-whole">{person.govt_id_or_iqama_no}</bdi> : '—'}
        </Fact>
        <Fact label={t`Joined`}>{formatDate(person.created_at, language)}</Fact>
        <Fact label={t`Account number`}>
          <bdi className="ltr-whole">{person.id}</bdi>
        </Fact>
      </dl>
      <Section title={t`Enrolments`} empty={person.enrolments.length ? null : t`No enrolment.`}>
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {person.enrolments.map((enrolment) => (
            <li key={enrolment.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span dir="auto">{courseTitle(enrolment.course)}</span>
              <span className="text-slate-700">
                {labelOf(ENROLMENT_STATUS_LABELS, enrolment.status)} ·{' '}
                {formatDate(enrolment.created_at, language)}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t`Payments`} empty={person.payments.length ? null : t`No payment.`}>
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {person.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span dir="auto">{courseTitle(payment.course)}</span>
              <span className="text-slate-700">
                {i18n._(METHOD_LABELS[payment.method])} · {labelOf(PAYMENT_STATUS_LABELS, payment.status)}
                {payment.refund_status && ` · ${i18n._(REFUND_LABELS[payment.refund_status])}`} ·{' '}
                <strong>{formatMoney(payment.total, language)}</strong> ·{' '}
                {formatDate(payment.created_at, language)}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t`Certificates`} empty={person.certificates.length ? null : t`No certificate.`}>
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {person.certificates.map((certificate) => (
            <li key={certificate.code} className="flex flex-wrap justify-between gap-2 py-2">
              <span dir="auto">{courseTitle(certificate.course)}</span>
              <span className="text-slate-700">
                <bdi className="ltr-whole font-mono">{certificate.code}</bdi> ·{' '}
                {formatDate(certificate.issued_at, language)}
                {certificate.revoked_at && (
                  <span className="ms-1 rounded bg-red-100 px-1.5 text-xs text-red-900">{t`Revoked`}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t`Recent sign-ins`} empty={person.sign_ins.length ? null : t`No sign-in yet.`}>
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {person.sign_ins.map((signIn, index) => (
            // Sign-ins have no id of their own; the list is read whole.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced, never reordered
            <li key={index} className="flex flex-col gap-0.5 py-2">
              <time dateTime={signIn.at} className="text-slate-900">
                {formatDateTime(signIn.at, language)}
              </time>
              <span dir="ltr" className="wrap-anywhere text-slate-700 rtl:text-end">
                {signIn.ip ?? '—'} · {signIn.user_agent ?? '—'}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function PersonDetails({
  id,
  account,
  onRead,
}: {
  id: number;
  account: PersonAccountView;
  onRead: (disabled: boolean) => void;
}) {
  const state = useResource(() => getPerson(api, id));
  const disabled = state.status === 'ready' ? state.data.disabled !== null : null;
  const read = useRef(onRead);
  read.current = onRead;
  useEffect(() => {
    if (disabled !== null) read.current(disabled);
  }, [disabled]);
  return (
    <ResourceView
      state={state}
      loading={
        <div className="flex flex-col gap-4">
          <Placeholder className="h-9 w-64" />
          <Placeholder className="h-28 w-full" />
          <Placeholder className="h-24 w-full" />
        </div>
      }
    >
      {(person) => <Details person={person} account={account} />}
    </ResourceView>
  );
}

function AccountDialog({
  account,
  form,
}: {
  account: PersonAccountView;
  form: RefObject<HTMLFormElement | null>;
}) {
  const { t } = useLingui();
  if (!account.open) return null;
  const disabling = account.action === 'disable';
  return (
    <Modal
      title={disabling ? t`Disable the account` : t`Enable the account`}
      onClose={account.busy ? undefined : account.cancel}
    >
      {account.refused ? (
        <div className="flex flex-col gap-4">
          <AlertBox message={account.alert} />
          <button type="button" onClick={account.cancel} className={button('secondary', 'block')}>
            {t`Close`}
          </button>
        </div>
      ) : (
        <Form ref={form} onSubmit={account.confirm} className="flex flex-col gap-4">
          <p className="text-slate-800">
            {disabling
              ? t`The person is signed out everywhere at once and cannot sign in until the account is enabled again.`
              : t`The person can sign in again.`}
          </p>
          <AlertBox message={account.alert} />
          {disabling && (
            <TextAreaField
              label={t`Reason (kept in the audit log)`}
              name="reason"
              data-autofocus
              rows={3}
              value={account.reason}
              error={account.reasonError}
              onChange={(event) => account.changeReason(event.target.value)}
            />
          )}
          <DialogActions
            submit={disabling ? t`Disable` : t`Enable`}
            busy={account.busy}
            onBack={account.cancel}
            back={t`Cancel`}
          />
        </Form>
      )}
    </Modal>
  );
}

/** A person's page: the account, enrolments, payments, certificates, sign-ins; disable or enable. */
export default function PersonPage(_: RouteView) {
  const { t, i18n } = useLingui();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const [version, setVersion] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    personAccountMachine.provide({
      actors: {
        changeAccount: fromPromise(({ input }) => setAccountDisabled(api, input.personId, input.change)),
      },
      actions: {
        focusReason: () => focusFirstInvalid(form.current),
        announceChanged: (_, { message }) => showToast(translateMessage(message, i18n)),
        reloadPerson: () => setVersion((value) => value + 1),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { personId: id, disabled: false, fallback: 'Something went wrong' },
  });
  const account = connectPersonAccount(snapshot, send);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <Link href={paths.staffPeople()} className="self-start text-brand-800 underline">
        {t`All people`}
      </Link>
      <PersonDetails
        key={version}
        id={id}
        account={account}
        onRead={(disabled) => send({ type: 'account.sync', disabled })}
      />
      <AccountDialog account={account} form={form} />
    </div>
  );
}
