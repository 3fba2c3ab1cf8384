import type { CourseFlags, TrainerCourseStatus } from '@contract/wire/authoring';
import type { Confirmation } from '@contract/wire/common';
import { assign, fromPromise, raise, setup } from 'xstate';
import { type Failure, failureOf, statusOf } from './forms';
import { createLoaderMachine } from './loader.machine';

/**
 * What the lifecycle reads of a course: its status as the trainer sees it (Pending, Rejected, or
 * Approved, ONGOING and Completed, which are all approved), the admin's reason when rejected, and
 * what the trainer may do with it. A card of My courses and the trainer's view of a course both
 * carry these (the view maps its answer to them), and whatever else they show.
 */
export interface ApprovalFacts {
  id: number;
  status: TrainerCourseStatus;
  rejection_reason: string | null;
  flags: CourseFlags;
}

export interface CourseApprovalInput<TCourse extends ApprovalFacts = ApprovalFacts> {
  /** Null: a course not sent yet (the wizard's new course): the lifecycle starts in draft. */
  courseId: number | null;
  /** The course when already read (a card of My courses): no load at the start. */
  course?: TCourse | null;
}

export interface CourseApprovalContext<TCourse extends ApprovalFacts = ApprovalFacts> {
  courseId: number | null;
  course: TCourse | null;
  /** Why the delete failed, or why the course went (a 404 on reading it again). */
  error: unknown;
}

export type CourseApprovalEvent<TCourse extends ApprovalFacts = ApprovalFacts> =
  /** The course as read again (a live notice made the view read its list again, say). */
  | { type: 'course.loaded'; course: TCourse }
  /** A live notice arrived: read the course again (the admin may have decided). */
  | { type: 'notice.arrived' }
  /** The wizard sent a new course (POST answered): it waits for the admin. */
  | { type: 'course.submitted'; course: TCourse }
  /** The wizard opened a rejected course to change it. */
  | { type: 'course.edit' }
  /** The wizard left a rejected course unchanged. */
  | { type: 'course.edit.cancel' }
  /** The wizard sent the edited course again (PUT answered): it waits for the admin again. */
  | { type: 'course.resubmitted'; course: TCourse }
  /** Delete pressed: ask first. */
  | { type: 'course.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** The lifecycle's state for a status. */
export type ApprovalState = 'pending' | 'approved' | 'rejected';
export function approvalStateOf(status: TrainerCourseStatus): ApprovalState {
  if (status === 'Pending') return 'pending';
  if (status === 'Rejected') return 'rejected';
  return 'approved';
}

/** A refusal (403, 404, 409: trainees enrolled, not the course's creator, gone): trying again cannot help. */
const isRefusal = (_: unknown, { error }: Failure) => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
};

/**
 * The course approval lifecycle (design card; spec section 4, issue 14) of one course as its
 * trainer sees it: draft → pending → approved, or rejected (with the admin's reason) → edited →
 * pending again; and deleted. The status is read from the server, and read again when a live notice
 * arrives (the admin approved or rejected it), so the machine follows the admin's decision; the
 * wizard moves it with `course.submitted`, `course.edit` and `course.resubmitted`. Delete asks
 * first, then deletes; a refusal (trainees enrolled) is said with the server's sentence. Pure: the
 * view provides the `loader` of the first read and `load` (the course's facts, read again on a
 * notice), `deleteCourse`, and `announceDeleted`.
 */
export function createCourseApprovalMachine<TCourse extends ApprovalFacts>() {
  return setup({
    types: {
      input: {} as CourseApprovalInput<TCourse>,
      context: {} as CourseApprovalContext<TCourse>,
      events: {} as CourseApprovalEvent<TCourse>,
      children: {} as { loader: 'loader' },
    },
    actors: {
      /** The first read of the course. */
      loader: createLoaderMachine<TCourse, { courseId: number }>(),
      load: fromPromise<TCourse, { courseId: number }>(async () => {
        throw new Error('load is supplied by the view');
      }),
      deleteCourse: fromPromise<Confirmation, { courseId: number }>(async () => {
        throw new Error('deleteCourse is supplied by the view');
      }),
    },
    guards: {
      isNew: ({ context }) => context.courseId === null,
      isKnown: ({ context }) => context.course !== null,
      isMissing: (_, { error }: Failure) => statusOf(error) === 404,
      isRefusal,
      isPending: (_, { course }: { course: TCourse | null }) =>
        course !== null && approvalStateOf(course.status) === 'pending',
      isApproved: (_, { course }: { course: TCourse | null }) =>
        course !== null && approvalStateOf(course.status) === 'approved',
      isRejected: (_, { course }: { course: TCourse | null }) =>
        course !== null && approvalStateOf(course.status) === 'rejected',
      hasId: ({ context }) => context.courseId !== null,
      canDelete: ({ context }) => context.course?.flags.can_delete === true,
    },
    actions: {
      keepCourse: assign((_, params: { course: TCourse }) => ({
        course: params.course,
        courseId: params.course.id,
        error: null,
      })),
      keepError: assign((_, { error }: Failure) => ({ error })),
      forgetError: assign({ error: null }),
      /** Hands the course read in the background to the lifecycle region. */
      settle: raise((_, params: { course: TCourse }) => ({
        type: 'course.loaded' as const,
        course: params.course,
      })),
      /** The course is gone: the view says so and updates its list. */
      announceDeleted: (_, _params: { message: string }) => {},
    },
  }).createMachine({
    id: 'courseApproval',
    context: ({ input }) => ({
      courseId: input.courseId,
      course: input.course ?? null,
      error: null,
    }),
    initial: 'starting',
    states: {
      starting: {
        always: [
          { guard: 'isNew', target: 'tracking.lifecycle.draft' },
          { guard: 'isKnown', target: 'tracking' },
          { target: 'loading' },
        ],
      },
      loading: {
        invoke: {
          id: 'loader',
          src: 'loader',
          // Not the trainer's course, or no such course (403 / 404): the server's sentence, no retry.
          input: ({ context }) => ({ params: { courseId: context.courseId ?? 0 }, missingWhen: 'refused' }),
          onDone: {
            target: 'tracking',
            actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.output }) },
          },
        },
      },
      tracking: {
        type: 'parallel',
        states: {
          lifecycle: {
            initial: 'routing',
            states: {
              /** Goes to the state of the status read. */
              routing: {
                always: [
                  {
                    guard: { type: 'isRejected', params: ({ context }) => ({ course: context.course }) },
                    target: 'rejected',
                  },
                  {
                    guard: { type: 'isApproved', params: ({ context }) => ({ course: context.course }) },
                    target: 'approved',
                  },
                  { target: 'pending' },
                ],
              },
              /** Being written in the wizard, not sent yet. */
              draft: {
                on: {
                  'course.submitted': {
                    target: 'pending',
                    actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                  },
                },
              },
              /** Waits for the admin. */
              pending: {
                on: {
                  'course.loaded': [
                    {
                      guard: { type: 'isApproved', params: ({ event }) => ({ course: event.course }) },
                      target: 'approved',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    {
                      guard: { type: 'isRejected', params: ({ event }) => ({ course: event.course }) },
                      target: 'rejected',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    { actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) } },
                  ],
                },
              },
              /** Approved (maybe under way, or completed): classes can be added. */
              approved: {
                on: {
                  'course.loaded': [
                    {
                      guard: { type: 'isPending', params: ({ event }) => ({ course: event.course }) },
                      target: 'pending',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    {
                      guard: { type: 'isRejected', params: ({ event }) => ({ course: event.course }) },
                      target: 'rejected',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    { actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) } },
                  ],
                },
              },
              /** The admin refused it, with a reason: the trainer may edit it and send it again. */
              rejected: {
                on: {
                  'course.edit': 'edited',
                  'course.loaded': [
                    {
                      guard: { type: 'isPending', params: ({ event }) => ({ course: event.course }) },
                      target: 'pending',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    {
                      guard: { type: 'isApproved', params: ({ event }) => ({ course: event.course }) },
                      target: 'approved',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    { actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) } },
                  ],
                },
              },
              /** Being changed in the wizard after a rejection; sent again, it is pending. */
              edited: {
                on: {
                  'course.resubmitted': {
                    target: 'pending',
                    actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                  },
                  'course.edit.cancel': 'rejected',
                  // Still rejected: the trainer is still editing. Sent from elsewhere, or decided: follow it.
                  'course.loaded': [
                    {
                      guard: { type: 'isPending', params: ({ event }) => ({ course: event.course }) },
                      target: 'pending',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    {
                      guard: { type: 'isApproved', params: ({ event }) => ({ course: event.course }) },
                      target: 'approved',
                      actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) },
                    },
                    { actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.course }) } },
                  ],
                },
              },
            },
          },
          /** Reading the course again when a live notice arrives, while it stays on screen. */
          sync: {
            initial: 'idle',
            states: {
              idle: { on: { 'notice.arrived': { guard: 'hasId', target: 'refreshing' } } },
              refreshing: {
                on: { 'notice.arrived': { target: 'refreshing', reenter: true } },
                invoke: {
                  id: 'refresh',
                  src: 'load',
                  input: ({ context }) => ({ courseId: context.courseId ?? 0 }),
                  onDone: {
                    target: 'idle',
                    actions: { type: 'settle', params: ({ event }) => ({ course: event.output }) },
                  },
                  onError: [
                    {
                      guard: { type: 'isMissing', params: failureOf },
                      target: '#courseApproval.deleted',
                      actions: { type: 'keepError', params: failureOf },
                    },
                    // Anything else: what is shown stays; the next notice reads again.
                    { target: 'idle' },
                  ],
                },
              },
            },
          },
          /** Delete: asked first, then done; a refusal is said and the course stays. */
          removal: {
            initial: 'idle',
            states: {
              idle: {
                on: { 'course.delete': { guard: 'canDelete', target: 'confirming', actions: 'forgetError' } },
              },
              confirming: {
                on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' },
              },
              deleting: {
                invoke: {
                  id: 'deleteCourse',
                  src: 'deleteCourse',
                  input: ({ context }) => ({ courseId: context.courseId ?? 0 }),
                  onDone: {
                    target: '#courseApproval.deleted',
                    actions: {
                      type: 'announceDeleted',
                      params: ({ event }) => ({ message: event.output.message }),
                    },
                  },
                  onError: [
                    {
                      guard: { type: 'isRefusal', params: failureOf },
                      target: 'refused',
                      actions: { type: 'keepError', params: failureOf },
                    },
                    { target: 'failed', actions: { type: 'keepError', params: failureOf } },
                  ],
                },
              },
              /** The server refused (trainees are enrolled, say): its sentence, and only Close. */
              refused: { on: { 'delete.cancel': 'idle' } },
              /** The network or the server failed: try again, or keep the course. */
              failed: { on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' } },
            },
          },
        },
      },
      deleted: { type: 'final' },
    },
  });
}

/** The lifecycle over the facts alone (the diagram, and views that read nothing more). */
export const courseApprovalMachine = createCourseApprovalMachine<ApprovalFacts>();

export type CourseApprovalMachine<TCourse extends ApprovalFacts = ApprovalFacts> = ReturnType<
  typeof createCourseApprovalMachine<TCourse>
>;
