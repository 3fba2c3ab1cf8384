import type { FailureReason, Payment, PaymentMethod, Quote } from '@contract/wire/payments';
import type { SnapshotFrom } from 'xstate';
import type { CheckoutChoice, ChoiceErrors, enrolmentMachine } from './enrolment.machine';
import { alertOf } from './forms';
import { connectLoader } from './loader.connect';

type EnrolmentSnapshot = SnapshotFrom<typeof enrolmentMachine>;

/**
 * What the course page offers: sign in first, go to checkout, a note that trainers cannot enrol,
 * or where the trainee's enrolment stands.
 */
export type EnrolmentView =
  | { action: 'signIn' }
  | { action: 'checkout'; courseId: number }
  | { action: 'none'; reason: 'trainerAccount' }
  | { action: 'loading' }
  | { action: 'enrolled' }
  | { action: 'withdrawalRequested' }
  | { action: 'left' }
  | { action: 'awaitingPayment'; courseId: number; method: PaymentMethod | null };

export function connectEnrolment(snapshot: EnrolmentSnapshot): EnrolmentView {
  const { courseId } = snapshot.context;
  if (snapshot.matches('notForRole')) return { action: 'none', reason: 'trainerAccount' };
  if (snapshot.matches('signedOut') || snapshot.matches('awaitingSignIn')) return { action: 'signIn' };
  const reading = snapshot.matches('loading') && connectLoader(snapshot.children.loader).status !== 'failed';
  if (snapshot.matches('deciding') || reading) return { action: 'loading' };
  if (snapshot.matches('enrolled')) return { action: 'enrolled' };
  if (snapshot.matches('withdrawalRequested')) return { action: 'withdrawalRequested' };
  if (snapshot.matches('left')) return { action: 'left' };
  if (snapshot.matches('awaitingCash') || snapshot.matches('awaitingWalletCode')) {
    return { action: 'awaitingPayment', courseId, method: snapshot.context.choice.method };
  }
  // Not enrolled, or the state could not be read: checkout says what it finds.
  return { action: 'checkout', courseId };
}

/** What the checkout page shows. */
export type CheckoutView =
  | { step: 'loading' }
  | { step: 'loadFailed'; alert: string | null; retry: () => void }
  | { step: 'signIn' }
  | { step: 'notForRole' }
  | {
      step: 'choose';
      quote: Quote;
      choice: CheckoutChoice;
      errors: ChoiceErrors;
      alert: string | null;
      busy: boolean;
    }
  /** A card payment: the browser is leaving for the gateway. */
  | { step: 'redirecting'; quote: Quote }
  /** Back from the gateway, reading the payment; `slow` once the gateway has taken long. */
  | { step: 'confirming'; quote: Quote; slow: boolean; alert: string | null }
  | { step: 'walletCode'; quote: Quote; code: string; alert: string | null; busy: boolean }
  | { step: 'awaitingCash'; quote: Quote }
  | { step: 'paid'; quote: Quote; payment: Payment | null }
  | { step: 'failed'; quote: Quote; reason: FailureReason | null }
  /** Withdrawal requested, or withdrawn: nothing to pay. */
  | { step: 'closed'; quote: Quote; withdrawn: boolean };

export function connectCheckout(snapshot: EnrolmentSnapshot): CheckoutView {
  const { quote, choice, errors, alert, payment, walletCode } = snapshot.context;
  if (snapshot.matches('signedOut') || snapshot.matches('awaitingSignIn')) return { step: 'signIn' };
  if (snapshot.matches('notForRole')) return { step: 'notForRole' };
  const load = connectLoader(snapshot.children.loader);
  if (load.status === 'failed') {
    return { step: 'loadFailed', alert: alertOf(load.error, 'Payment Failed'), retry: load.retry };
  }
  if (!quote) return { step: 'loading' };
  if (snapshot.matches('enrolled')) return { step: 'paid', quote, payment };
  if (snapshot.matches('withdrawalRequested')) return { step: 'closed', quote, withdrawn: false };
  if (snapshot.matches('left')) return { step: 'closed', quote, withdrawn: true };
  if (snapshot.matches('failed')) return { step: 'failed', quote, reason: payment?.failure_reason ?? null };
  if (snapshot.matches('atGateway')) return { step: 'redirecting', quote };
  if (snapshot.matches('awaitingCash')) return { step: 'awaitingCash', quote };
  if (snapshot.matches('awaitingWalletCode') || snapshot.matches('sendingWalletCode')) {
    return {
      step: 'walletCode',
      quote,
      code: walletCode,
      alert,
      busy: snapshot.matches('sendingWalletCode'),
    };
  }
  if (
    snapshot.matches('confirming') ||
    snapshot.matches('awaitingGateway') ||
    snapshot.matches('gatewaySlow') ||
    snapshot.matches('confirmFailed')
  ) {
    return {
      step: 'confirming',
      quote,
      slow: snapshot.matches('gatewaySlow'),
      alert: snapshot.matches('confirmFailed') ? alert : null,
    };
  }
  if (snapshot.matches('loading') || snapshot.matches('deciding')) return { step: 'loading' };
  return {
    step: 'choose',
    quote,
    choice,
    errors,
    alert,
    busy: snapshot.matches('submitting'),
  };
}
