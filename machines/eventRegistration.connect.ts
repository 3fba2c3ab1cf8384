import type { SnapshotFrom } from 'xstate';
import type { eventRegistrationMachine } from './eventRegistration.machine';

export type EventRegistrationSnapshot = SnapshotFrom<typeof eventRegistrationMachine>;

/** What the event page shows of the registration. */
export type EventRegistrationView =
  | { status: 'ended' }
  /** The signed-in user's registration is being read: neither the button nor the note yet. */
  | { status: 'checking' }
  | { status: 'registered' }
  | {
      status: 'open';
      /** A call is on its way: the button is disabled and says 'Registering…'. */
      busy: boolean;
      alert: string | null;
      /** A signed-out visitor is told they will be asked to log in first. */
      signInFirst: boolean;
    };

export function connectEventRegistration(snapshot: EventRegistrationSnapshot): EventRegistrationView {
  if (snapshot.matches('ended')) return { status: 'ended' };
  if (snapshot.matches('registered')) return { status: 'registered' };
  if (snapshot.matches('checking') || snapshot.matches('opening')) return { status: 'checking' };
  return {
    status: 'open',
    busy: snapshot.matches('registering'),
    alert: snapshot.context.alert,
    signInFirst: !snapshot.context.signedIn,
  };
}
