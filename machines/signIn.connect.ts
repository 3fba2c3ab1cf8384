import type { SnapshotFrom } from 'xstate';
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
}

export function connectSignIn(snapshot: SnapshotFrom<typeof signInMachine>): SignInView {
  const { values, errors, alert, courseId, kfuIdNotice } = snapshot.context;
  return {
    values,
    errors,
    alert,
    busy: snapshot.matches('submitting'),
    dismissable: !courseId && snapshot.matches('editing'),
    kfuIdNotice,
  };
}
