import { assertEvent, assign, setup } from 'xstate';
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
}

export type EnrolmentEvent =
  /** The session changed (signed in from the dialog, signed out in another tab). */
  | { type: 'viewer.change'; viewer: Viewer }
  /** 'Enroll Now' pressed by a signed-out visitor. */
  | { type: 'enrol.start' };

/**
 * Enrolling in a course from its page (spec section 2): a signed-out visitor is asked to sign in
 * first and comes back to the course; a trainee goes on to checkout; a trainer account cannot enrol
 * and is told so. Checkout and payment grow from the `open` state.
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
  },
  actions: {
    keepViewer: assign(({ event }) => {
      assertEvent(event, 'viewer.change');
      return { viewer: event.viewer };
    }),
    /** Opens the login dialog, coming back to this course afterwards. */
    askToSignIn: () => {},
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => ({ courseId: input.courseId, viewer: input.viewer }),
  initial: 'deciding',
  on: { 'viewer.change': { target: '.deciding', actions: 'keepViewer' } },
  states: {
    deciding: {
      always: [
        { guard: 'signedOut', target: 'signedOut' },
        { guard: 'trainee', target: 'open' },
        { target: 'notForRole' },
      ],
    },
    signedOut: {
      on: { 'enrol.start': { actions: 'askToSignIn' } },
    },
    /** A trainee: 'Enroll Now' leads to checkout. */
    open: {},
    /** A trainer account: enrolling is for trainees. */
    notForRole: {},
  },
});
