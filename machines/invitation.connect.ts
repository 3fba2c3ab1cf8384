import type { Invitation } from '@contract/wire/invitations';
import type { SnapshotFrom } from 'xstate';
import type { InvitationEvent, invitationMachine, SignInChoice } from './invitation.machine';

type Snapshot = SnapshotFrom<typeof invitationMachine>;

export type InvitationPageView =
  | { step: 'loading' }
  | { step: 'failed'; alert: string | null; retry: () => void }
  | { step: 'notFound' }
  | {
      step: 'pending';
      invitation: Invitation;
      signedIn: boolean;
      busy: boolean;
      alert: string | null;
      accept: () => void;
      signIn: (choice: SignInChoice) => void;
    }
  | { step: 'accepted' | 'expired' | 'acceptedNow'; invitation: Invitation };

export function connectInvitation(
  snapshot: Snapshot,
  send: (event: InvitationEvent) => void,
): InvitationPageView {
  const { invitation, alert, signedIn } = snapshot.context;
  if (snapshot.matches('loading')) return { step: 'loading' };
  if (snapshot.matches('failed')) return { step: 'failed', alert, retry: () => send({ type: 'retry' }) };
  if (snapshot.matches('notFound') || !invitation) return { step: 'notFound' };
  if (snapshot.matches('pending')) {
    return {
      step: 'pending',
      invitation,
      signedIn,
      busy: !snapshot.matches({ pending: 'idle' }),
      alert,
      accept: () => send({ type: 'accept' }),
      signIn: (choice) => send({ type: 'signIn.start', choice }),
    };
  }
  if (snapshot.matches('acceptedNow')) return { step: 'acceptedNow', invitation };
  return { step: snapshot.matches('accepted') ? 'accepted' : 'expired', invitation };
}
