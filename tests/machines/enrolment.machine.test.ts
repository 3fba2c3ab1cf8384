import type { Payment, Quote } from '@contract/wire/payments';
import { describe, expect, it } from 'vitest';
import { connectCheckout, connectEnrolment } from '../../machines/enrolment.connect.ts';
import {
  CONFIRM_READS,
  type EnrolmentContext,
  type EnrolmentInput,
  enrolmentMachine,
  type Viewer,
} from '../../machines/enrolment.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import { expectTryAgain, scriptedLoader } from './support/loader.ts';
import {
  afterDelay,
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';
import { payment, QUOTE } from './support/payments.ts';

const SIGNED_OUT: Viewer = { signedIn: false, role: null };
const TRAINEE: Viewer = { signedIn: true, role: 'TRAINEE' };
const TRAINER: Viewer = { signedIn: true, role: 'TRAINER' };

const REQUESTED_QUOTE: Quote = { ...QUOTE, enrolled: true, enrolment_status: 'withdrawal_requested' };
const WITHDRAWN_QUOTE: Quote = { ...QUOTE, enrolment_status: 'withdrawn' };
const FREE_QUOTE: Quote = { ...QUOTE, subtotal: 0, vat: 0, total: 0, free: true };
const ENROLLED_QUOTE: Quote = { ...QUOTE, enrolled: true };
const CASH_QUOTE: Quote = {
  ...QUOTE,
  pending_payment: { id: 'pay-cash', method: 'cash', status: 'awaiting_cash' },
};
const WALLET_QUOTE: Quote = {
  ...QUOTE,
  pending_payment: { id: 'pay-wallet', method: 'wallet', status: 'awaiting_wallet_code' },
};

const ACTIONS = ['askToSignIn', 'goToCheckout', 'goToGateway', 'startNewAttempt', 'announcePaid'] as const;

function implementations() {
  return {
    actors: {
      loader: scriptedLoader<Quote, { courseId: number }>(),
      createPayment: scriptedPromise<Payment>(),
      readPayment: scriptedPromise<Payment, { paymentId: string }>(),
      sendWalletCode: scriptedPromise<Payment, { paymentId: string; code: string }>(),
    },
    actions: spyActions(enrolmentMachine, ACTIONS),
  };
}

/** What guards read, and nothing else: the traversal stays small. */
const serializeState = serializeValueAnd((context: EnrolmentContext) => [
  context.pending,
  context.quote?.free ?? null,
  context.choice.method,
  context.choice.termsAccepted,
  context.choice.walletPhone !== '',
  context.walletCode !== '',
  context.confirmReads,
  context.returnedPaymentId !== null,
]);

const COURSE_PAGE_EVENTS = [
  { type: 'enrol.start' },
  { type: 'signIn.dismissed' },
  { type: 'enrolment.changed' },
  { type: 'viewer.change', viewer: SIGNED_OUT },
  { type: 'viewer.change', viewer: TRAINEE },
  { type: 'viewer.change', viewer: TRAINER },
  doneActor('loader', QUOTE),
  doneActor('loader', ENROLLED_QUOTE),
  doneActor('loader', CASH_QUOTE),
  doneActor('loader', WALLET_QUOTE),
  doneActor('loader', REQUESTED_QUOTE),
  doneActor('loader', WITHDRAWN_QUOTE),
] as const;

const CHECKOUT_EVENTS = [
  { type: 'retry' },
  { type: 'enrolment.changed' },
  { type: 'method.choose', method: 'card' },
  { type: 'method.choose', method: 'wallet' },
  { type: 'terms.change', accepted: true },
  { type: 'walletPhone.change', value: '٠٥٥١٢٣٤٥٦٧' },
  { type: 'payment.submit' },
  { type: 'walletCode.change', value: '123456' },
  { type: 'walletCode.submit' },
  { type: 'payment.retry' },
  doneActor('loader', QUOTE),
  doneActor('loader', FREE_QUOTE),
  doneActor('loader', CASH_QUOTE),
  doneActor('loader', WALLET_QUOTE),
  doneActor('createPayment', payment('paid')),
  doneActor('createPayment', payment('initiated')),
  doneActor('createPayment', payment('awaiting_wallet_code', { method: 'wallet' })),
  doneActor('createPayment', payment('awaiting_cash', { method: 'cash' })),
  doneActor('createPayment', payment('failed')),
  errorActor('createPayment', httpFailure(429, 'Too many requests')),
  doneActor('sendWalletCode', payment('paid', { method: 'wallet' })),
  doneActor('sendWalletCode', payment('failed', { method: 'wallet', failure_reason: 'wallet_code_tries' })),
  doneActor('sendWalletCode', payment('awaiting_wallet_code', { method: 'wallet' })),
  errorActor('sendWalletCode', httpFailure(400, 'Invalid OTP Code')),
] as const;

const RETURN_EVENTS = [
  { type: 'retry' },
  { type: 'payment.retry' },
  doneActor('loader', QUOTE),
  doneActor('readPayment', payment('paid')),
  doneActor('readPayment', payment('failed')),
  doneActor('readPayment', payment('initiated')),
  doneActor('readPayment', payment('awaiting_cash', { method: 'cash' })),
  doneActor('readPayment', payment('awaiting_wallet_code', { method: 'wallet' })),
  errorActor('readPayment', silentFailure(500)),
  afterDelay('confirmInterval', 'enrolment.awaitingGateway'),
] as const;

describe('enrolment machine: generated paths', () => {
  const models = [
    ...[SIGNED_OUT, TRAINEE, TRAINER].map((viewer) =>
      createPathModel(enrolmentMachine, {
        input: { courseId: 7, viewer, place: 'course' },
        events: [...COURSE_PAGE_EVENTS],
        serializeState,
        implementations,
      }),
    ),
    createPathModel(enrolmentMachine, {
      input: { courseId: 7, viewer: TRAINEE, place: 'checkout' },
      events: [...CHECKOUT_EVENTS],
      serializeState,
      implementations,
    }),
    createPathModel(enrolmentMachine, {
      input: { courseId: 7, viewer: TRAINEE, place: 'checkout', returnedPaymentId: 'pay-1' },
      events: [...RETURN_EVENTS],
      serializeState,
      implementations,
    }),
  ];
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('enrolment machine: behaviour', () => {
  const launch = harnesses(enrolmentMachine);
  const start = (viewer: Viewer, place: EnrolmentInput['place'] = 'course', returnedPaymentId?: string) => {
    const impl = implementations();
    const input: EnrolmentInput = { courseId: 7, viewer, place, returnedPaymentId };
    return { harness: launch(impl, { input }), actors: impl.actors, actions: impl.actions };
  };

  it('asks a signed-out visitor to sign in, and goes on to checkout once they are a trainee', async () => {
    const { harness, actions } = start(SIGNED_OUT);
    expect(connectEnrolment(harness.snapshot)).toEqual({ action: 'signIn' });
    await harness.send({ type: 'enrol.start' });
    expectState(harness, 'awaitingSignIn');
    expect(actions.askToSignIn).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'viewer.change', viewer: TRAINEE });
    expectState(harness, 'loading');
    expect(connectEnrolment(harness.snapshot)).toEqual({ action: 'loading' });
    await harness.resolve('loader', QUOTE);
    expectState(harness, 'notEnrolled');
    expect(actions.goToCheckout).toHaveBeenCalledTimes(1);
    expect(connectEnrolment(harness.snapshot)).toEqual({ action: 'checkout', courseId: 7 });
  });

  it('shows an enrolled trainee as enrolled instead of Enroll Now, and a trainer that enrolling is for trainees', async () => {
    const enrolled = start(TRAINEE);
    await enrolled.harness.resolve('loader', ENROLLED_QUOTE);
    expect(connectEnrolment(enrolled.harness.snapshot)).toEqual({ action: 'enrolled' });
    const trainer = start(TRAINER);
    expect(connectEnrolment(trainer.harness.snapshot)).toEqual({ action: 'none', reason: 'trainerAccount' });
  });

  it('says what is missing before paying, and keeps what was chosen', async () => {
    const { harness } = start(TRAINEE, 'checkout');
    await harness.resolve('loader', QUOTE);
    await harness.send({ type: 'payment.submit' });
    expect(harness.context.errors).toEqual({
      method: 'Choose a payment method',
      terms: 'Accept the terms to continue',
    });
    await harness.send({ type: 'method.choose', method: 'wallet' });
    await harness.send({ type: 'terms.change', accepted: true });
    await harness.send({ type: 'payment.submit' });
    expect(harness.context.errors).toEqual({ walletPhone: 'Phone number is required' });
    expectState(harness, 'checkingOut');
  });

  it('a double press makes one payment; a card payment leaves for the gateway', async () => {
    const { harness, actors, actions } = start(TRAINEE, 'checkout');
    await harness.resolve('loader', QUOTE);
    await harness.send({ type: 'method.choose', method: 'card' });
    await harness.send({ type: 'terms.change', accepted: true });
    await harness.send({ type: 'payment.submit' });
    await harness.send({ type: 'payment.submit' });
    expect(actors.createPayment.inputs).toHaveLength(1);
    expect(connectCheckout(harness.snapshot)).toMatchObject({ step: 'choose', busy: true });
    await harness.resolve('createPayment', payment('initiated'));
    expectState(harness, 'atGateway');
    expect(actions.goToGateway.mock.calls[0]?.[1]).toEqual({ value: payment('initiated') });
  });

  it('offers Try again at checkout when the enrolment cannot be read; the course page offers checkout', async () => {
    const { harness, actors } = start(TRAINEE, 'checkout');
    const failed = await expectTryAgain(harness, actors.loader, {
      failure: silentFailure(500),
      view: () => {
        const view = connectCheckout(harness.snapshot);
        return { ...view, status: view.step === 'loadFailed' ? 'failed' : view.step };
      },
    });
    expect(failed).toMatchObject({ step: 'loadFailed', alert: 'Payment Failed' });
    expect(connectCheckout(harness.snapshot)).toEqual({ step: 'loading' });
    await harness.resolve('loader', QUOTE);
    expectState(harness, 'checkingOut');
    expect(actors.loader.read.inputs).toEqual([{ params: { courseId: 7 } }, { params: { courseId: 7 } }]);

    const page = start(TRAINEE, 'course');
    expect(connectEnrolment(page.harness.snapshot)).toEqual({ action: 'loading' });
    await page.harness.reject('loader', silentFailure(500));
    expect(connectEnrolment(page.harness.snapshot)).toEqual({ action: 'checkout', courseId: 7 });
  });

  it('back from the gateway, reads the payment until it is reported, then says it is slow', async () => {
    const { harness, actors, actions } = start(TRAINEE, 'checkout', 'pay-1');
    await harness.resolve('loader', QUOTE);
    expectState(harness, 'confirming');
    for (let read = 1; read < CONFIRM_READS; read++) {
      await harness.resolve('readPayment', payment('initiated'));
      expectState(harness, 'awaitingGateway');
      await harness.advance(2000);
    }
    await harness.resolve('readPayment', payment('initiated'));
    expectState(harness, 'gatewaySlow');
    expect(connectCheckout(harness.snapshot)).toMatchObject({ step: 'confirming', slow: true });
    await harness.send({ type: 'retry' });
    await harness.resolve('readPayment', payment('paid'));
    expectState(harness, 'enrolled');
    expect(actions.announcePaid).toHaveBeenCalledTimes(1);
    expect(actors.readPayment.inputs.every((input) => input.paymentId === 'pay-1')).toBe(true);
  });

  it('Payment Failed, then Try Again keeps the method and the terms for a new attempt', async () => {
    const { harness, actions } = start(TRAINEE, 'checkout', 'pay-1');
    await harness.resolve('loader', QUOTE);
    await harness.resolve('readPayment', payment('failed'));
    expect(connectCheckout(harness.snapshot)).toMatchObject({ step: 'failed', reason: 'declined' });
    await harness.send({ type: 'payment.retry' });
    expect(actions.startNewAttempt).toHaveBeenCalledTimes(1);
    expectState(harness, 'checkingOut');
    // The page is new after the gateway's: the method and the terms come from the failed payment.
    expect(harness.context.choice).toMatchObject({ method: 'card', termsAccepted: true });
    expect(harness.context.returnedPaymentId).toBeNull();
  });

  it('a wallet code: a wrong one says so and clears the field; the right one enrols', async () => {
    const { harness, actors } = start(TRAINEE, 'checkout');
    await harness.resolve('loader', WALLET_QUOTE);
    expectState(harness, 'awaitingWalletCode');
    await harness.send({ type: 'walletCode.submit' });
    expectState(harness, 'awaitingWalletCode');
    await harness.send({ type: 'walletCode.change', value: '111111' });
    await harness.send({ type: 'walletCode.submit' });
    await harness.reject('sendWalletCode', httpFailure(400, 'Invalid OTP Code'));
    expect(connectCheckout(harness.snapshot)).toMatchObject({
      step: 'walletCode',
      code: '',
      alert: 'Invalid OTP Code',
    });
    await harness.send({ type: 'walletCode.change', value: '123456' });
    await harness.send({ type: 'walletCode.submit' });
    expect(actors.sendWalletCode.inputs.at(-1)).toEqual({ paymentId: 'pay-wallet', code: '123456' });
    await harness.resolve('sendWalletCode', payment('paid', { method: 'wallet' }));
    expectState(harness, 'enrolled');
  });

  it('cash waits for the centre and enrols when the live notice comes', async () => {
    const { harness } = start(TRAINEE, 'checkout');
    await harness.resolve('loader', CASH_QUOTE);
    expect(connectCheckout(harness.snapshot)).toMatchObject({ step: 'awaitingCash' });
    await harness.send({ type: 'enrolment.changed' });
    await harness.resolve('loader', ENROLLED_QUOTE);
    expect(connectCheckout(harness.snapshot)).toMatchObject({ step: 'paid' });
  });

  it('shows a pending withdrawal, and a course left is closed (nothing to pay)', async () => {
    const pending = start(TRAINEE);
    await pending.harness.resolve('loader', REQUESTED_QUOTE);
    expect(connectEnrolment(pending.harness.snapshot)).toEqual({ action: 'withdrawalRequested' });
    await pending.harness.send({ type: 'enrolment.changed' });
    await pending.harness.resolve('loader', WITHDRAWN_QUOTE);
    expect(connectEnrolment(pending.harness.snapshot)).toEqual({ action: 'left' });
    const checkout = start(TRAINEE, 'checkout');
    await checkout.harness.resolve('loader', WITHDRAWN_QUOTE);
    expect(connectCheckout(checkout.harness.snapshot)).toMatchObject({ step: 'closed', withdrawn: true });
  });

  it('orders a wallet payment with the phone written 0–9', async () => {
    const { harness, actors } = start(TRAINEE, 'checkout');
    await harness.resolve('loader', QUOTE);
    await harness.send({ type: 'method.choose', method: 'wallet' });
    await harness.send({ type: 'terms.change', accepted: true });
    await harness.send({ type: 'walletPhone.change', value: '٠٥٥ ١٢٣ ٤٥٦٧' });
    await harness.send({ type: 'payment.submit' });
    expect(actors.createPayment.inputs[0]).toEqual({
      courseId: 7,
      method: 'wallet',
      termsAccepted: true,
      walletPhone: '0551234567',
    });
  });

  it('a free course needs no method or terms', async () => {
    const { harness, actors } = start(TRAINEE, 'checkout');
    await harness.resolve('loader', FREE_QUOTE);
    await harness.send({ type: 'payment.submit' });
    expectState(harness, 'submitting');
    expect(actors.createPayment.inputs[0]).toEqual({ courseId: 7, method: 'free', termsAccepted: true });
  });
});
