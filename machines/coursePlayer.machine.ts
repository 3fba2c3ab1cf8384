import type { CourseLectures, LectureDetails, LectureListItem } from '@contract/wire/learning';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf, statusOf } from './forms';

/**
 * What the player's address asks for: a lecture by id, or the course's grades ('grades', the list's
 * 'Grads of Assignment' item, known by its class type and not by its id).
 */
export type LectureTarget = number | 'grades';

export interface CoursePlayerInput {
  courseId: number;
  /** Null: the address names no lecture; the player opens the first unread one. */
  target: LectureTarget | null;
}

export interface CoursePlayerContext {
  courseId: number;
  target: LectureTarget | null;
  /** The course's lectures by week (the sidebar), once read. */
  course: CourseLectures | null;
  /** The lecture shown, once read. */
  lecture: LectureDetails | null;
  /** Why the last read failed. */
  error: unknown;
}

export type CoursePlayerEvent =
  /** The address changed (a link, Previous / Next, Back): open what it names. */
  | { type: 'lecture.open'; target: LectureTarget | null }
  /** Try again after a failed read. */
  | { type: 'retry' }
  /** The lecture's view changed something (read, submitted): read the lecture and the sidebar again. */
  | { type: 'lecture.changed' }
  /** 'Course content' pressed (phones): the sidebar's drawer opens. */
  | { type: 'drawer.open' }
  /** Escape, the close button or the backdrop. */
  | { type: 'drawer.close' };

/** The lectures of the course in order, every week's after the other. */
export function lecturesOf(course: CourseLectures): LectureListItem[] {
  return course.weeks.flatMap((week) => week.lectures);
}

/** Whether a list item is the course's grades. */
export function isGradesItem(lecture: Pick<LectureListItem, 'class_type_name'>): boolean {
  return lecture.class_type_name === 'Grads of Assignment';
}

/** The address target of a lecture of the list: the grades item opens the grades page. */
export function targetOf(course: CourseLectures, lectureId: number): LectureTarget {
  const item = lecturesOf(course).find((lecture) => lecture.id === lectureId);
  return item && isGradesItem(item) ? 'grades' : lectureId;
}

/** The lecture to open when the address names none: the first unread one, else the first. */
export function firstTarget(course: CourseLectures): LectureTarget | null {
  const lectures = lecturesOf(course).filter((lecture) => !isGradesItem(lecture));
  const next = lectures.find((lecture) => lecture.id === course.next_lecture_id);
  return (next ?? lectures[0])?.id ?? null;
}

/** A 403: not enrolled, or withdrawn. Trying again cannot help; the sentence says why. */
const isRefused = (_: unknown, { error }: Failure) => statusOf(error) === 403;
/** A 404: the lecture or the course does not exist. */
const isMissing = (_: unknown, { error }: Failure) => statusOf(error) === 404;

/**
 * The course player (spec section 2, the course sidebar; issue 13): reads the course's lectures by
 * week, then opens the lecture the address names, or, when it names none, the first unread lecture
 * (the address is replaced with it). Moving to another lecture is a new address; the sidebar stays.
 * A refusal (403: not enrolled, withdrawn) is said once and not retried; other failures can be
 * retried. On phones the sidebar is a drawer, which closes when a lecture is chosen.
 */
export const coursePlayerMachine = setup({
  types: {
    input: {} as CoursePlayerInput,
    context: {} as CoursePlayerContext,
    events: {} as CoursePlayerEvent,
  },
  actors: {
    loadCourse: fromPromise<CourseLectures, { courseId: number }>(async () => {
      throw new Error('loadCourse is supplied by the view');
    }),
    loadLecture: fromPromise<LectureDetails, { lectureId: number }>(async () => {
      throw new Error('loadLecture is supplied by the view');
    }),
    /** Reads the sidebar and the lecture again, side by side. */
    refresh: fromPromise<
      { course: CourseLectures; lecture: LectureDetails },
      { courseId: number; lectureId: number }
    >(async () => {
      throw new Error('refresh is supplied by the view');
    }),
  },
  guards: {
    isRefused,
    isMissing,
    /** The address names something else than what is open. */
    isNewTarget: ({ context, event }) => {
      assertEvent(event, 'lecture.open');
      return event.target !== context.target;
    },
    hasNoLectures: ({ context }) => context.course !== null && firstTarget(context.course) === null,
    hasNoTarget: ({ context }) => context.target === null,
    isGrades: ({ context }) => context.target === 'grades',
    /** The address names the grades item by its id: the grades page has its own address. */
    isGradesItemId: ({ context }) =>
      typeof context.target === 'number' &&
      context.course !== null &&
      targetOf(context.course, context.target) === 'grades',
    isNotInCourse: ({ context }) =>
      context.course !== null && !lecturesOf(context.course).some((lecture) => lecture.id === context.target),
  },
  actions: {
    keepTarget: assign(({ event }) => {
      assertEvent(event, 'lecture.open');
      return { target: event.target };
    }),
    keepCourse: assign((_, params: { course: CourseLectures }) => ({ course: params.course, error: null })),
    keepLecture: assign((_, params: { lecture: LectureDetails }) => ({
      lecture: params.lecture,
      error: null,
    })),
    keepBoth: assign((_, params: { course: CourseLectures; lecture: LectureDetails }) => ({
      course: params.course,
      lecture: params.lecture,
    })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    forgetLecture: assign({ lecture: null }),
    chooseFirst: assign(({ context }) => ({
      target: context.course ? firstTarget(context.course) : null,
    })),
    chooseGrades: assign({ target: 'grades' as const }),
    /** The address becomes the one of what is open, without a new history entry. */
    replaceAddress: (_, _params: { target: LectureTarget | null }) => {},
  },
}).createMachine({
  id: 'coursePlayer',
  type: 'parallel',
  context: ({ input }) => ({
    courseId: input.courseId,
    target: input.target,
    course: null,
    lecture: null,
    error: null,
  }),
  states: {
    content: {
      initial: 'loadingCourse',
      states: {
        loadingCourse: {
          on: { 'lecture.open': { actions: 'keepTarget' } },
          invoke: {
            id: 'loadCourse',
            src: 'loadCourse',
            input: ({ context }) => ({ courseId: context.courseId }),
            onDone: {
              target: 'choosing',
              actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isRefused', params: failureOf },
                target: 'refused',
                actions: { type: 'keepError', params: failureOf },
              },
              {
                guard: { type: 'isMissing', params: failureOf },
                target: 'courseMissing',
                actions: { type: 'keepError', params: failureOf },
              },
              { target: 'courseFailed', actions: { type: 'keepError', params: failureOf } },
            ],
          },
        },
        courseFailed: {
          on: { retry: 'loadingCourse', 'lecture.open': { actions: 'keepTarget' } },
        },
        /** Decides what the target names, once the course's lectures are known. */
        choosing: {
          entry: 'forgetLecture',
          always: [
            { guard: 'hasNoLectures', target: 'empty' },
            {
              guard: 'hasNoTarget',
              target: 'loadingLecture',
              actions: [
                'chooseFirst',
                { type: 'replaceAddress', params: ({ context }) => ({ target: context.target }) },
              ],
            },
            { guard: 'isGrades', target: 'showingGrades' },
            {
              guard: 'isGradesItemId',
              target: 'showingGrades',
              actions: ['chooseGrades', { type: 'replaceAddress', params: { target: 'grades' } }],
            },
            { guard: 'isNotInCourse', target: 'missing' },
            { target: 'loadingLecture' },
          ],
        },
        loadingLecture: {
          on: { 'lecture.open': { guard: 'isNewTarget', target: 'choosing', actions: 'keepTarget' } },
          invoke: {
            id: 'loadLecture',
            src: 'loadLecture',
            input: ({ context }) => ({ lectureId: typeof context.target === 'number' ? context.target : 0 }),
            onDone: {
              target: 'showing',
              actions: { type: 'keepLecture', params: ({ event }) => ({ lecture: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isRefused', params: failureOf },
                target: 'refused',
                actions: { type: 'keepError', params: failureOf },
              },
              {
                guard: { type: 'isMissing', params: failureOf },
                target: 'missing',
                actions: { type: 'keepError', params: failureOf },
              },
              { target: 'lectureFailed', actions: { type: 'keepError', params: failureOf } },
            ],
          },
        },
        lectureFailed: {
          on: {
            retry: 'loadingLecture',
            'lecture.open': { guard: 'isNewTarget', target: 'choosing', actions: 'keepTarget' },
          },
        },
        showing: {
          initial: 'idle',
          on: { 'lecture.open': { guard: 'isNewTarget', target: 'choosing', actions: 'keepTarget' } },
          states: {
            idle: { on: { 'lecture.changed': 'refreshing' } },
            /** The lecture stays on screen while it and the sidebar are read again. */
            refreshing: {
              on: { 'lecture.changed': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refresh',
                src: 'refresh',
                input: ({ context }) => ({
                  courseId: context.courseId,
                  lectureId: context.lecture?.id ?? 0,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keepBoth', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: { type: 'isRefused', params: failureOf },
                    target: '#coursePlayer.content.refused',
                    actions: { type: 'keepError', params: failureOf },
                  },
                  // Anything else: what is shown stays; the next change reads again.
                  { target: 'idle' },
                ],
              },
            },
          },
        },
        /** The course's grades (the grades view reads them itself). */
        showingGrades: {
          on: { 'lecture.open': { guard: 'isNewTarget', target: 'choosing', actions: 'keepTarget' } },
        },
        /** The lecture does not exist, or is not part of this course. */
        missing: {
          on: { 'lecture.open': { guard: 'isNewTarget', target: 'choosing', actions: 'keepTarget' } },
        },
        /** The course does not exist. */
        courseMissing: {},
        /** The course has no lectures yet. */
        empty: {},
        /** Not enrolled, or withdrawn: the sentence, and the way to the enrolled courses. */
        refused: {},
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'drawer.open': 'open' } },
        open: { on: { 'drawer.close': 'closed', 'lecture.open': 'closed' } },
      },
    },
  },
});
