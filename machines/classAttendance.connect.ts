import type {
  AttendanceCode,
  AttendanceCourse,
  AttendanceSheet,
  AttendanceStatus,
  Roster,
} from '@contract/wire/attendance';
import type { Session } from '@contract/wire/sessions';
import type { SnapshotFrom } from 'xstate';
import {
  type AttendanceCount,
  type ClassAttendanceEvent,
  type ClassAttendanceMachine,
  chosenCourse,
  type MarkRequest,
} from './classAttendance.machine';

export type RosterView =
  | { status: 'loading' }
  | { status: 'ready'; roster: Roster; refreshing: boolean }
  | { status: 'failed'; error: unknown; retry: () => void };

export type CodeView =
  | { status: 'none' }
  | { status: 'loading' }
  /** `renewsAt`: device time (ms) of the next code, for the countdown. */
  | { status: 'ready'; code: AttendanceCode; renewsAt: number }
  | { status: 'failed'; error: unknown; retry: () => void };

export interface SheetView {
  /** The task in flight: reading the days, printing or writing the file. */
  busy: 'days' | 'print' | 'export' | null;
  failed: { task: 'days' | 'print' | 'export'; error: unknown; retry: () => void } | null;
  sheet: AttendanceSheet | null;
  exports: number;
  print: () => void;
  export: () => void;
}

export interface CourseView {
  course: AttendanceCourse;
  /** The centre's date today. */
  today: string;
  /** Today's sessions (not cancelled), and the one shown. */
  sessions: Session[];
  session: Session | null;
  chooseSession: (index: number) => void;
  /** The day the roster shows, and the session days that can be chosen (today first, then earlier). */
  date: string;
  days: string[];
  chooseDay: (date: string) => void;
  roster: RosterView;
  code: CodeView;
  count: AttendanceCount | null;
  marking: MarkRequest | null;
  lastMark: MarkRequest | null;
  markError: { userId: number; error: unknown } | null;
  mark: (userId: number, status: AttendanceStatus) => void;
  sheet: SheetView;
  projector: boolean;
  enterProjector: () => void;
  leaveProjector: () => void;
}

export type ClassAttendanceView =
  | { phase: 'loading' }
  | { phase: 'failed'; error: unknown; retry: () => void }
  | {
      phase: 'ready';
      today: string;
      /** Courses with a session today first, then by their next session, then by title. */
      courses: AttendanceCourse[];
      choose: (courseId: number) => void;
      /** Null until a course is chosen. */
      chosen: CourseView | null;
    };

/** Courses with a session today first, then those whose next session is nearest; the rest last. */
export function orderCourses(courses: readonly AttendanceCourse[]): AttendanceCourse[] {
  const rank = (course: AttendanceCourse) => (course.today.length > 0 ? 0 : course.next_date ? 1 : 2);
  return [...courses].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.next_date ?? '').localeCompare(b.next_date ?? '') ||
      a.title.localeCompare(b.title) ||
      a.course_id - b.course_id,
  );
}

/** The session days that can be chosen: those held up to today (the sheet's), and today's, newest first. */
export function sessionDays(sheet: AttendanceSheet | null, today: string, hasToday: boolean): string[] {
  const days = new Set<string>(hasToday ? [today] : []);
  for (const session of sheet?.sessions ?? []) if (session.date <= today) days.add(session.date);
  return [...days].sort((a, b) => b.localeCompare(a));
}

export function connectClassAttendance(
  snapshot: SnapshotFrom<ClassAttendanceMachine>,
  send: (event: ClassAttendanceEvent) => void,
): ClassAttendanceView {
  const { context } = snapshot;
  if (snapshot.matches('loading')) return { phase: 'loading' };
  if (snapshot.matches('failed') || !context.list) {
    return { phase: 'failed', error: context.error, retry: () => send({ type: 'retry' }) };
  }
  const today = context.list.today;
  const base = {
    phase: 'ready' as const,
    today,
    courses: orderCourses(context.list.results),
    choose: (courseId: number) => send({ type: 'course.choose', courseId }),
  };
  const course = chosenCourse(context);
  if (!snapshot.matches('course') || !course) return { ...base, chosen: null };

  const roster: RosterView = snapshot.matches({ course: { roster: 'failed' } })
    ? { status: 'failed', error: context.rosterError, retry: () => send({ type: 'roster.retry' }) }
    : !snapshot.matches({ course: { roster: 'loading' } }) && context.roster
      ? {
          status: 'ready',
          roster: context.roster,
          refreshing: snapshot.matches({ course: { roster: 'refreshing' } }),
        }
      : { status: 'loading' };

  const code: CodeView = snapshot.matches({ course: { code: 'none' } })
    ? { status: 'none' }
    : snapshot.matches({ course: { code: 'failed' } })
      ? { status: 'failed', error: context.codeError, retry: () => send({ type: 'code.retry' }) }
      : context.code && context.codeRenewsAt !== null
        ? { status: 'ready', code: context.code, renewsAt: context.codeRenewsAt }
        : { status: 'loading' };

  const sheetFailed = snapshot.matches({ course: { sheet: 'failed' } });
  const task = context.sheetTask ?? 'days';
  const sheet: SheetView = {
    busy: snapshot.matches({ course: { sheet: 'ready' } }) || sheetFailed ? null : task,
    failed: sheetFailed
      ? { task, error: context.sheetError, retry: () => send({ type: 'sheet.retry' }) }
      : null,
    sheet: context.sheet,
    exports: context.exports,
    print: () => send({ type: 'sheet.print' }),
    export: () => send({ type: 'sheet.export' }),
  };

  const sessions = course.today;
  return {
    ...base,
    chosen: {
      course,
      today,
      sessions,
      session: sessions[context.sessionIndex] ?? sessions[0] ?? null,
      chooseSession: (index) => send({ type: 'session.choose', index }),
      date: context.date ?? today,
      days: sessionDays(context.sheet, today, sessions.length > 0),
      chooseDay: (date) => send({ type: 'day.choose', date }),
      roster,
      code,
      count: context.count,
      marking: context.marking,
      lastMark: context.lastMark,
      markError: context.markError,
      mark: (userId, status) => send({ type: 'mark', userId, status }),
      sheet,
      projector: snapshot.matches({ course: { projector: 'full' } }),
      enterProjector: () => send({ type: 'projector.entered' }),
      leaveProjector: () => send({ type: 'projector.left' }),
    },
  };
}
