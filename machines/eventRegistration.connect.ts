import type { SnapshotFrom } from 'xstate';
import type { eventRegistrationMachine } from './eventRegistration.machine';

export type EventRegistrationSnapshot = SnapshotFrom<typeof eventRegistrationMachine>;

/** What the event page shows of the registration. */
export type EventRegistrationView =
  | { status: 'ended' }
  | { status: 'registered' }
  | {
      status: 'open';
      /** A call is on its way: the button is disabled and says 'Registering…'. */
      busy: boolean;
      alert: string | null;
      /** A signed-out visitor is told they will be asked to log in first. */
      signInFirst: boolean;
    };

export function connectEventRegistration(
  snapshot: EventRegistrationSnapshot,
  viewer: { signedIn: boolean },
): EventRegistrationView {
  if (snapshot.matches('ended')) return { status: 'ended' };
  if (snapshot.matches('registered')) return { status: 'registered' };
  return {
    status: 'open',
    busy: snapshot.matches('registering'),
    alert: snapshot.context.alert,
    signInFirst: !viewer.signedIn,
  };
}
