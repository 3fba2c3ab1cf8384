import { normalisePhone } from '@contract/forms/auth';
import type { Role } from '@contract/wire/common';
import type { Payment, PaymentMethod, Quote } from '@contract/wire/payments';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';
import { createLoaderMachine } from './loader.machine';

/** Who is looking at the course: signed in or not, and as which role. */
export interface Viewer {
  signedIn: boolean;
  role: Role | null;
}

/** Where the machine drives the enrolment: the course page, or its checkout. */
export type EnrolmentPlace = 'course' | 'checkout';

export interface EnrolmentInput {
  courseId: number;
  viewer: Viewer;
  place: EnrolmentPlace;
  /** The payment the gateway sent the browser back with (`/checkout?payment=…`), to confirm. */
  returnedPaymentId?: string | null;
}

/** What checkout asks before paying; the values stay through failures and Try Again. */
export interface CheckoutChoice {
  method: PaymentMethod | null;
  termsAccepted: boolean;
  /** Method `wallet`: the wallet's phone number as typed. */
  walletPhone: string;
}

/** English message keys of what is missing from the choice; the view translates them. */
export interface ChoiceErrors {
  method?: 'Choose a payment method';
  terms?: 'Accept the terms to continue';
  walletPhone?: 'Phone number is required';
}

export interface EnrolmentContext {
  courseId: number;
  viewer: Viewer;
  place: EnrolmentPlace;
  /** 'Enroll Now' was pressed while signed out: checkout follows once a trainee signs in. */
  pending: boolean;
  returnedPaymentId: string | null;
  quote: Quote | null;
  choice: CheckoutChoice;
  errors: ChoiceErrors;
  /** The payment of this attempt, once created or read. */
  payment: Payment | null;
  /** The id of the payment this attempt waits on (created, or found waiting for cash or a code). */
  paymentId: string | null;
  walletCode: string;
  /** The sentence of a refused call (spec section 8: details[0].message), or null. */
  alert: string | null;
  /** Reads of a payment the gateway has not reported yet. */
  confirmReads: number;
}

export type EnrolmentEvent =
  /** The session changed (signed in from the dialog, signed out in another tab). */
  | { type: 'viewer.change'; viewer: Viewer }
  /** 'Enroll Now' pressed. */
  | { type: 'enrol.start' }
  /** The sign-in dialog was closed without signing in: 'Enroll Now' is not pressed any more. */
  | { type: 'signIn.dismissed' }
  /** Try again after the payment's outcome could not be read. */
  | { type: 'retry' }
  | { type: 'method.choose'; method: PaymentMethod }
  | { type: 'terms.change'; accepted: boolean }
  | { type: 'walletPhone.change'; value: string }
  | { type: 'payment.submit' }
  | { type: 'walletCode.change'; value: string }
  | { type: 'walletCode.submit' }
  /** 'Try Again' after 'Payment Failed': a new attempt with the same choice. */
  | { type: 'payment.retry' }
  /** A live notice about this course's enrolment or payment (cash confirmed, withdrawal decided). */
  | { type: 'enrolment.changed' };

/** What one attempt asks the API for (the view adds the attempt's key and the page's language). */
export interface PaymentOrder {
  courseId: number;
  method: PaymentMethod;
  termsAccepted: boolean;
  /** Method `wallet`: the wallet's phone number, written 0–9. */
  walletPhone?: string;
}

/** The order of a complete choice: a free course is enrolled with method `free`, no terms asked. */
function orderOf(context: EnrolmentContext): PaymentOrder {
  const { courseId, choice } = context;
  if (context.quote?.free) return { courseId, method: 'free', termsAccepted: true };
  const method = choice.method ?? 'card';
  return {
    courseId,
    method,
    termsAccepted: choice.termsAccepted,
    ...(method === 'wallet' ? { walletPhone: normalisePhone(choice.walletPhone) } : {}),
  };
}

/** Reads of a card payment before saying the gateway is slow (2 s apart). */
export const CONFIRM_READS = 10;
export const CONFIRM_INTERVAL_MS = 2000;

const outputOf = <T>({ event }: { event: { output: T } }) => ({ value: event.output });
/** Keeping what a call answered: the quote, or the payment. */
const keepQuote = { type: 'keepQuote', params: outputOf } as const;
const keepPayment = { type: 'keepPayment', params: outputOf } as const;

function choiceErrors(context: EnrolmentContext): ChoiceErrors {
  if (context.quote?.free) return {};
  const errors: ChoiceErrors = {};
  if (!context.choice.method) errors.method = 'Choose a payment method';
  if (!context.choice.termsAccepted) errors.terms = 'Accept the terms to continue';
  if (context.choice.method === 'wallet' && !context.choice.walletPhone.trim()) {
    errors.walletPhone = 'Phone number is required';
  }
  return errors;
}

/**
 * Enrolling in a course and paying for it (spec sections 1 and 2): on the course page a signed-out
 * visitor is asked to sign in first and goes on to checkout once signed in as a trainee (closing the
 * dialog drops that), a trainer account is told enrolling is for trainees, and a trainee sees where
 * their enrolment stands. At checkout the trainee chooses a method (card, digital wallet, cash; a
 * free course enrols at once) and accepts the terms; a card payment leaves for the gateway's page
 * and, on the way back, is confirmed by reading the payment (never by the return address); a wallet
 * payment asks for the code sent to the phone; cash waits for the centre to confirm. A failure keeps
 * the choice for 'Try Again'. Leaving is asked from the enrolled courses (machines/withdrawal.machine.ts);
 * while the admin decides the course shows the request, and once approved the course is closed.
 */
export const enrolmentMachine = setup({
  types: {
    input: {} as EnrolmentInput,
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    children: {} as { loader: 'loader' },
  },
  actors: {
    /** Where the trainee's enrolment stands, and the price. */
    loader: createLoaderMachine<Quote, { courseId: number }>(),
    createPayment: fromPromise<Payment, PaymentOrder>(async () => {
      throw new Error('createPayment is supplied by the view');
    }),
    readPayment: fromPromise<Payment, { paymentId: string }>(async () => {
      throw new Error('readPayment is supplied by the view');
    }),
    sendWalletCode: fromPromise<Payment, { paymentId: string; code: string }>(async () => {
      throw new Error('sendWalletCode is supplied by the view');
    }),
  },
  delays: { confirmInterval: CONFIRM_INTERVAL_MS },
  guards: {
    signedOut: ({ context }) => !context.viewer.signedIn,
    trainee: ({ context }) => context.viewer.role === 'TRAINEE',
    pending: ({ context }) => context.pending,
    atCheckout: ({ context }) => context.place === 'checkout',
    returned: ({ context }) => context.returnedPaymentId !== null,
    choiceComplete: ({ context }) => Object.keys(choiceErrors(context)).length === 0,
    walletCodeTyped: ({ context }) => context.walletCode.trim().length > 0,
    enrolled: (_, { value }: { value: Quote }) => value.enrolled,
    withdrawalPending: (_, { value }: { value: Quote }) => value.enrolment_status === 'withdrawal_requested',
    left: (_, { value }: { value: Quote }) =>
      value.enrolment_status === 'withdrawn' || value.enrolment_status === 'dropped',
    awaitingCash: (_, { value }: { value: Quote }) => value.pending_payment?.status === 'awaiting_cash',
    awaitingWalletCode: (_, { value }: { value: Quote }) =>
      value.pending_payment?.status === 'awaiting_wallet_code',
    paid: (_, { value }: { value: Payment }) => value.status === 'paid',
    failed: (_, { value }: { value: Payment }) => value.status === 'failed',
    atGateway: (_, { value }: { value: Payment }) => value.status === 'initiated',
    walletCodeAsked: (_, { value }: { value: Payment }) => value.status === 'awaiting_wallet_code',
    cashAwaited: (_, { value }: { value: Payment }) => value.status === 'awaiting_cash',
    gatewaySlow: ({ context }) => context.confirmReads >= CONFIRM_READS,
  },
  actions: {
    keepViewer: assign(({ event }) => {
      assertEvent(event, 'viewer.change');
      return { viewer: event.viewer };
    }),
    keepPending: assign({ pending: true }),
    dropPending: assign({ pending: false }),
    keepQuote: assign({ quote: (_, { value }: { value: Quote }) => value }),
    /**
     * The payment of this attempt; the choice is the one it was made with (after the gateway's page
     * the page is new, and 'Try Again' keeps the method and the accepted terms).
     */
    keepPayment: assign(({ context }, { value }: { value: Payment }) => ({
      payment: value,
      paymentId: value.id,
      choice:
        value.method === 'free'
          ? context.choice
          : { ...context.choice, method: value.method, termsAccepted: true },
    })),
    /** A payment found waiting (cash, a wallet code) becomes this attempt's. */
    keepPendingPayment: assign(({ context }, { value }: { value: Quote }) => ({
      paymentId: value.pending_payment?.id ?? null,
      choice: value.pending_payment
        ? { ...context.choice, method: value.pending_payment.method }
        : context.choice,
    })),
    chooseMethod: assign(({ context, event }) => {
      assertEvent(event, 'method.choose');
      const { method: _, ...errors } = context.errors;
      return { choice: { ...context.choice, method: event.method }, errors, alert: null };
    }),
    changeTerms: assign(({ context, event }) => {
      assertEvent(event, 'terms.change');
      const { terms: _, ...errors } = context.errors;
      return { choice: { ...context.choice, termsAccepted: event.accepted }, errors };
    }),
    changeWalletPhone: assign(({ context, event }) => {
      assertEvent(event, 'walletPhone.change');
      const { walletPhone: _, ...errors } = context.errors;
      return { choice: { ...context.choice, walletPhone: event.value }, errors };
    }),
    showChoiceErrors: assign(({ context }) => ({ errors: choiceErrors(context) })),
    changeWalletCode: assign(({ event }) => {
      assertEvent(event, 'walletCode.change');
      return { walletCode: event.value };
    }),
    clearWalletCode: assign({ walletCode: '' }),
    countConfirmRead: assign({ confirmReads: ({ context }) => context.confirmReads + 1 }),
    resetConfirmReads: assign({ confirmReads: 0 }),
    forgetReturn: assign({ returnedPaymentId: null }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, 'Payment Failed') }),
    /** Goes to the course's checkout, where 'Enroll Now' leads. */
    goToCheckout: (_: { context: EnrolmentContext }) => {},
    /** Opens the login dialog, coming back to this course afterwards. */
    askToSignIn: () => {},
    /** Sends the browser to the gateway's page of a card payment. */
    goToGateway: (_, _params: { value: Payment }) => {},
    /** The next attempt gets a new idempotency key (the view keeps the key of an attempt). */
    startNewAttempt: (_: { context: EnrolmentContext }) => {},
    /** The 'Payment Success' toast. */
    announcePaid: () => {},
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => ({
    courseId: input.courseId,
    viewer: input.viewer,
    place: input.place,
    pending: false,
    returnedPaymentId: input.returnedPaymentId ?? null,
    quote: null,
    choice: { method: null, termsAccepted: false, walletPhone: '' },
    errors: {},
    payment: null,
    paymentId: null,
    walletCode: '',
    alert: null,
    confirmReads: 0,
  }),
  initial: 'deciding',
  on: { 'viewer.change': { target: '.deciding', actions: 'keepViewer' } },
  states: {
    deciding: {
      always: [
        { guard: 'signedOut', target: 'signedOut' },
        { guard: 'trainee', target: 'loading' },
        { target: 'notForRole', actions: 'dropPending' },
      ],
    },
    signedOut: {
      always: { guard: 'pending', target: 'awaitingSignIn' },
      on: { 'enrol.start': { target: 'awaitingSignIn', actions: ['keepPending', 'askToSignIn'] } },
    },
    /** The login dialog is open for this enrolment. */
    awaitingSignIn: {
      on: {
        'enrol.start': { actions: 'askToSignIn' },
        'signIn.dismissed': { target: 'signedOut', actions: 'dropPending' },
      },
    },
    /** A trainer account: enrolling is for trainees. */
    notForRole: {},
    /** Where this trainee's enrolment in the course stands, and its price. */
    loading: {
      invoke: {
        id: 'loader',
        src: 'loader',
        input: ({ context }) => ({ params: { courseId: context.courseId } }),
        onDone: [
          // Back from the gateway (or the latest payment at /checkout): the payment tells the outcome.
          {
            guard: 'returned',
            target: 'confirming',
            actions: [keepQuote, 'dropPending'],
          },
          {
            guard: { type: 'withdrawalPending', params: outputOf },
            target: 'withdrawalRequested',
            actions: [keepQuote, 'dropPending'],
          },
          {
            guard: { type: 'left', params: outputOf },
            target: 'left',
            actions: [keepQuote, 'dropPending'],
          },
          {
            guard: { type: 'enrolled', params: outputOf },
            target: 'enrolled',
            actions: [keepQuote, 'dropPending'],
          },
          {
            guard: { type: 'awaitingCash', params: outputOf },
            target: 'awaitingCash',
            actions: [keepQuote, { type: 'keepPendingPayment', params: outputOf }, 'dropPending'],
          },
          {
            guard: { type: 'awaitingWalletCode', params: outputOf },
            target: 'awaitingWalletCode',
            actions: [keepQuote, { type: 'keepPendingPayment', params: outputOf }, 'dropPending'],
          },
          {
            guard: 'atCheckout',
            target: 'checkingOut',
            actions: [keepQuote, 'dropPending'],
          },
          {
            guard: 'pending',
            target: 'notEnrolled',
            actions: [keepQuote, 'dropPending', 'goToCheckout'],
          },
          { target: 'notEnrolled', actions: keepQuote },
        ],
      },
    },
    /** The course page: 'Enroll Now' leads to checkout. */
    notEnrolled: {
      on: { 'enrol.start': { actions: 'goToCheckout' } },
    },
    checkingOut: {
      on: {
        'method.choose': { actions: 'chooseMethod' },
        'terms.change': { actions: 'changeTerms' },
        'walletPhone.change': { actions: 'changeWalletPhone' },
        'payment.submit': [
          { guard: 'choiceComplete', target: 'submitting', actions: 'clearAlert' },
          { actions: 'showChoiceErrors' },
        ],
      },
    },
    /** One payment for this attempt: a second press, a refresh or a retried request reuse its key. */
    submitting: {
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => orderOf(context),
        onDone: [
          {
            guard: { type: 'paid', params: outputOf },
            target: 'enrolled',
            actions: [keepPayment, 'announcePaid'],
          },
          {
            guard: { type: 'atGateway', params: outputOf },
            target: 'atGateway',
            actions: [keepPayment, { type: 'goToGateway', params: outputOf }],
          },
          {
            guard: { type: 'walletCodeAsked', params: outputOf },
            target: 'awaitingWalletCode',
            actions: keepPayment,
          },
          {
            guard: { type: 'cashAwaited', params: outputOf },
            target: 'awaitingCash',
            actions: keepPayment,
          },
          { target: 'failed', actions: keepPayment },
        ],
        onError: { target: 'checkingOut', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /** The browser is on its way to the gateway's page (3-D Secure). */
    atGateway: {},
    /** Back from the gateway: the payment is read until the gateway has reported it. */
    confirming: {
      entry: 'countConfirmRead',
      invoke: {
        id: 'readPayment',
        src: 'readPayment',
        input: ({ context }) => ({ paymentId: context.returnedPaymentId ?? '' }),
        onDone: [
          {
            guard: { type: 'paid', params: outputOf },
            target: 'enrolled',
            actions: [keepPayment, 'forgetReturn', 'announcePaid'],
          },
          {
            guard: { type: 'failed', params: outputOf },
            target: 'failed',
            actions: [keepPayment, 'forgetReturn'],
          },
          // A payment of another method (the latest one, shown at /checkout): where it stands.
          {
            guard: { type: 'walletCodeAsked', params: outputOf },
            target: 'awaitingWalletCode',
            actions: [keepPayment, 'forgetReturn'],
          },
          {
            guard: { type: 'cashAwaited', params: outputOf },
            target: 'awaitingCash',
            actions: [keepPayment, 'forgetReturn'],
          },
          { target: 'awaitingGateway', actions: keepPayment },
        ],
        onError: { target: 'confirmFailed', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    awaitingGateway: {
      always: { guard: 'gatewaySlow', target: 'gatewaySlow' },
      after: { confirmInterval: 'confirming' },
    },
    /** The gateway has not reported the payment after a while: read again on request. */
    gatewaySlow: {
      on: { retry: { target: 'confirming', actions: 'resetConfirmReads' } },
    },
    confirmFailed: {
      on: { retry: { target: 'confirming', actions: ['clearAlert', 'resetConfirmReads'] } },
    },
    awaitingWalletCode: {
      on: {
        'walletCode.change': { actions: 'changeWalletCode' },
        'walletCode.submit': { guard: 'walletCodeTyped', target: 'sendingWalletCode', actions: 'clearAlert' },
      },
    },
    sendingWalletCode: {
      invoke: {
        id: 'sendWalletCode',
        src: 'sendWalletCode',
        input: ({ context }) => ({ paymentId: context.paymentId ?? '', code: context.walletCode }),
        onDone: [
          {
            guard: { type: 'paid', params: outputOf },
            target: 'enrolled',
            actions: [keepPayment, 'announcePaid'],
          },
          {
            guard: { type: 'failed', params: outputOf },
            target: 'failed',
            actions: [keepPayment, 'clearWalletCode'],
          },
          { target: 'awaitingWalletCode', actions: keepPayment },
        ],
        // A wrong code: the payment waits for another (the server counts the tries).
        onError: {
          target: 'awaitingWalletCode',
          actions: [{ type: 'showAlert', params: failureOf }, 'clearWalletCode'],
        },
      },
    },
    /** To be paid at the centre: a live notice says when the centre has confirmed it. */
    awaitingCash: {
      on: { 'enrolment.changed': 'loading' },
    },
    /** 'Payment Failed': 'Try Again' keeps the method and the terms. */
    failed: {
      on: {
        'payment.retry': {
          target: 'checkingOut',
          actions: ['startNewAttempt', 'clearAlert', 'resetConfirmReads', 'forgetReturn'],
        },
      },
    },
    enrolled: {
      on: { 'enrolment.changed': 'loading' },
    },
    /** Asked to leave (from the enrolled courses): the admin decides, and a live notice says so. */
    withdrawalRequested: {
      on: { 'enrolment.changed': 'loading' },
    },
    /** Withdrawn or dropped: the course is closed to this trainee. */
    left: {},
  },
});
