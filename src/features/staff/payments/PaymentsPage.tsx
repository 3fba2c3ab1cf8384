import { receiptCode } from '@contract/domain/money';
import {
  type PaymentMonth,
  STAFF_PAYMENT_STATUSES,
  type StaffPayment,
  type StaffPaymentStatusFilter,
} from '@contract/wire/staff-payments';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { downloadMachine } from '@machines/download.machine';
import { canRefund, connectRefund } from '@machines/refund.connect';
import { refundMachine } from '@machines/refund.machine';
import { connectStaffPayments } from '@machines/staffPayments.connect';
import { staffPaymentsMachine } from '@machines/staffPayments.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import {
  downloadStaffReceiptPdf,
  getStaffPayments,
  getStaffPaymentsExport,
  refundStaffPayment,
} from '@/api/staff-payments';
import { PAYMENT_STATUS_LABELS } from '@/entities/payment/labels';
import { ExportHeading } from '@/features/staff/ExportHeading';
import { translateMessage } from '@/i18n/api-messages';
import { formatDateTime } from '@/i18n/dates';
import { formatMoney, formatNumber, formattingLocale } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { AlertBox, Form, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { saveFile } from '@/ui/save-file';
import '@/features/staff/known-messages';
import { PageButtons } from '@/features/staff/PageButtons';
import { PlaceholderCards } from '@/features/staff/StaffList';
import { METHOD_LABELS } from '@/features/staff/staff-text';
import { exportPaymentsSheet } from './export';

/** Each status of the filter; `refunded` is the money paid back, whatever the status. */
const STATUS_LABELS: Record<StaffPaymentStatusFilter, MessageDescriptor> = {
  ...PAYMENT_STATUS_LABELS,
  refunded: msg`Refunded`,
};

const REFUND_LABELS = { due: msg`Refund due`, refunded: msg`Refunded` } as const;

/** 'YYYY-MM' as the month's name and year in the language. */
function monthName(month: string, language: 'en' | 'ar'): string {
  return new Intl.DateTimeFormat(formattingLocale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

const selectClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900';

function MonthTotals({ months }: { months: readonly PaymentMonth[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  if (months.length === 0) return null;
  return (
    <section aria-labelledby="payment-months" className="flex flex-col gap-3">
      <h2 id="payment-months" className="text-lg font-bold text-slate-900">
        {t`Totals by month (paid)`}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {months.map((month) => (
          <li key={month.month} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <p className="font-semibold text-slate-900">{monthName(month.month, language)}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
              <dt className="text-slate-700">{t`Payments`}</dt>
              <dd className="text-end">{formatNumber(month.count, language)}</dd>
              <dt className="text-slate-700">{t`Before VAT`}</dt>
              <dd className="text-end">{formatMoney(month.subtotal, language)}</dd>
              <dt className="text-slate-700">{t`VAT`}</dt>
              <dd className="text-end">{formatMoney(month.vat, language)}</dd>
              <dt className="font-semibold text-slate-900">{t`Total`}</dt>
              <dd className="text-end font-semibold text-slate-900">{formatMoney(month.total, language)}</dd>
              <dt className="text-slate-700">{t`Refunded`}</dt>
              <dd className="text-end">{formatMoney(month.refunded, language)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The receipt as a PDF (download machine); says so when the server cannot print now. */
function ReceiptButton({ payment }: { payment: StaffPayment }) {
  const { t } = useLingui();
  const number = payment.receipt_number ?? 0;
  const [machine] = useState(() =>
    downloadMachine.provide({
      actors: { fetchFile: fromPromise(() => downloadStaffReceiptPdf(api, payment.id)) },
      actions: { saveFile: (_, { file }) => saveFile(file, `receipt-${receiptCode(number)}.pdf`) },
    }),
  );
  const [state, send] = useMachine(machine);
  const busy = state.matches('downloading');
  return (
    <span className="flex flex-col gap-1">
      <button
        type="button"
        disabled={busy}
        onClick={() => send({ type: 'download' })}
        className={button('secondary', 'sm')}
      >
        {busy ? t`Preparing the PDF…` : t`Receipt`}
      </button>
      {state.matches('unavailable') && (
        <span role="status" className="text-xs text-amber-900">{t`The document cannot be printed now.`}</span>
      )}
      <AlertBox message={state.context.alert} />
    </span>
  );
}

/** One fact of a payment: named on a phone's card; at 1366 px the header row names the column. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 lg:block">
      <span className="text-slate-600 lg:hidden">{label}</span>
      <span className="min-w-0 wrap-anywhere text-slate-900">{children}</span>
    </div>
  );
}

/** The columns of a row at 1366 px: a card on a phone. */
const ROW =
  'grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm lg:grid-cols-7 lg:items-start';

function PaymentRow({
  payment,
  onCourse,
  onRefund,
}: {
  payment: StaffPayment;
  onCourse: (course: number) => void;
  onRefund: (payment: StaffPayment) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const title = language === 'ar' ? payment.course.title_ar : payment.course.title;
  return (
    <li data-payment={payment.id} className={ROW}>
      <Cell label={t`Date`}>
        <time dateTime={payment.paid_at ?? payment.created_at}>
          {formatDateTime(payment.paid_at ?? payment.created_at, language)}
        </time>
        {payment.receipt_number !== null && (
          <span className="ltr-whole block text-slate-600">{receiptCode(payment.receipt_number)}</span>
        )}
      </Cell>
      <Cell label={t`Trainee`}>
        <bdi dir="auto" className="block font-semibold">
          {payment.trainee.full_name}
        </bdi>
        <bdi className="ltr-whole block text-slate-600">{payment.trainee.email}</bdi>
      </Cell>
      <Cell label={t`Course`}>
        <button
          type="button"
          onClick={() => onCourse(payment.course.id)}
          className="text-start font-semibold text-brand-700 underline-offset-2 hover:underline"
          title={t`Show only this course’s payments`}
        >
          <bdi dir="auto">{title}</bdi>
        </button>
        <span className="block text-slate-600">#{formatNumber(payment.course.id, language)}</span>
      </Cell>
      <Cell label={t`Method`}>{i18n._(METHOD_LABELS[payment.method])}</Cell>
      <Cell label={t`Status`}>
        {i18n._(PAYMENT_STATUS_LABELS[payment.status])}
        {payment.refund_status && (
          <span className="block font-semibold text-amber-900">
            {i18n._(REFUND_LABELS[payment.refund_status])}
          </span>
        )}
      </Cell>
      <Cell label={t`Total`}>
        <span className="block font-semibold">{formatMoney(payment.total, language)}</span>
        <span className="block text-xs text-slate-600">
          {t`VAT`} {formatMoney(payment.vat, language)}
        </span>
      </Cell>
      <div className="flex flex-wrap gap-2">
        {payment.receipt_number !== null && <ReceiptButton payment={payment} />}
        {canRefund(payment) && (
          <button type="button" onClick={() => onRefund(payment)} className={button('dangerOutline', 'sm')}>
            {t`Refund`}
          </button>
        )}
      </div>
    </li>
  );
}

/** The staff's payments: every trainee's payment, filtered, with month totals, refunds and receipts. */
export default function PaymentsPage(_: RouteView) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [machine] = useState(() =>
    staffPaymentsMachine.provide({
      actors: {
        loadPayments: fromPromise(
          async ({ input }) => (await getStaffPayments(api, input.filters, input.page)).data,
        ),
        exportPayments: fromPromise(
          async ({ input }) => (await getStaffPaymentsExport(api, input.filters)).data,
        ),
      },
      actions: {
        saveSheet: (_, { data }) =>
          void exportPaymentsSheet(data.results, data.months, {
            rightToLeft: language === 'ar',
            title: t`Payments`,
            labels: {
              date: t`Date`,
              receipt: t`Receipt`,
              trainee: t`Trainee`,
              email: t`Email`,
              course: t`Course`,
              method: t`Method`,
              status: t`Status`,
              subtotal: t`Before VAT (SAR)`,
              vat: t`VAT (SAR)`,
              total: t`Total (SAR)`,
              refund: t`Refund`,
              month: t`Month`,
              count: t`Payments`,
              refunded: t`Refunded (SAR)`,
              months: t`Totals by month`,
            },
            courseTitle: (payment) => (language === 'ar' ? payment.course.title_ar : payment.course.title),
            methodName: (payment) => i18n._(METHOD_LABELS[payment.method]),
            statusName: (payment) => i18n._(PAYMENT_STATUS_LABELS[payment.status]),
            refundName: (payment) =>
              payment.refund_status ? i18n._(REFUND_LABELS[payment.refund_status]) : '',
            receipt: (payment) =>
              payment.receipt_number === null ? '' : receiptCode(payment.receipt_number),
            time: (at) => formatDateTime(at, language),
          }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const view = connectStaffPayments(snapshot);
  const [refunder] = useState(() =>
    refundMachine.provide({
      actors: { refund: fromPromise(({ input }) => refundStaffPayment(api, input.id)) },
      actions: {
        announceRefunded: (_, { reply }) => {
          showToast(translateMessage(reply.message, i18n));
          send({ type: 'payments.reload' });
        },
      },
    }),
  );
  const [refundSnapshot, sendRefund] = useMachine(refunder, {
    input: { fallback: 'Something went wrong' },
  });
  const refund = connectRefund(refundSnapshot, sendRefund);
  const payments = view.data?.results ?? null;
  const change = (name: 'method' | 'status' | 'course' | 'from' | 'to', value: string) =>
    send({ type: 'filter.change', name, value });
  const chosen = refund.payment;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <ExportHeading
        title={t`Payments`}
        exporting={view.exporting}
        exportError={view.exportError}
        onExport={() => send({ type: 'payments.export' })}
      />
      <Form
        onSubmit={() => send({ type: 'filters.apply' })}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="payments-method" className="text-sm font-semibold text-slate-800">
            {t`Method`}
          </label>
          <select
            id="payments-method"
            value={view.form.method}
            onChange={(event) => change('method', event.target.value)}
            className={selectClass}
          >
            <option value="">{t`All methods`}</option>
            {(['card', 'wallet', 'cash', 'free'] as const).map((method) => (
              <option key={method} value={method}>
                {i18n._(METHOD_LABELS[method])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="payments-status" className="text-sm font-semibold text-slate-800">
            {t`Status`}
          </label>
          <select
            id="payments-status"
            value={view.form.status}
            onChange={(event) => change('status', event.target.value)}
            className={selectClass}
          >
            <option value="">{t`All statuses`}</option>
            {STAFF_PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(STATUS_LABELS[status])}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t`Course number`}
          name="course"
          inputMode="numeric"
          value={view.form.course}
          error={view.formError?.field === 'course' ? view.formError.message : null}
          onChange={(event) => change('course', event.target.value)}
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
          error={view.formError?.field === 'to' ? view.formError.message : null}
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
      {view.error !== null && (
        <Failure
          error={view.error}
          retry={() => send({ type: 'payments.retry' })}
          className="rounded-xl bg-red-50 p-4 text-red-800"
        />
      )}
      <div aria-busy={view.busy} aria-live="polite" className="flex flex-col gap-6">
        {payments === null ? (
          view.error === null && <PlaceholderCards />
        ) : (
          <>
            <MonthTotals months={view.data?.months ?? []} />
            <section aria-labelledby="payments-list" className="flex flex-col gap-3">
              <h2 id="payments-list" className="text-lg font-bold text-slate-900">
                {t`Payments found: ${formatNumber(view.data?.count ?? 0, language)}`}
              </h2>
              {payments.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
                  {t`No payment matches these filters.`}
                </p>
              ) : (
                <div className="flex flex-col gap-3">
                  <div aria-hidden="true" className="hidden lg:block">
                    <div className="grid gap-3 px-4 text-xs font-semibold text-slate-700 lg:grid-cols-7">
                      <span>{t`Date`}</span>
                      <span>{t`Trainee`}</span>
                      <span>{t`Course`}</span>
                      <span>{t`Method`}</span>
                      <span>{t`Status`}</span>
                      <span>{t`Total`}</span>
                    </div>
                  </div>
                  <ul className="flex flex-col gap-3">
                    {payments.map((payment) => (
                      <PaymentRow
                        key={payment.id}
                        payment={payment}
                        onCourse={(course) => send({ type: 'filter.course', course })}
                        onRefund={refund.ask}
                      />
                    ))}
                  </ul>
                </div>
              )}
            </section>
          </>
        )}
      </div>
      <PageButtons
        page={view.page}
        pages={view.pages}
        onSelect={(page) => send({ type: 'page.select', page })}
      />
      {refund.open && chosen && (
        <Modal title={t`Refund this payment?`} onClose={refund.busy ? undefined : refund.cancel}>
          <div className="flex flex-col gap-4 text-sm">
            <dl className="flex flex-col gap-1">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{t`Trainee`}</dt>
                <dd>
                  <bdi dir="auto">{chosen.trainee.full_name}</bdi>
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{t`Course`}</dt>
                <dd className="text-end">
                  <bdi dir="auto">{language === 'ar' ? chosen.course.title_ar : chosen.course.title}</bdi>
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{t`Method`}</dt>
                <dd>{i18n._(METHOD_LABELS[chosen.method])}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="font-semibold text-slate-900">{t`Total to refund`}</dt>
                <dd className="font-semibold">{formatMoney(chosen.total, language)}</dd>
              </div>
            </dl>
            <p className="text-slate-800">
              {chosen.method === 'card'
                ? t`The full amount goes back to the trainee’s card through the payment gateway.`
                : t`The payment will be marked refunded: pay the trainee back at the centre.`}{' '}
              {t`The enrolment stays as it is: a refund does not withdraw the trainee.`}
            </p>
            <AlertBox message={refund.alert} />
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                disabled={refund.busy}
                onClick={refund.cancel}
                className={button('secondary', 'md')}
              >
                {t`Cancel`}
              </button>
              <button
                type="button"
                disabled={refund.busy}
                onClick={refund.confirm}
                className={button('danger', 'md')}
              >
                {refund.busy ? t`Refunding…` : t`Refund ${formatMoney(chosen.total, language)}`}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </div>
  );
}
