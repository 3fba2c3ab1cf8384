import type { OtpVerifyResponse } from '@contract/wire/identity';
import { useLingui } from '@lingui/react/macro';
import type { Audience } from '@machines/signIn.machine';
import { connectSignUp, type SignUpView } from '@machines/signUp.connect';
import { type SignUpEvent, signUpMachine } from '@machines/signUp.machine';
import { useMachine } from '@xstate/react';
import { type RefObject, useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { api } from '@/api/http';
import { register, resendOtp, verifyOtp } from '@/api/identity';
import { paths } from '@/routing/paths';
import { beginSession } from '@/session/sign-in';
import { closeDialog, dialogEmail, dialogReturnTo, openDialog } from '@/stores/dialogs';
import { showToast } from '@/stores/toasts';
import { focusFirstInvalid } from '@/ui/forms';
import { AUDIENCE } from './audience';

/** This tab's store (sessionStorage), where an invitation page leaves the address to start with. */
export type TabStore = Pick<Storage, 'getItem' | 'removeItem'>;

/** The address an invitation page asked the form to start with (once), if any. */
const INVITED_EMAIL_KEY = 'invited-email';

/** The invited address an invitation page left, if any (it stays until forgotten). */
export function readInvitedEmail(tab: TabStore): string | undefined {
  try {
    return tab.getItem(INVITED_EMAIL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the invited address: the next sign-up starts empty. */
export function forgetInvitedEmail(tab: TabStore): void {
  try {
    tab.removeItem(INVITED_EMAIL_KEY);
  } catch {
    // A store that cannot be written keeps nothing to forget either.
  }
}

/** What sign-up is wired to: the API, the session, the dialog and the page. */
export interface SignUpDeps {
  api: ApiClient;
  /** The page the dialog was opened from to come back to (an invitation's), or null. */
  returnTo: string | null;
  focusFirstInvalid(): void;
  announceSignedUp(): void;
  announceOtpVerified(): void;
  announceInvalidOtp(): void;
  announceOtpSent(): void;
  /** Opens the sign-in dialog the code step was opened from. */
  backToSignIn(): void;
  /** Signs in with the tokens the code's check answered. */
  beginSession(reply: OtpVerifyResponse): void;
  closeDialog(): void;
  navigate(path: string): void;
}

/**
 * The sign-up machine with its calls; a trainee signed in by the code goes to the profile, unless
 * the dialog was opened from a page to come back to.
 */
export function signUpLive(deps: SignUpDeps) {
  return signUpMachine.provide({
    actors: {
      register: fromPromise(({ input }) => register(deps.api, input)),
      verifyOtp: fromPromise(({ input }) => verifyOtp(deps.api, input)),
      resendOtp: fromPromise(({ input }) => resendOtp(deps.api, input)),
    },
    actions: {
      focusFirstInvalid: () => deps.focusFirstInvalid(),
      announceSignedUp: () => deps.announceSignedUp(),
      announceOtpVerified: () => deps.announceOtpVerified(),
      announceInvalidOtp: () => deps.announceInvalidOtp(),
      announceOtpSent: () => deps.announceOtpSent(),
      backToSignIn: () => deps.backToSignIn(),
      startSession: (_, { reply }) => deps.beginSession(reply),
      goToProfile: () => {
        if (!deps.returnTo) deps.navigate(paths.profile());
      },
      closeDialog: () => deps.closeDialog(),
    },
  });
}

/** sessionStorage, reached when the address is taken (not when the module loads). */
const browserTab: TabStore = {
  getItem: (key) => sessionStorage.getItem(key),
  removeItem: (key) => sessionStorage.removeItem(key),
};

/**
 * Sign-up in this page, for trainees or trainers: the view model, the events it sends, and the page
 * to come back to (an invitation's) when it was opened from one.
 */
export function useSignUp(
  audience: Audience,
  form: RefObject<HTMLFormElement | null>,
  /** Opened for an account that waits for its code (the dialog store names its address). */
  verify = false,
): { view: SignUpView; send: (event: SignUpEvent) => void; returnTo: string | null } {
  const { t } = useLingui();
  // Opened from a page to come back to (an invitation), sign-up ends on that page, not the profile.
  const [returnTo] = useState(dialogReturnTo);
  const [machine] = useState(() =>
    signUpLive({
      api,
      returnTo,
      focusFirstInvalid: () => focusFirstInvalid(form.current),
      announceSignedUp: () => showToast(t`Successfully signed up`),
      announceOtpVerified: () => showToast(t`Successfully OTP Verified`),
      announceInvalidOtp: () => showToast(t`Invalid OTP Code`, 'error'),
      announceOtpSent: () => showToast(t`OTP sent successfully`),
      backToSignIn: () => openDialog(AUDIENCE[audience].login),
      beginSession,
      closeDialog,
      navigate: (path) => navigate(path),
    }),
  );
  // Read while rendering, forgotten once the form is on screen: a render React throws away (a
  // piece of the dialog still loading) runs this again, and must find the address still there.
  const [email] = useState(() => (verify ? (dialogEmail() ?? undefined) : readInvitedEmail(browserTab)));
  useEffect(() => {
    if (!verify) forgetInvitedEmail(browserTab);
  }, [verify]);
  const [state, send] = useMachine(machine, { input: { audience, email, verify } });
  return { view: connectSignUp(state), send, returnTo };
}
