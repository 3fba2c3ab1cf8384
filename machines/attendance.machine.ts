import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import type { AttendanceGiven, AttendanceTicket, MakeAttendanceInput } from '@contract/wire/attendance';
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf, statusOf } from './forms';

/**
 * Giving attendance at /trainee/make-attendance/{courseId}?code=… (spec sections 2, 4 and 8): the
 * QR code the trainer shows leads here. A signed-in trainee gives attendance with the code at once.
 * Someone signed out first turns the code into a ticket (the server keeps it in this browser's
 * cookie until the code's grace ends; the address back from signing in has no code), and the view
 * notes it with the course id; the login dialog that cannot be closed opens, and once signed in the
 * ticket gives the attendance. Every answer is an outcome of its own with what to do next; a
 * failure of the network can be tried again.
 */

/** Staff (ADMIN) are shown what trainers are: attendance is the trainees'. */
export type AttendanceViewer = 'signedOut' | 'TRAINEE' | 'TRAINER' | 'ADMIN';

export interface AttendanceInput {
  courseId: number;
  /** The code from the address, if any. */
  code: string | null;
  /** Whether this browser holds a ticket for this course, made before signing in, not run out. */
  ticket: boolean;
  viewer: AttendanceViewer;
}

export interface AttendanceContext {
  courseId: number;
  code: string | null;
  ticket: boolean;
  viewer: AttendanceViewer;
  /** The failure of the last call, while it can be tried again. */
  error: unknown;
}

export type AttendanceEvent =
  /** The visitor signed in (the login dialog closed with a session). */
  | { type: 'session.signedIn'; role: 'TRAINEE' | 'TRAINER' | 'ADMIN' }
  /** Try the failed call again. */
  | { type: 'retry' };

/** What giving attendance sends: "this browser's ticket" when one was made, else the code. */
export function credentialOf(context: Pick<AttendanceContext, 'code' | 'ticket'>): MakeAttendanceInput {
  if (context.ticket) return { ticket: true };
  return { code: context.code ?? '' };
}

/** The sentence a refusal carries (the API client's errors carry the server's). */
function messageOf(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('message' in error)) return '';
  return typeof error.message === 'string' ? error.message : '';
}

const refusedAs =
  (status: number, message?: string) =>
  (_: unknown, { error }: Failure) =>
    statusOf(error) === status && (message === undefined || messageOf(error) === message);

/** Each refusal of giving attendance that has a page of its own, in the order they are checked. */
const REFUSALS = [
  ['isAlready', '#attendance.already'],
  ['isOtherDevice', '#attendance.otherDevice'],
  ['isTicketUsed', '#attendance.ticketUsed'],
  ['isNoClass', '#attendance.noClass'],
  ['isExpired', '#attendance.expired'],
  ['isInvalid', '#attendance.invalid'],
  ['isNotEnrolled', '#attendance.notEnrolled'],
  ['isTraineesOnly', '#attendance.trainer'],
] as const;

export const attendanceMachine = setup({
  types: {
    context: {} as AttendanceContext,
    events: {} as AttendanceEvent,
    input: {} as AttendanceInput,
  },
  actors: {
    requestTicket: fromPromise<AttendanceTicket, { courseId: number; code: string }>(async () => {
      throw new Error('requestTicket is supplied by the view');
    }),
    giveAttendance: fromPromise<AttendanceGiven, { courseId: number; credential: MakeAttendanceInput }>(
      async () => {
        throw new Error('giveAttendance is supplied by the view');
      },
    ),
  },
  guards: {
    isTrainer: ({ context }) => context.viewer === 'TRAINER' || context.viewer === 'ADMIN',
    isTrainee: ({ context }) => context.viewer === 'TRAINEE',
    hasCode: ({ context }) => Boolean(context.code),
    hasTicket: ({ context }) => Boolean(context.ticket),
    signedInAsTrainer: ({ event }) => {
      assertEvent(event, 'session.signedIn');
      return event.role !== 'TRAINEE';
    },
    isAlready: refusedAs(409, ATTENDANCE_MESSAGES.already),
    isOtherDevice: refusedAs(403, ATTENDANCE_MESSAGES.otherDevice),
    isTicketUsed: refusedAs(409, ATTENDANCE_MESSAGES.ticketUsed),
    isNoClass: refusedAs(404),
    isExpired: refusedAs(400, ATTENDANCE_MESSAGES.expired),
    isInvalid: refusedAs(400),
    isNotEnrolled: refusedAs(403, ATTENDANCE_MESSAGES.notEnrolled),
    isTraineesOnly: refusedAs(403, ATTENDANCE_MESSAGES.traineesOnly),
  },
  actions: {
    keepTicket: assign({ ticket: true }),
    keepError: assign({ error: (_, { error }: Failure) => error }),
    clearError: assign({ error: null }),
    /** Notes the ticket and keeps the course id while the visitor signs in (the view's storage). */
    storeTicket: (_, _params: { courseId: number; ticket: AttendanceTicket }) => {},
    /** Drops the kept ticket and course id: it was used, or it can no longer be. */
    forgetTicket: () => {},
    /** Opens the login dialog that cannot be closed (a course id is kept). */
    askToSignIn: () => {},
    /** The toast 'You have Given your attendance Successfully!'. */
    announceGiven: () => {},
  },
}).createMachine({
  id: 'attendance',
  context: ({ input }) => ({
    courseId: input.courseId,
    code: input.code,
    ticket: input.ticket,
    viewer: input.viewer,
    error: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isTrainer', target: 'trainer' },
        { guard: and(['isTrainee', 'hasTicket']), target: 'giving' },
        { guard: and(['isTrainee', 'hasCode']), target: 'giving' },
        { guard: 'isTrainee', target: 'noCode' },
        { guard: 'hasTicket', target: 'awaitingSignIn' },
        { guard: 'hasCode', target: 'ticketing' },
        { target: 'noCode' },
      ],
    },
    ticketing: {
      initial: 'requesting',
      states: {
        requesting: {
          entry: 'clearError',
          invoke: {
            id: 'requestTicket',
            src: 'requestTicket',
            input: ({ context }) => ({ courseId: context.courseId, code: context.code ?? '' }),
            onDone: {
              target: '#attendance.awaitingSignIn',
              actions: [
                'keepTicket',
                {
                  type: 'storeTicket',
                  params: ({ context, event }) => ({ courseId: context.courseId, ticket: event.output }),
                },
              ],
            },
            onError: [
              { guard: { type: 'isExpired', params: failureOf }, target: '#attendance.expired' },
              { guard: { type: 'isInvalid', params: failureOf }, target: '#attendance.invalid' },
              { target: 'failed', actions: { type: 'keepError', params: failureOf } },
            ],
          },
        },
        failed: {
          on: { retry: 'requesting' },
        },
      },
    },
    awaitingSignIn: {
      entry: 'askToSignIn',
      on: {
        'session.signedIn': [
          { guard: 'signedInAsTrainer', target: 'trainer', actions: 'forgetTicket' },
          { target: 'giving' },
        ],
      },
    },
    giving: {
      initial: 'requesting',
      states: {
        requesting: {
          entry: 'clearError',
          invoke: {
            id: 'giveAttendance',
            src: 'giveAttendance',
            input: ({ context }) => ({ courseId: context.courseId, credential: credentialOf(context) }),
            onDone: { target: '#attendance.given', actions: ['forgetTicket', 'announceGiven'] },
            onError: [
              // A refusal the page explains ends the visit's ticket: it cannot be used again.
              ...REFUSALS.map(([guard, target]) => ({
                guard: { type: guard, params: failureOf },
                target,
                actions: 'forgetTicket' as const,
              })),
              { target: 'failed', actions: { type: 'keepError', params: failureOf } },
            ],
          },
        },
        failed: {
          on: { retry: 'requesting' },
        },
      },
    },
    /** 'You have Given your attendance Successfully!' */
    given: {},
    /** 'You already have given your attendance.' */
    already: {},
    /** The ticket is not this browser's (a copied address or answer): scan with your own device. */
    otherDevice: {},
    /** The ticket gave someone's attendance already: scan the code again. */
    ticketUsed: {},
    /** 'No available Class for Today!' */
    noClass: {},
    /** The code is past its grace step (or the ticket its time): scan the code again. */
    expired: {},
    /** Not a code of this course: scan the code on the screen again. */
    invalid: {},
    /** Not enrolled: the course page, to enrol. */
    notEnrolled: {},
    /** A trainer opened the code: trainees give attendance; the trainer's own screen shows the code. */
    trainer: {},
    /** Opened without a code (or a ticket): scan the code the trainer shows. */
    noCode: {},
  },
});
