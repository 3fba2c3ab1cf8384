import type { SnapshotFrom } from 'xstate';
import { type OtpStepView, otpStepView } from './forms';
import type { passwordResetMachine } from './passwordReset.machine';

type Snapshot = SnapshotFrom<typeof passwordResetMachine>;
type Context = Snapshot['context'];

/** Which dialog of the reset is showing, with what it needs. */
export type PasswordResetView =
  | {
      step: 'request';
      request: Context['request'];
      errors: Context['requestErrors'];
      alert: string | null;
      busy: boolean;
    }
  | OtpStepView
  | {
      step: 'reset';
      values: Context['values'];
      errors: Context['errors'];
      alert: string | null;
      busy: boolean;
    };

export function connectPasswordReset(snapshot: Snapshot): PasswordResetView {
  const { request, requestErrors, otp, values, errors, alert } = snapshot.context;
  if (snapshot.matches('otp') || snapshot.matches('verifying') || snapshot.matches('resending')) {
    const busy = snapshot.matches('verifying');
    return otpStepView(otp, request.email_or_phone, {
      alert,
      busy,
      resending: snapshot.matches('resending'),
    });
  }
  if (snapshot.matches('reset') || snapshot.matches('saving') || snapshot.matches('done')) {
    return { step: 'reset', values, errors, alert, busy: snapshot.matches('saving') };
  }
  return { step: 'request', request, errors: requestErrors, alert, busy: snapshot.matches('sending') };
}
