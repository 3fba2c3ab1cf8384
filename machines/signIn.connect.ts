import type { Role } from '@contract/wire/common';
import type { SnapshotFrom } from 'xstate';
import { type OtpStepView, otpStepView } from './forms';
import type { signInMachine } from './signIn.machine';

/** What the sign-in dialog shows. */
export interface SignInView {
  values: SnapshotFrom<typeof signInMachine>['context']['values'];
  errors: SnapshotFrom<typeof signInMachine>['context']['errors'];
  alert: string | null;
  busy: boolean;
  /** Escape, the close button and a click outside close it, unless a course id is stored. */
  dismissable: boolean;
  kfuIdNotice: boolean;
  /**
   * The account that signed in is of the other role (this dialog is for trainers, it is a trainee's):
   * the dialog says so and offers to continue with that role instead of the form.
   */
  otherRole: Role | null;
  /** The account waits for its sign-up code: the dialog offers to open the code step. */
  awaitingCode: boolean;
  /** A staff account's password was right: the code step of its second factor instead of the form. */
  secondFactor: OtpStepView | null;
}

export function connectSignIn(snapshot: SnapshotFrom<typeof signInMachine>): SignInView {
  const { values, errors, alert, courseId, kfuIdNotice, otherRoleReply, awaitingCode, code, sentTo } =
    snapshot.context;
  const inSecondFactor = snapshot.matches('secondFactor');
  return {
    values,
    errors,
    alert,
    busy: snapshot.matches('submitting'),
    dismissable:
      !courseId &&
      (snapshot.matches('editing') ||
        snapshot.matches('otherRole') ||
        snapshot.matches({ secondFactor: 'editing' })),
    kfuIdNotice,
    otherRole: snapshot.matches('otherRole') ? (otherRoleReply?.data.role ?? null) : null,
    awaitingCode: snapshot.matches('editing') && awaitingCode !== null,
    secondFactor: inSecondFactor
      ? otpStepView(code, sentTo, {
          alert,
          busy: snapshot.matches({ secondFactor: 'verifying' }),
          resending: snapshot.matches({ secondFactor: 'resending' }),
        })
      : null,
  };
}
