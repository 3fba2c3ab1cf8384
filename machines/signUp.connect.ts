import type { SnapshotFrom } from 'xstate';
import { type OtpStepView, otpStepView } from './forms';
import type { signUpMachine } from './signUp.machine';

type Snapshot = SnapshotFrom<typeof signUpMachine>;

/** Which dialog of the registration is showing, with what it needs. */
export type SignUpView =
  | {
      step: 'form';
      values: Snapshot['context']['values'];
      errors: Snapshot['context']['errors'];
      alert: string | null;
      cvName: string | null;
      busy: boolean;
      /** A code is on its way to the address typed: 'Enter the code' opens its step. */
      codeSent: boolean;
    }
  | (OtpStepView & {
      /** Where 'back' leads: the form (to change the address), or the sign-in it was opened from. */
      back: 'form' | 'signIn';
    })
  /** Trainee: signed in, off to the profile. Trainer: waits for the admin's approval. */
  | { step: 'success'; outcome: 'registered' | 'awaitingApproval' }
  | { step: 'closed' };

export function connectSignUp(snapshot: Snapshot): SignUpView {
  const { values, errors, alert, cv, email, otp, origin, codeSent } = snapshot.context;
  if (snapshot.matches('otp') || snapshot.matches('verifying') || snapshot.matches('resending')) {
    const busy = snapshot.matches('verifying');
    const resending = snapshot.matches('resending');
    return { ...otpStepView(otp, email ?? '', { alert, busy, resending }), back: origin };
  }
  if (snapshot.matches('registered')) return { step: 'success', outcome: 'registered' };
  if (snapshot.matches('awaitingApproval')) return { step: 'success', outcome: 'awaitingApproval' };
  if (snapshot.matches('closed')) return { step: 'closed' };
  return {
    step: 'form',
    values,
    errors,
    alert,
    cvName: cv?.name ?? null,
    busy: snapshot.matches('registering'),
    codeSent,
  };
}
