import { assign, fromPromise, setup } from 'xstate';
import type { Confirmation } from '../src/contract/common';
import { alertOf } from './forms';

/** The alert text when a refused registration carries no `error` of its own (spec section 8). */
export const EVENT_REGISTRATION_FAILURE = 'Something went wrong';

export interface EventRegistrationContext {
  /** The response's `error` after a refusal, or null. */
  alert: string | null;
}

/** `signedIn` is read by the view from the session at the moment of the click. */
export type EventRegistrationEvent = { type: 'registration.submit'; signedIn: boolean };

/**
 * Registering for an event: a signed-out visitor is asked to sign in first (and comes back to the
 * event); a signed-in one registers; a refusal shows the response's error and can be tried again.
 */
export const eventRegistrationMachine = setup({
  types: {
    context: {} as EventRegistrationContext,
    events: {} as EventRegistrationEvent,
  },
  actors: {
    register: fromPromise<Confirmation>(async () => {
      throw new Error('register is supplied by the view');
    }),
  },
  guards: {
    signedIn: ({ event }) => event.type === 'registration.submit' && event.signedIn,
  },
  actions: {
    clearAlert: assign({ alert: null }),
    showAlert: assign({
      alert: ({ event }) => alertOf((event as { error?: unknown }).error, EVENT_REGISTRATION_FAILURE),
    }),
    /** Opens the login dialog, coming back to this event afterwards. */
    askToSignIn: () => {},
    /** The toast with the server's confirmation. */
    announceRegistered: (_, _params: { reply: Confirmation }) => {},
  },
}).createMachine({
  id: 'eventRegistration',
  context: { alert: null },
  initial: 'idle',
  states: {
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
        onError: { target: 'idle', actions: 'showAlert' },
      },
    },
    registered: { type: 'final' },
  },
});
