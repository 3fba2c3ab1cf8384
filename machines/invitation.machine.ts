import type { Invitation, InvitationAccepted } from '@contract/wire/invitations';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';

/**
 * The invitation page (`/invitations/{token}`): loads the invitation (who invited, to what, its
 * state), then, while it waits, a signed-in visitor accepts it; a signed-out one chooses Sign up or
 * Log In and, once signed in (the dialogs keep the page), the acceptance goes on by itself; closing
 * the dialogs without signing in drops it. Accepted, the view opens the course (or the catalogue).
 * The server's refusals become the page's states: 409 accepted already, 410 expired.
 */
export interface InvitationInput {
  token: string;
  signedIn: boolean;
  fallback: string;
}

export interface InvitationContext {
  token: string;
  signedIn: boolean;
  fallback: string;
  invitation: Invitation | null;
  alert: string | null;
}

export type SignInChoice = 'signUp' | 'logIn';

export type InvitationEvent =
  | { type: 'retry' }
  | { type: 'accept' }
  | { type: 'signIn.start'; choice: SignInChoice }
  | { type: 'signIn.dismissed' }
  | { type: 'session.change'; signedIn: boolean };

export const invitationMachine = setup({
  types: {
    input: {} as InvitationInput,
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
  },
  actors: {
    load: fromPromise<Invitation, string>(async () => {
      throw new Error('load is supplied by the view');
    }),
    accept: fromPromise<InvitationAccepted, string>(async () => {
      throw new Error('accept is supplied by the view');
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    isPending: ({ context }) => context.invitation?.state === 'pending',
    isAccepted: ({ context }) => context.invitation?.state === 'accepted',
    nowSignedIn: ({ event }) => event.type === 'session.change' && event.signedIn,
    unknown: (_, { error }: Failure) => statusOf(error) === 404,
    acceptedAlready: (_, { error }: Failure) => statusOf(error) === 409,
    expired: (_, { error }: Failure) => statusOf(error) === 410,
  },
  actions: {
    keepInvitation: assign({ invitation: (_, { output }: { output: Invitation }) => output }),
    noteSession: assign(({ event }) => {
      assertEvent(event, 'session.change');
      return { signedIn: event.signedIn };
    }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    /** Opens the registration dialog (the invited address filled in) or the sign-in dialog. */
    openSignIn: (_, _params: { choice: SignInChoice }) => {},
    /** Accepted: the view opens the course's page, or the catalogue when there is no course. */
    goOn: (_, _params: { output: InvitationAccepted }) => {},
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({
    token: input.token,
    signedIn: input.signedIn,
    fallback: input.fallback,
    invitation: null,
    alert: null,
  }),
  on: { 'session.change': { actions: 'noteSession' } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.token,
        onDone: {
          target: 'shown',
          actions: { type: 'keepInvitation', params: ({ event }) => ({ output: event.output }) },
        },
        onError: [
          { guard: { type: 'unknown', params: failureOf }, target: 'notFound' },
          { target: 'failed', actions: { type: 'showAlert', params: failureOf } },
        ],
      },
    },
    failed: {
      on: { retry: { target: 'loading', actions: 'clearAlert' } },
    },
    notFound: {},
    shown: {
      always: [
        { guard: 'isPending', target: 'pending' },
        { guard: 'isAccepted', target: 'accepted' },
        { target: 'expired' },
      ],
    },
    pending: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            accept: { guard: 'signedIn', target: 'accepting', actions: 'clearAlert' },
            'signIn.start': {
              target: 'awaitingSignIn',
              actions: [
                'clearAlert',
                {
                  type: 'openSignIn',
                  params: ({ event }) => ({ choice: event.choice }),
                },
              ],
            },
          },
        },
        /** The identity dialogs are open; signing in goes on with the acceptance. */
        awaitingSignIn: {
          on: {
            'session.change': [
              { guard: 'nowSignedIn', target: 'accepting', actions: 'noteSession' },
              { actions: 'noteSession' },
            ],
            'signIn.dismissed': { target: 'idle' },
          },
        },
        accepting: {
          invoke: {
            id: 'accept',
            src: 'accept',
            input: ({ context }) => context.token,
            onDone: {
              target: '#invitation.acceptedNow',
              actions: { type: 'goOn', params: ({ event }) => ({ output: event.output }) },
            },
            onError: [
              { guard: { type: 'acceptedAlready', params: failureOf }, target: '#invitation.accepted' },
              { guard: { type: 'expired', params: failureOf }, target: '#invitation.expired' },
              { target: 'idle', actions: { type: 'showAlert', params: failureOf } },
            ],
          },
        },
      },
    },
    /** Accepted by this visitor just now: the view is opening the course. */
    acceptedNow: { type: 'final' },
    accepted: {},
    expired: {},
  },
});
