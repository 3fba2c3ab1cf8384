import { and, assertEvent, assign, setup } from 'xstate';
import type { Role } from '../src/contract/common';

/** Who is looking at the course: signed in or not, and as which role. */
export interface Viewer {
  signedIn: boolean;
  role: Role | null;
}

export interface EnrolmentInput {
  courseId: number;
  viewer: Viewer;
}

export interface EnrolmentContext {
  courseId: number;
  viewer: Viewer;
  /** 'Enroll Now' was pressed while signed out: checkout follows once a trainee signs in. */
  pending: boolean;
}

export type EnrolmentEvent =
  /** The session changed (signed in from the dialog, signed out in another tab). */
  | { type: 'viewer.change'; viewer: Viewer }
  /** 'Enroll Now' pressed by a signed-out visitor. */
  | { type: 'enrol.start' }
  /** The sign-in dialog was closed without signing in: 'Enroll Now' is not pressed any more. */
  | { type: 'signIn.dismissed' };

/**
 * Enrolling in a course from its page (spec section 2): a signed-out visitor is asked to sign in
 * first and, once signed in as a trainee, goes on to checkout without pressing again (closing the
 * dialog drops that); a trainee goes on to checkout; a trainer account cannot enrol and is told so.
 * Checkout and payment grow from the `open` state.
 */
export const enrolmentMachine = setup({
  types: {
    input: {} as EnrolmentInput,
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
  },
  guards: {
    signedOut: ({ context }) => !context.viewer.signedIn,
    trainee: ({ context }) => context.viewer.role === 'TRAINEE',
    pending: ({ context }) => context.pending,
  },
  actions: {
    keepViewer: assign(({ event }) => {
      assertEvent(event, 'viewer.change');
      return { viewer: event.viewer };
    }),
    keepPending: assign({ pending: true }),
    dropPending: assign({ pending: false }),
    /** Opens the login dialog, coming back to this course afterwards. */
    askToSignIn: () => {},
    /** Goes to the course's checkout, where 'Enroll Now' leads. */
    goToCheckout: (_: { context: EnrolmentContext }) => {},
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => ({ courseId: input.courseId, viewer: input.viewer, pending: false }),
  initial: 'deciding',
  on: { 'viewer.change': { target: '.deciding', actions: 'keepViewer' } },
  states: {
    deciding: {
      always: [
        { guard: 'signedOut', target: 'signedOut' },
        { guard: and(['trainee', 'pending']), target: 'open', actions: ['dropPending', 'goToCheckout'] },
        { guard: 'trainee', target: 'open' },
        { target: 'notForRole', actions: 'dropPending' },
      ],
    },
    signedOut: {
      always: { guard: 'pending', target: 'awaitingSignIn' },
      on: { 'enrol.start': { target: 'awaitingSignIn', actions: ['keepPending', 'askToSignIn'] } },
    },
    /** The login dialog is open for this enrolment. */
    awaitingSignIn: {
      on: {
        'enrol.start': { actions: 'askToSignIn' },
        'signIn.dismissed': { target: 'signedOut', actions: 'dropPending' },
      },
    },
    /** A trainee: 'Enroll Now' leads to checkout. */
    open: {},
    /** A trainer account: enrolling is for trainees. */
    notForRole: {},
  },
});
