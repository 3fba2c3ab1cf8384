import type { CompletionSaved } from '@contract/wire/records';
import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * Closing a course early (spec item 7): the trainer presses Close course, a dialog says what it
 * means (the course ends today, it moves to the course history, trainees' completion is decided by
 * the sessions held so far, and it cannot be undone), and closes it only when confirmed. While the
 * call is in flight the dialog stays open and cannot be dismissed; a refusal keeps it open with the
 * server's reason; once closed the view announces it and reads the course again.
 */
export interface CloseCourseInput {
  courseId: number;
  /** The alert text when a refusal carries no message of its own. */
  fallback: string;
}

export interface CloseCourseContext {
  courseId: number;
  fallback: string;
  alert: string | null;
}

export type CloseCourseEvent = { type: 'close.ask' } | { type: 'close.cancel' } | { type: 'close.confirm' };

export const closeCourseMachine = setup({
  types: {
    input: {} as CloseCourseInput,
    context: {} as CloseCourseContext,
    events: {} as CloseCourseEvent,
  },
  actors: {
    close: fromPromise<CompletionSaved, { courseId: number }>(async () => {
      throw new Error('close is supplied by the view');
    }),
  },
  actions: {
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    /** The course is closed: the view says so and reads the course again. */
    announceClosed: (_, _params: { reply: CompletionSaved }) => {},
  },
}).createMachine({
  id: 'closeCourse',
  context: ({ input }) => ({ courseId: input.courseId, fallback: input.fallback, alert: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'close.ask': { target: 'confirming', actions: 'clearAlert' } },
    },
    /** The dialog is open: nothing has changed yet. */
    confirming: {
      on: {
        'close.cancel': { target: 'idle', actions: 'clearAlert' },
        'close.confirm': { target: 'closing', actions: 'clearAlert' },
      },
    },
    closing: {
      invoke: {
        id: 'close',
        src: 'close',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: {
          target: 'closed',
          actions: { type: 'announceClosed', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: { target: 'confirming', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /** The course has ended: there is nothing more to close. */
    closed: { type: 'final' },
  },
});
