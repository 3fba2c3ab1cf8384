import { normaliseCode } from '@contract/forms/auth';
import { useLingui } from '@lingui/react/macro';
import { type CheckoutView, connectCheckout } from '@machines/enrolment.connect';
import { type EnrolmentEvent, enrolmentMachine } from '@machines/enrolment.machine';
import { loaderOf } from '@machines/loader.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { api } from '@/api/http';
import { confirmWalletCode, createPayment, getPayment, getQuote } from '@/api/payments';
import type { Language } from '@/i18n/languages';
import { useLanguage } from '@/i18n/useLanguage';
import { useSessionRole, useSignedIn } from '@/session';
import { askToSignIn } from '@/stores/dialogs';
import { useLiveNotices } from '@/stores/live-notices';
import { showToast } from '@/stores/toasts';
import { useLoader } from '@/ui/useLoader';

/** Where the attempt keys are kept: localStorage, shared by the tabs and kept across reloads. */
export type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEY_PREFIX = 'checkout-attempt:';

/**
 * The idempotency key of a payment attempt, one per course: a second press, a refresh, Back or a
 * second tab send the same key, and the API answers with the same payment. A new key is made only
 * for 'Try Again' after a failed payment (`forget`, then the next `keyOf` makes one).
 */
export function attemptKeys(store: KeyStore, newKey: () => string) {
  return {
    keyOf(courseId: number): string {
      const name = `${KEY_PREFIX}${courseId}`;
      const kept = store.getItem(name);
      if (kept) return kept;
      const key = newKey();
      store.setItem(name, key);
      return key;
    },
    forget(courseId: number): void {
      store.removeItem(`${KEY_PREFIX}${courseId}`);
    },
  };
}

/** What checkout is wired to: the API, the attempt keys' store, the page and the browser. */
export interface CheckoutDeps {
  api: ApiClient;
  store: KeyStore;
  /** A new idempotency key (a UUID). */
  newKey(): string;
  /** The page's language, which the gateway's page speaks. */
  language(): Language;
  /** Opens the sign-in dialog. */
  askToSignIn(): void;
  /** Sends the browser to the gateway's page. */
  leaveFor(address: string): void;
  /** The 'Payment Success' toast. */
  announcePaid(): void;
}

/** The enrolment machine as checkout drives it: its calls, the attempt's key and where it leads. */
export function checkoutLive(deps: CheckoutDeps) {
  const keys = attemptKeys(deps.store, deps.newKey);
  return enrolmentMachine.provide({
    actors: {
      loader: loaderOf(({ courseId }: { courseId: number }) => getQuote(deps.api, courseId)),
      createPayment: fromPromise(({ input }) =>
        createPayment(deps.api, {
          course_id: input.courseId,
          method: input.method,
          idempotency_key: keys.keyOf(input.courseId),
          terms_accepted: input.termsAccepted,
          ...(input.walletPhone === undefined ? {} : { wallet_phone: input.walletPhone }),
          lang: deps.language(),
        }),
      ),
      readPayment: fromPromise(({ input }) => getPayment(deps.api, input.paymentId)),
      sendWalletCode: fromPromise(({ input }) =>
        confirmWalletCode(deps.api, input.paymentId, normaliseCode(input.code)),
      ),
    },
    actions: {
      askToSignIn: () => deps.askToSignIn(),
      goToGateway: (_, { value }) => {
        if (value.transaction_url) deps.leaveFor(value.transaction_url);
      },
      startNewAttempt: ({ context }) => keys.forget(context.courseId),
      announcePaid: () => deps.announcePaid(),
    },
  });
}

/** localStorage, reached when a key is read or written (not when the page opens). */
const browserStore: KeyStore = {
  getItem: (name) => localStorage.getItem(name),
  setItem: (name, value) => localStorage.setItem(name, value),
  removeItem: (name) => localStorage.removeItem(name),
};

/**
 * Checkout of one course in this page: the view model and the events it sends; the viewer and the
 * live notices about this trainee's enrolment reach the machine.
 */
export function useCheckout(
  courseId: number,
  returnedPaymentId: string | null,
): { view: CheckoutView; send: (event: EnrolmentEvent) => void } {
  const { t } = useLingui();
  const language = useLanguage();
  const languageRef = useRef(language);
  languageRef.current = language;
  const signedIn = useSignedIn();
  const role = useSessionRole();
  const [machine] = useState(() =>
    checkoutLive({
      api,
      store: browserStore,
      newKey: () => crypto.randomUUID(),
      language: () => languageRef.current,
      askToSignIn,
      leaveFor: (address) => window.location.assign(address),
      announcePaid: () => showToast(t`Payment Success`),
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { courseId, viewer: { signedIn, role }, place: 'checkout', returnedPaymentId },
  });
  useLoader(state.children.loader);
  useEffect(() => send({ type: 'viewer.change', viewer: { signedIn, role } }), [send, signedIn, role]);
  useLiveNotices(useCallback(() => send({ type: 'enrolment.changed' }), [send]));
  return { view: connectCheckout(state), send };
}
