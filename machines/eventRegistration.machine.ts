import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { PUBLIC_MESSAGES } from '@contract/messages/public';
import type { Confirmation } from '@contract/wire/common';
import type { EventRegistrationStatus } from '@contract/wire/events';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

export interface EventRegistrationInput {
  /** When the event ends (ISO 8601): an event that has ended takes no registration. */
  endsAt: string;
  /** The time the page was opened (milliseconds since 1970), so the machine reads no clock. */
  now: number;
  /** Whether a session is signed in when the page opens. */
  signedIn: boolean;
}

export interface EventRegistrationContext {
  endsAt: string;
  now: number;
  signedIn: boolean;
  /** 'Register' was pressed while signed out: registering goes on once the session signs in. */
  pending: boolean;
  /** The response's `error` after a refusal, or null. */
  alert: string | null;
}

export type EventRegistrationEvent =
  | { type: 'registration.submit' }
  /** The session signed in (the dialog, another tab) or out. */
  | { type: 'session.change'; signedIn: boolean }
  /** The sign-in dialog was closed without signing in: 'Register' is not pressed any more. */
  | { type: 'signIn.dismissed' };

/** The refusal of a second registration: the user is registered, which is what they wanted. */
function isAlreadyRegistered({ error }: Failure): boolean {
  return error instanceof Error && error.message === PUBLIC_MESSAGES.alreadyRegistered;
}

/**
 * Registering for an event: an event that has ended says so and takes none; a signed-in user's
 * registration is read first, and one who registered already is shown as registered; a signed-out
 * visitor is asked to sign in and, once signed in, is registered without pressing again (closing the
 * dialog drops that); a refusal shows the response's error and can be tried again, except 'already
 * registered', which shows the registration.
 */
export const eventRegistrationMachine = setup({
  types: {
    input: {} as EventRegistrationInput,
    context: {} as EventRegistrationContext,
    events: {} as EventRegistrationEvent,
  },
  actors: {
    readRegistration: fromPromise<EventRegistrationStatus>(async () => {
      throw new Error('readRegistration is supplied by the view');
    }),
    register: fromPromise<Confirmation>(async () => {
      throw new Error('register is supplied by the view');
    }),
  },
  guards: {
    hasEnded: ({ context }) => Date.parse(context.endsAt) < context.now,
    signedIn: ({ context }) => context.signedIn,
    pending: ({ context }) => context.pending,
    sessionChanged: ({ context, event }) => {
      assertEvent(event, 'session.change');
      return event.signedIn !== context.signedIn;
    },
    registered: (_, { status }: { status: EventRegistrationStatus }) => status.registered,
    alreadyRegistered: (_, failure: Failure) => isAlreadyRegistered(failure),
  },
  actions: {
    keepSession: assign(({ event }) => {
      assertEvent(event, 'session.change');
      return { signedIn: event.signedIn };
    }),
    keepPending: assign({ pending: true }),
    dropPending: assign({ pending: false }),
    clearAlert: assign({ alert: null }),
    // Spec section 8: an event registration's failure without a message of its own is the default one
    // (FAILURES.eventRegistration), read from where the page already has it.
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, DEFAULT_FAILURE) }),
    /** Opens the login dialog, coming back to this event afterwards. */
    askToSignIn: () => {},
    /** The toast with the server's confirmation. */
    announceRegistered: (_, _params: { reply: Confirmation }) => {},
  },
}).createMachine({
  id: 'eventRegistration',
  context: ({ input }) => ({
    endsAt: input.endsAt,
    now: input.now,
    signedIn: input.signedIn,
    pending: false,
    alert: null,
  }),
  initial: 'opening',
  // Every state but `ended` (which stays) starts over when the session signs in or out.
  on: {
    'session.change': { guard: 'sessionChanged', target: '.opening', actions: ['keepSession', 'clearAlert'] },
  },
  states: {
    opening: {
      always: [
        { guard: 'hasEnded', target: 'ended' },
        { guard: 'signedIn', target: 'checking' },
        { target: 'idle' },
      ],
    },
    /** Reading whether the signed-in user is registered already. */
    checking: {
      invoke: {
        id: 'readRegistration',
        src: 'readRegistration',
        onDone: [
          {
            guard: { type: 'registered', params: ({ event }) => ({ status: event.output }) },
            target: 'registered',
            actions: 'dropPending',
          },
          { guard: 'pending', target: 'registering', actions: 'dropPending' },
          { target: 'idle' },
        ],
        // Unknown: the button stays; a second registration would be answered 'already registered'.
        onError: [{ guard: 'pending', target: 'registering', actions: 'dropPending' }, { target: 'idle' }],
      },
    },
    idle: {
      on: {
        'registration.submit': [
          { guard: 'signedIn', target: 'registering', actions: 'clearAlert' },
          { target: 'awaitingSignIn', actions: ['clearAlert', 'keepPending', 'askToSignIn'] },
        ],
      },
    },
    /** The login dialog is open for this registration. */
    awaitingSignIn: {
      on: {
        'registration.submit': { actions: 'askToSignIn' },
        'signIn.dismissed': { target: 'idle', actions: 'dropPending' },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        onDone: {
          target: 'registered',
          actions: { type: 'announceRegistered', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: [
          { guard: { type: 'alreadyRegistered', params: failureOf }, target: 'registered' },
          { target: 'idle', actions: { type: 'showAlert', params: failureOf } },
        ],
      },
    },
    /** Registered, now or before; signing out shows the button again. */
    registered: {},
    /** 'This event has ended': nothing to do. */
    ended: { on: { 'session.change': {} } },
  },
});
