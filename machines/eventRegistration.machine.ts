import { assign, fromPromise, setup } from 'xstate';
import type { Confirmation } from '../src/contract/common';
import { FAILURES } from '../src/contract/failures';
import { alertOf, type Failure, failureOf } from './forms';

export interface EventRegistrationInput {
  /** When the event ends (ISO 8601): an event that has ended takes no registration. */
  endsAt: string;
  /** The time the page was opened (milliseconds since 1970), so the machine reads no clock. */
  now: number;
}

export interface EventRegistrationContext {
  endsAt: string;
  now: number;
  /** The response's `error` after a refusal, or null. */
  alert: string | null;
}

/** `signedIn` is read by the view from the session at the moment of the click. */
export type EventRegistrationEvent = { type: 'registration.submit'; signedIn: boolean };

/**
 * Registering for an event: an event that has ended says so and takes none; a signed-out visitor is
 * asked to sign in first (and comes back to the event); a signed-in one registers; a refusal shows
 * the response's error and can be tried again.
 */
export const eventRegistrationMachine = setup({
  types: {
    input: {} as EventRegistrationInput,
    context: {} as EventRegistrationContext,
    events: {} as EventRegistrationEvent,
  },
  actors: {
    register: fromPromise<Confirmation>(async () => {
      throw new Error('register is supplied by the view');
    }),
  },
  guards: {
    hasEnded: ({ context }) => Date.parse(context.endsAt) < context.now,
    signedIn: ({ event }) => event.type === 'registration.submit' && event.signedIn,
  },
  actions: {
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.eventRegistration) }),
    /** Opens the login dialog, coming back to this event afterwards. */
    askToSignIn: () => {},
    /** The toast with the server's confirmation. */
    announceRegistered: (_, _params: { reply: Confirmation }) => {},
  },
}).createMachine({
  id: 'eventRegistration',
  context: ({ input }) => ({ endsAt: input.endsAt, now: input.now, alert: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'hasEnded', target: 'ended' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'registration.submit': [
          { guard: 'signedIn', target: 'registering', actions: 'clearAlert' },
          { actions: 'askToSignIn' },
        ],
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
        onError: { target: 'idle', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    registered: { type: 'final' },
    /** 'This event has ended': nothing to do. */
    ended: { type: 'final' },
  },
});
