import { createStore } from '@xstate/store';
import { useSelector } from '@xstate/store/react';

/**
 * The identity dialogs of spec section 2 that can be opened directly; at most one is open at a time.
 * OTP, reset-password and success dialogs are later steps of the registration and reset flows.
 */
export type DialogName =
  | 'login'
  | 'registration'
  | 'forgotPassword'
  | 'trainerLogin'
  | 'trainerRegistration'
  | 'trainerForgotPassword'
  /** The code step of an account that still waits for its sign-up code (opened from a sign-in). */
  | 'verification'
  | 'trainerVerification';

export const dialogStore = createStore({
  context: {
    open: null as DialogName | null,
    returnTo: null as string | null,
    /** The address a code step is for. */
    email: null as string | null,
  },
  on: {
    open: (context, event: { name: DialogName; returnTo?: string | null; email?: string }) => ({
      open: event.name,
      email: event.email ?? null,
      // Moving between identity dialogs (login → registration) keeps where to come back to.
      returnTo: event.returnTo !== undefined ? event.returnTo : context.open ? context.returnTo : null,
    }),
    close: () => ({ open: null, returnTo: null, email: null }),
  },
});

/**
 * Opens an identity dialog. `returnTo` is the page to come back to after signing in (a page that
 * needs sign-in for one action); without it sign-in goes home.
 */
export function openDialog(name: DialogName, options: { returnTo?: string } = {}): void {
  dialogStore.trigger.open({ name, returnTo: options.returnTo });
}

/** Asks a signed-out visitor to sign in, then brings them back to the page they are on. */
export function askToSignIn(): void {
  openDialog('login', { returnTo: window.location.pathname + window.location.search });
}

/** Opens the code step of an account that still waits for its sign-up code. */
export function openCodeStep(name: DialogName, email: string): void {
  dialogStore.trigger.open({ name, email });
}

/** The address the open code step is for. */
export function dialogEmail(): string | null {
  return dialogStore.getSnapshot().context.email;
}

export function dialogReturnTo(): string | null {
  return dialogStore.getSnapshot().context.returnTo;
}

export function closeDialog(): void {
  dialogStore.trigger.close();
}

export function useOpenDialog(): DialogName | null {
  return useSelector(dialogStore, (state) => state.context.open);
}
