import type {
  AttendanceCode,
  AttendanceCourseList,
  AttendanceSheet,
  AttendanceStatus,
  Roster,
  RosterEntry,
} from '@contract/wire/attendance';
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { type Failure, failureOf, statusOf } from './forms';

/**
 * The trainer's attendance screen (`/manage-class-attendance`): choose one of their approved courses,
 * show today's rotating QR code (fetched again just before it expires, so the timer lives here and
 * the path tests cover it), follow the live count, mark trainees by hand on a session day up to
 * today, and print or export the course's sheet. A projector mode shows the code full screen.
 */

export interface ClassAttendanceInput {
  /** A course named by the address (`?course=`), chosen once the list is read if it is there. */
  courseId: number | null;
}

/** Today's count on the projector: who attended today out of the enrolled trainees. */
export interface AttendanceCount {
  present: number;
  enrolled: number;
}

/** What `loadRoster` answers: the chosen day's roster, and today's count when today is a session day. */
export interface RosterRead {
  roster: Roster;
  count: AttendanceCount | null;
}

/** What `loadCode` answers: the code, and the device's time when it arrived (`Date.now()`). */
export interface CodeRead {
  code: AttendanceCode;
  receivedAt: number;
}

/** A mark by hand on its way, or the last one the server saved (confirmed in place). */
export interface MarkRequest {
  userId: number;
  date: string;
  status: AttendanceStatus;
}

export type SheetTask = 'days' | 'print' | 'export';

export interface ClassAttendanceContext {
  courseId: number | null;
  list: AttendanceCourseList | null;
  /** The session day the roster shows ('YYYY-MM-DD'); today's unless another is chosen. */
  date: string | null;
  /** Which of today's sessions is shown when the course has more than one today. */
  sessionIndex: number;
  roster: Roster | null;
  count: AttendanceCount | null;
  code: AttendanceCode | null;
  /** Device time (ms) at which the current code is replaced. */
  codeRenewsAt: number | null;
  /** How long the current code is shown before the next is fetched (ms). */
  codeLife: number;
  /** The sheet as last read: its sessions are the days that can be chosen. */
  sheet: AttendanceSheet | null;
  sheetTask: SheetTask | null;
  sheetError: unknown;
  marking: MarkRequest | null;
  lastMark: MarkRequest | null;
  markError: { userId: number; error: unknown } | null;
  error: unknown;
  rosterError: unknown;
  codeError: unknown;
  /** Files exported in this visit (the view says the last one is ready). */
  exports: number;
}

export type ClassAttendanceEvent =
  | { type: 'retry' }
  | { type: 'course.choose'; courseId: number }
  | { type: 'session.choose'; index: number }
  | { type: 'day.choose'; date: string }
  | { type: 'roster.retry' }
  /** A live message arrived (someone scanned): the roster is read again, the shown one kept. */
  | { type: 'notice.arrived' }
  | { type: 'code.retry' }
  | { type: 'mark'; userId: number; status: AttendanceStatus }
  | { type: 'sheet.print' }
  | { type: 'sheet.export' }
  | { type: 'sheet.retry' }
  /** The code panel went full screen (or its overlay opened), or left it (Escape, the button). */
  | { type: 'projector.entered' }
  | { type: 'projector.left' };

/** The next code is fetched this long before the current one expires, so the screen never lags. */
export const CODE_LEAD_MS = 1_000;
/** The shortest wait before fetching a code again, whatever the server's clock says. */
export const CODE_MIN_LIFE_MS = 2_000;
/** After a failed code read, the next try comes this much later. */
export const CODE_RETRY_MS = 5_000;

/**
 * How long a code is shown: until `expires_at` on the server's clock (`server_time` is when the server
 * answered), minus a lead; the device's own clock never enters, so a wrong device clock changes nothing.
 */
export function codeLifeOf(code: AttendanceCode): number {
  const left = Date.parse(code.expires_at) - Date.parse(code.server_time);
  if (Number.isNaN(left)) return CODE_MIN_LIFE_MS;
  return Math.max(CODE_MIN_LIFE_MS, left - CODE_LEAD_MS);
}

/** The course the context names, in the list read. */
export function chosenCourse(context: Pick<ClassAttendanceContext, 'list' | 'courseId'>) {
  return context.list?.results.find((course) => course.course_id === context.courseId) ?? null;
}

/** The latest session day of the sheet before `today` ('' when none). */
export function lastHeldDay(sheet: AttendanceSheet, today: string): string {
  return sheet.sessions.reduce(
    (latest, session) => (session.date < today && session.date > latest ? session.date : latest),
    '',
  );
}

function withMark(roster: Roster, entry: RosterEntry, date: string): Roster {
  if (roster.date !== date) return roster;
  const trainees = roster.trainees.map((trainee) => (trainee.user_id === entry.user_id ? entry : trainee));
  return { ...roster, trainees, present: trainees.filter((trainee) => trainee.status === 'Present').length };
}

const idle = {
  roster: null,
  count: null,
  code: null,
  codeRenewsAt: null,
  sheet: null,
  sheetTask: null,
  sheetError: null,
  marking: null,
  lastMark: null,
  markError: null,
  rosterError: null,
  codeError: null,
  sessionIndex: 0,
} as const;

export const classAttendanceMachine = setup({
  types: {
    input: {} as ClassAttendanceInput,
    context: {} as ClassAttendanceContext,
    events: {} as ClassAttendanceEvent,
  },
  actors: {
    loadCourses: fromPromise<AttendanceCourseList>(async () => {
      throw new Error('loadCourses is supplied by the view');
    }),
    loadRoster: fromPromise<RosterRead, { courseId: number; date: string; today: string }>(async () => {
      throw new Error('loadRoster is supplied by the view');
    }),
    loadCode: fromPromise<CodeRead, { courseId: number }>(async () => {
      throw new Error('loadCode is supplied by the view');
    }),
    markAttendance: fromPromise<RosterEntry, { courseId: number } & MarkRequest>(async () => {
      throw new Error('markAttendance is supplied by the view');
    }),
    loadSheet: fromPromise<AttendanceSheet, { courseId: number }>(async () => {
      throw new Error('loadSheet is supplied by the view');
    }),
    /** Prints the sheet the view shows from the context (window.print once it is drawn). */
    printSheet: fromPromise<void, { sheet: AttendanceSheet | null }>(async () => {
      throw new Error('printSheet is supplied by the view');
    }),
    /** Writes the sheet as an .xlsx file and hands it to the browser. */
    exportSheet: fromPromise<void, { sheet: AttendanceSheet | null }>(async () => {
      throw new Error('exportSheet is supplied by the view');
    }),
  },
  delays: {
    codeLife: ({ context }) => context.codeLife,
    codeRetry: CODE_RETRY_MS,
  },
  guards: {
    courseNamed: ({ context }, { list }: { list: AttendanceCourseList }) =>
      list.results.some((course) => course.course_id === context.courseId),
    knownCourse: ({ context, event }) => {
      assertEvent(event, 'course.choose');
      return context.list?.results.some((course) => course.course_id === event.courseId) ?? false;
    },
    sessionToday: ({ context }) => (chosenCourse(context)?.today.length ?? 0) > 0,
    /** 404: no session today after all (cancelled meanwhile): no code to show. */
    noSession: (_, { error }: Failure) => statusOf(error) === 404,
    /** No session today, and the roster still shows today: the last session held is shown instead. */
    heldBeforeToday: ({ context }, { sheet }: { sheet: AttendanceSheet }) =>
      (chosenCourse(context)?.today.length ?? 1) === 0 &&
      context.date === context.list?.today &&
      lastHeldDay(sheet, context.list?.today ?? '') !== '',
    printing: ({ context }) => context.sheetTask === 'print',
    exporting: ({ context }) => context.sheetTask === 'export',
  },
  actions: {
    keepList: assign(({ context }, { list }: { list: AttendanceCourseList }) => ({
      list,
      error: null,
      date: list.today,
      courseId: context.courseId,
    })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    chooseCourse: assign(({ context, event }) => {
      assertEvent(event, 'course.choose');
      return { ...idle, courseId: event.courseId, date: context.list?.today ?? null };
    }),
    chooseSession: assign(({ event }) => {
      assertEvent(event, 'session.choose');
      return { sessionIndex: event.index };
    }),
    chooseDay: assign(({ event }) => {
      assertEvent(event, 'day.choose');
      return { date: event.date, lastMark: null, markError: null };
    }),
    keepRoster: assign((_, { read }: { read: RosterRead }) => ({
      roster: read.roster,
      count: read.count,
      rosterError: null,
    })),
    keepRosterError: assign((_, { error }: Failure) => ({ rosterError: error })),
    keepCode: assign((_, { read }: { read: CodeRead }) => {
      const codeLife = codeLifeOf(read.code);
      return { code: read.code, codeLife, codeRenewsAt: read.receivedAt + codeLife, codeError: null };
    }),
    keepCodeError: assign((_, { error }: Failure) => ({ codeError: error, code: null, codeRenewsAt: null })),
    dropCode: assign({ code: null, codeRenewsAt: null, codeError: null }),
    startMark: assign(({ context, event }) => {
      assertEvent(event, 'mark');
      return {
        marking: { userId: event.userId, status: event.status, date: context.date ?? '' },
        markError: null,
        lastMark: null,
      };
    }),
    applyMark: assign(({ context }, { entry }: { entry: RosterEntry }) => {
      const mark = context.marking;
      if (!mark) return {};
      const roster = context.roster ? withMark(context.roster, entry, mark.date) : null;
      const count =
        roster && context.count && roster.date === roster.today
          ? { present: roster.present, enrolled: context.count.enrolled }
          : context.count;
      return { roster, count, marking: null, lastMark: mark };
    }),
    keepMarkError: assign(({ context }, { error }: Failure) => ({
      marking: null,
      markError: context.marking ? { userId: context.marking.userId, error } : null,
    })),
    setSheetTask: assign((_, { task }: { task: SheetTask }) => ({ sheetTask: task, sheetError: null })),
    keepSheet: assign((_, { sheet }: { sheet: AttendanceSheet }) => ({ sheet })),
    keepSheetError: assign((_, { error }: Failure) => ({ sheetError: error })),
    showLastHeldDay: raise(({ context }, { sheet }: { sheet: AttendanceSheet }) => ({
      type: 'day.choose' as const,
      date: lastHeldDay(sheet, context.list?.today ?? ''),
    })),
    sheetDone: assign(({ context }) => ({
      sheetTask: null,
      exports: context.sheetTask === 'export' ? context.exports + 1 : context.exports,
    })),
  },
}).createMachine({
  id: 'classAttendance',
  context: ({ input }) => ({
    ...idle,
    courseId: input.courseId,
    list: null,
    date: null,
    codeLife: CODE_MIN_LIFE_MS,
    error: null,
    exports: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCourses',
        src: 'loadCourses',
        onDone: [
          {
            guard: { type: 'courseNamed', params: ({ event }) => ({ list: event.output }) },
            target: 'course',
            actions: { type: 'keepList', params: ({ event }) => ({ list: event.output }) },
          },
          {
            target: 'choosing',
            actions: { type: 'keepList', params: ({ event }) => ({ list: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'keepError', params: failureOf } },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    /** The list is shown (or that there is none); no course chosen yet. */
    choosing: {
      on: {
        'course.choose': { guard: 'knownCourse', target: 'course', actions: 'chooseCourse' },
      },
    },
    course: {
      type: 'parallel',
      on: {
        'course.choose': { guard: 'knownCourse', target: 'course', reenter: true, actions: 'chooseCourse' },
        'session.choose': { actions: 'chooseSession' },
      },
      states: {
        roster: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadRoster',
                src: 'loadRoster',
                input: ({ context }) => ({
                  courseId: context.courseId ?? 0,
                  date: context.date ?? '',
                  today: context.list?.today ?? '',
                }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepRoster', params: ({ event }) => ({ read: event.output }) },
                },
                onError: { target: 'failed', actions: { type: 'keepRosterError', params: failureOf } },
              },
              on: { 'day.choose': { target: 'loading', reenter: true, actions: 'chooseDay' } },
            },
            ready: {
              on: {
                'notice.arrived': 'refreshing',
                'day.choose': { target: 'loading', actions: 'chooseDay' },
              },
            },
            /** Read again after a live message; what is on screen stays, a failure changes nothing. */
            refreshing: {
              invoke: {
                id: 'refreshRoster',
                src: 'loadRoster',
                input: ({ context }) => ({
                  courseId: context.courseId ?? 0,
                  date: context.date ?? '',
                  today: context.list?.today ?? '',
                }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepRoster', params: ({ event }) => ({ read: event.output }) },
                },
                onError: 'ready',
              },
              on: {
                'notice.arrived': { target: 'refreshing', reenter: true },
                'day.choose': { target: 'loading', actions: 'chooseDay' },
              },
            },
            failed: {
              on: {
                'roster.retry': 'loading',
                'day.choose': { target: 'loading', actions: 'chooseDay' },
              },
            },
          },
        },
        code: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'sessionToday', target: 'fetching' }, { target: 'none' }],
            },
            /** No session today: no code (the view says when the next one is). */
            none: {},
            fetching: {
              invoke: {
                id: 'loadCode',
                src: 'loadCode',
                input: ({ context }) => ({ courseId: context.courseId ?? 0 }),
                onDone: {
                  target: 'showing',
                  actions: { type: 'keepCode', params: ({ event }) => ({ read: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'noSession', params: failureOf },
                    target: 'none',
                    actions: 'dropCode',
                  },
                  { target: 'failed', actions: { type: 'keepCodeError', params: failureOf } },
                ],
              },
            },
            /** The code is shown until just before it expires, then the next one is fetched. */
            showing: {
              after: { codeLife: 'fetching' },
            },
            failed: {
              after: { codeRetry: 'fetching' },
              on: { 'code.retry': 'fetching' },
            },
          },
        },
        marking: {
          initial: 'idle',
          states: {
            idle: {
              on: { mark: { target: 'saving', actions: 'startMark' } },
            },
            saving: {
              invoke: {
                id: 'markAttendance',
                src: 'markAttendance',
                input: ({ context }) => ({
                  courseId: context.courseId ?? 0,
                  userId: context.marking?.userId ?? 0,
                  date: context.marking?.date ?? '',
                  status: context.marking?.status ?? 'Present',
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'applyMark', params: ({ event }) => ({ entry: event.output }) },
                },
                onError: { target: 'idle', actions: { type: 'keepMarkError', params: failureOf } },
              },
            },
          },
        },
        sheet: {
          initial: 'loading',
          entry: { type: 'setSheetTask', params: { task: 'days' } },
          states: {
            loading: {
              invoke: {
                id: 'loadSheet',
                src: 'loadSheet',
                input: ({ context }) => ({ courseId: context.courseId ?? 0 }),
                onDone: [
                  {
                    guard: 'printing',
                    target: 'printing',
                    actions: { type: 'keepSheet', params: ({ event }) => ({ sheet: event.output }) },
                  },
                  {
                    guard: 'exporting',
                    target: 'exporting',
                    actions: { type: 'keepSheet', params: ({ event }) => ({ sheet: event.output }) },
                  },
                  {
                    guard: { type: 'heldBeforeToday', params: ({ event }) => ({ sheet: event.output }) },
                    target: 'ready',
                    actions: [
                      { type: 'keepSheet', params: ({ event }) => ({ sheet: event.output }) },
                      'sheetDone',
                      { type: 'showLastHeldDay', params: ({ event }) => ({ sheet: event.output }) },
                    ],
                  },
                  {
                    target: 'ready',
                    actions: [
                      { type: 'keepSheet', params: ({ event }) => ({ sheet: event.output }) },
                      'sheetDone',
                    ],
                  },
                ],
                onError: { target: 'failed', actions: { type: 'keepSheetError', params: failureOf } },
              },
            },
            ready: {
              on: {
                'sheet.print': {
                  target: 'loading',
                  actions: { type: 'setSheetTask', params: { task: 'print' } },
                },
                'sheet.export': {
                  target: 'loading',
                  actions: { type: 'setSheetTask', params: { task: 'export' } },
                },
              },
            },
            printing: {
              invoke: {
                id: 'printSheet',
                src: 'printSheet',
                input: ({ context }) => ({ sheet: context.sheet }),
                onDone: { target: 'ready', actions: 'sheetDone' },
                onError: { target: 'failed', actions: { type: 'keepSheetError', params: failureOf } },
              },
            },
            exporting: {
              invoke: {
                id: 'exportSheet',
                src: 'exportSheet',
                input: ({ context }) => ({ sheet: context.sheet }),
                onDone: { target: 'ready', actions: 'sheetDone' },
                onError: { target: 'failed', actions: { type: 'keepSheetError', params: failureOf } },
              },
            },
            /** The read, the print or the file failed: the same task can be tried again, or another. */
            failed: {
              on: {
                'sheet.retry': 'loading',
                'sheet.print': {
                  target: 'loading',
                  actions: { type: 'setSheetTask', params: { task: 'print' } },
                },
                'sheet.export': {
                  target: 'loading',
                  actions: { type: 'setSheetTask', params: { task: 'export' } },
                },
              },
            },
          },
        },
        projector: {
          initial: 'windowed',
          states: {
            windowed: { on: { 'projector.entered': 'full' } },
            full: { on: { 'projector.left': 'windowed' } },
          },
        },
      },
    },
  },
});

export type ClassAttendanceMachine = typeof classAttendanceMachine;
