import '@/entities/account/known-messages';
import { normaliseCode } from '@contract/forms/auth';
import type { FailureReason, PaymentMethod, Quote } from '@contract/wire/payments';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CheckoutView } from '@machines/enrolment.connect';
import type { EnrolmentEvent } from '@machines/enrolment.machine';
import type { FormEvent, ReactNode } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { api } from '@/api/http';
import { getLatestPayment, getPayment } from '@/api/payments';
import { CoverImage } from '@/entities/course/CoverImage';
import { translateMessage } from '@/i18n/api-messages';
import { formatMoney, formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { askToSignIn } from '@/stores/dialogs';
import { button } from '@/ui/button';
import { AlertBox, TextField } from '@/ui/forms';
import { NotFound } from '@/ui/NotFound';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import { useCheckout } from './enrolment.live';

/** The course and what it costs: original price, VAT and total (spec section 2). */
function Summary({ quote }: { quote: Quote }) {
  const { t } = useLingui();
  const language = useLanguage();
  const rate = formatNumber(quote.vat_rate / 100, language);
  const rows: [string, number][] = [
    [t`Original price`, quote.subtotal],
    [t`VAT (${rate}%)`, quote.vat],
  ];
  return (
    <aside aria-labelledby="checkout-summary" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="checkout-summary" className="text-lg font-bold text-slate-900">
        {t`Order summary`}
      </h2>
      <div className="mt-4 flex gap-4">
        <CoverImage
          src={quote.course.cover_image}
          shownAs="thumbnail"
          width={96}
          height={64}
          className="aspect-[3/2] h-16 w-24 shrink-0 rounded-lg object-cover"
        />
        <p dir="auto" className="font-semibold wrap-anywhere text-slate-900">
          {pick(quote.course, 'title', language)}
        </p>
      </div>
      <dl className="mt-5 flex flex-col gap-2 text-slate-700">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="whitespace-nowrap">{formatMoney(amount, language)}</dd>
          </div>
        ))}
        <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>{t`Total`}</dt>
          <dd className="whitespace-nowrap">{formatMoney(quote.total, language)}</dd>
        </div>
      </dl>
    </aside>
  );
}

function MethodOption({
  method,
  chosen,
  title,
  note,
  onChoose,
}: {
  method: PaymentMethod;
  chosen: boolean;
  title: string;
  note: string;
  onChoose: (method: PaymentMethod) => void;
}) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 ${chosen ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white'}`}
    >
      <input
        type="radio"
        name="method"
        value={method}
        checked={chosen}
        onChange={() => onChoose(method)}
        className="mt-1 size-4 accent-brand-700"
      />
      <span className="flex flex-col">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">{note}</span>
      </span>
    </label>
  );
}

type ChooseView = Extract<CheckoutView, { step: 'choose' }>;

function ChooseStep({ view, send }: { view: ChooseView; send: Send }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { quote, choice, errors } = view;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'payment.submit' });
  };
  if (quote.free) {
    return (
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-slate-700">{t`This course is free: enrol now and start learning.`}</p>
        <AlertBox message={view.alert} />
        <button type="submit" disabled={view.busy} className={button('primary', 'lg')}>
          {t`Enroll Now`}
        </button>
      </form>
    );
  }
  const choose = (method: PaymentMethod) => send({ type: 'method.choose', method });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset aria-describedby={errors.method ? 'checkout-method-error' : undefined}>
        <legend className="mb-3 font-semibold text-slate-900">{t`Payment method`}</legend>
        <div className="flex flex-col gap-3">
          <MethodOption
            method="card"
            chosen={choice.method === 'card'}
            title={t`Card`}
            note={t`mada, Visa or Mastercard, on the payment provider's secure page`}
            onChoose={choose}
          />
          <MethodOption
            method="wallet"
            chosen={choice.method === 'wallet'}
            title={t`Digital payment`}
            note={t`Your wallet sends a code to your phone`}
            onChoose={choose}
          />
          <MethodOption
            method="cash"
            chosen={choice.method === 'cash'}
            title={t`Cash`}
            note={t`Pay at the training centre; you are enrolled once the centre confirms`}
            onChoose={choose}
          />
        </div>
        {errors.method && (
          <p id="checkout-method-error" className="mt-2 text-sm text-red-700">
            {translateMessage(errors.method, i18n)}
          </p>
        )}
      </fieldset>
      {choice.method === 'wallet' && (
        <TextField
          label={t`Wallet phone number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={choice.walletPhone}
          error={errors.walletPhone}
          onChange={(event) => send({ type: 'walletPhone.change', value: event.target.value })}
        />
      )}
      <div>
        <label className="flex items-start gap-3 text-slate-800">
          <input
            type="checkbox"
            checked={choice.termsAccepted}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'checkout-terms-error' : undefined}
            onChange={(event) => send({ type: 'terms.change', accepted: event.target.checked })}
            className="mt-1 size-4 accent-brand-700"
          />
          <span>{t`I accept the terms of use and the withdrawal policy`}</span>
        </label>
        {errors.terms && (
          <p id="checkout-terms-error" className="mt-2 text-sm text-red-700">
            {translateMessage(errors.terms, i18n)}
          </p>
        )}
      </div>
      <AlertBox message={view.alert} />
      <button type="submit" disabled={view.busy} className={button('primary', 'lg')}>
        {t`Pay ${formatMoney(quote.total, language)}`}
      </button>
    </form>
  );
}

const FAILURE_SENTENCES: Record<FailureReason | 'unknown', MessageDescriptor> = {
  declined: msg`The card was declined.`,
  insufficient_funds: msg`The card has insufficient funds.`,
  authentication_failed: msg`The card's verification (3-D Secure) failed.`,
  wallet_code_tries: msg`Too many wrong codes were entered.`,
  wallet_code_expired: msg`The wallet code expired.`,
  already_paid: msg`This course is already paid for.`,
  unknown: msg`The payment did not go through.`,
};

function Outcome({
  title,
  children,
  tone,
}: {
  title: string;
  children: ReactNode;
  tone: 'good' | 'bad' | 'wait';
}) {
  const colours = {
    good: 'border-brand-200 bg-brand-50',
    bad: 'border-red-200 bg-red-50',
    wait: 'border-slate-200 bg-white',
  };
  return (
    <div role="status" className={`flex flex-col items-start gap-4 rounded-2xl border p-6 ${colours[tone]}`}>
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

type Send = (event: EnrolmentEvent) => void;

function Step({ view, send }: { view: CheckoutView; send: Send }) {
  const { t, i18n } = useLingui();
  switch (view.step) {
    case 'loading':
      return <Placeholder className="h-96" />;
    case 'loadFailed':
      return (
        <div className="flex flex-col items-start gap-3">
          <AlertBox message={view.alert} />
          <button type="button" onClick={view.retry} className={button('outline', 'lg')}>
            {t`Try again`}
          </button>
        </div>
      );
    case 'signIn':
      return (
        <button type="button" onClick={askToSignIn} className={button('primary', 'lg')}>
          {t`Log In`}
        </button>
      );
    case 'notForRole':
      return <p className="text-slate-700">{t`Trainees enrol in courses; trainer accounts cannot.`}</p>;
    case 'choose':
      return <ChooseStep view={view} send={send} />;
    case 'redirecting':
      return (
        <Outcome title={t`Taking you to the payment page…`} tone="wait">
          <p className="text-slate-700">{t`Your card is entered on the payment provider's secure page.`}</p>
        </Outcome>
      );
    case 'confirming':
      return (
        <Outcome title={t`Confirming your payment…`} tone="wait">
          {view.slow || view.alert ? (
            <>
              <p className="text-slate-700">
                {view.slow
                  ? t`The payment provider has not confirmed the payment yet. You will be notified when it does.`
                  : t`The payment could not be read.`}
              </p>
              <button
                type="button"
                onClick={() => send({ type: 'retry' })}
                className={button('outline', 'lg')}
              >
                {t`Check again`}
              </button>
            </>
          ) : (
            <p className="text-slate-700">{t`This takes a few seconds.`}</p>
          )}
        </Outcome>
      );
    case 'walletCode':
      return (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'walletCode.submit' });
          }}
          className="flex flex-col gap-4"
        >
          <p className="text-slate-700">{t`Enter the code your wallet sent to your phone.`}</p>
          <TextField
            label={t`Wallet code`}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={view.code}
            onChange={(event) =>
              send({ type: 'walletCode.change', value: normaliseCode(event.target.value) })
            }
          />
          <AlertBox message={view.alert} />
          <button type="submit" disabled={view.busy} className={button('primary', 'lg')}>
            {t`Confirm payment`}
          </button>
        </form>
      );
    case 'awaitingCash':
      return (
        <Outcome title={t`Awaiting payment at the centre`} tone="wait">
          <p className="text-slate-700">
            {t`Pay the total at the training centre. You are enrolled, and notified, once the centre confirms the payment.`}
          </p>
          <Link href={paths.enrolledCourses()} className={button('outline', 'lg')}>
            {t`My enrolled courses`}
          </Link>
        </Outcome>
      );
    case 'paid':
      return (
        <Outcome title={t`Payment Success`} tone="good">
          <p className="text-slate-700">{t`You are enrolled in this course.`}</p>
          <div className="flex flex-wrap gap-3">
            <Link href={paths.enrolledCourses()} className={button('primary', 'lg')}>
              {t`My enrolled courses`}
            </Link>
            {view.payment?.receipt_number != null && (
              <Link href={paths.receipt(view.payment.id)} className={button('outline', 'lg')}>
                {t`View receipt`}
              </Link>
            )}
          </div>
        </Outcome>
      );
    case 'closed':
      return (
        <Outcome title={view.withdrawn ? t`You have left this course` : t`Withdrawal requested`} tone="wait">
          <p className="text-slate-700">
            {view.withdrawn
              ? t`The course is closed to you, so there is nothing to pay.`
              : t`Your request to leave this course is with the centre's administration.`}
          </p>
          <Link href={paths.enrolledCourses()} className={button('outline', 'lg')}>
            {t`My enrolled courses`}
          </Link>
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome title={t`Payment Failed`} tone="bad">
          <p className="text-slate-700">{i18n._(FAILURE_SENTENCES[view.reason ?? 'unknown'])}</p>
          <button
            type="button"
            onClick={() => send({ type: 'payment.retry' })}
            className={button('primary', 'lg')}
          >
            {t`Try Again`}
          </button>
        </Outcome>
      );
  }
}

/** Checkout of one course, driven by the enrolment machine. */
function CheckoutFlow({
  courseId,
  returnedPaymentId,
}: {
  courseId: number;
  returnedPaymentId: string | null;
}) {
  const { view, send } = useCheckout(courseId, returnedPaymentId);
  const quote = 'quote' in view ? view.quote : null;
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="order-2 lg:order-1">
        <Step view={view} send={send} />
      </div>
      <div className="order-1 lg:order-2">
        {quote ? <Summary quote={quote} /> : <Placeholder className="h-64" />}
      </div>
    </div>
  );
}

/** /checkout: the latest payment (or the one the gateway sent the browser back with) and where it stands. */
function LatestPayment({ paymentId }: { paymentId: string | null }) {
  const { t } = useLingui();
  const payment = useResource(() => (paymentId ? getPayment(api, paymentId) : getLatestPayment(api)));
  if (payment.status === 'missing') {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6">
        <p className="text-slate-700">{t`You have no payment yet.`}</p>
        <Link href={paths.catalogue()} className={button('outline', 'lg')}>
          {t`Browse courses`}
        </Link>
      </div>
    );
  }
  return (
    <ResourceView state={payment} loading={<Placeholder className="h-96" />}>
      {(found) => <CheckoutFlow courseId={found.course.id} returnedPaymentId={found.id} />}
    </ResourceView>
  );
}

/** /checkout/{id} and /checkout (spec section 2; the gateway's return lands on /checkout?payment=…). */
export default function CheckoutPage(_: RouteView) {
  const { t } = useLingui();
  const params = useParams<{ id?: string }>();
  const search = useSearch();
  const courseId = params.id === undefined ? null : Number(params.id);
  if (courseId !== null && !(Number.isInteger(courseId) && courseId > 0)) {
    return (
      <NotFound
        title={t`Course not found`}
        message={t`This course does not exist or is no longer published.`}
        ways={[
          { href: paths.catalogue(), label: t`Browse courses` },
          { href: paths.home(), label: t`Back to home` },
        ]}
      />
    );
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageTitle className="mb-8">{t`Checkout`}</PageTitle>
      {courseId === null ? (
        <LatestPayment paymentId={new URLSearchParams(search).get('payment')} />
      ) : (
        <CheckoutFlow courseId={courseId} returnedPaymentId={null} />
      )}
    </section>
  );
}
