import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import type {
  AttendanceCode,
  AttendanceCourse,
  AttendanceCourseList,
  AttendanceSheet,
  Roster,
  RosterEntry,
} from '@contract/wire/attendance';
import type { Session } from '@contract/wire/sessions';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { connectClassAttendance, orderCourses, sessionDays } from '../../machines/classAttendance.connect.ts';
import {
  type ClassAttendanceContext,
  type ClassAttendanceEvent,
  type ClassAttendanceMachine,
  CODE_LEAD_MS,
  CODE_MIN_LIFE_MS,
  CODE_RETRY_MS,
  type CodeRead,
  classAttendanceMachine,
  codeLifeOf,
  type RosterRead,
} from '../../machines/classAttendance.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  afterDelay,
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  harnesses,
  type RuntimeEvent,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
} from './support/paths.ts';

const TODAY = '2026-11-24';

function session(date: string, start = '09:00', end = '11:00'): Session {
  return {
    date,
    original_date: date,
    day: 'Tuesday',
    start_time: start,
    end_time: end,
    status: 'scheduled',
    reason: '',
  };
}

const WITH_SESSION: AttendanceCourse = {
  course_id: 1,
  title: 'Data Analysis',
  title_ar: 'تحليل البيانات',
  start_date: '2026-11-01',
  end_date: '2026-12-20',
  today: [session(TODAY), session(TODAY, '13:00', '15:00')],
  next_date: '2026-11-26',
};
const WITHOUT_SESSION: AttendanceCourse = {
  course_id: 2,
  title: 'Arabic Calligraphy',
  title_ar: 'الخط العربي',
  start_date: '2026-11-01',
  end_date: '2026-12-20',
  today: [],
  next_date: '2026-11-27',
};
const LIST: AttendanceCourseList = { today: TODAY, results: [WITHOUT_SESSION, WITH_SESSION] };

function entry(status: RosterEntry['status'], overrides: Partial<RosterEntry> = {}): RosterEntry {
  return {
    user_id: 17,
    name: 'Huda Saleh',
    email: 'huda@example.com',
    status,
    marked_by: status === null ? null : 'trainer',
    marked_at: status === null ? null : `${TODAY}T06:30:00Z`,
    ...overrides,
  };
}

function roster(date: string, trainees: RosterEntry[]): Roster {
  return {
    course_id: 1,
    title: WITH_SESSION.title,
    title_ar: WITH_SESSION.title_ar,
    date,
    today: TODAY,
    session: session(date),
    present: trainees.filter((trainee) => trainee.status === 'Present').length,
    enrolled: trainees.length,
    trainees,
  };
}

const READ: RosterRead = {
  roster: roster(TODAY, [entry(null), entry('Present', { user_id: 18, name: 'Omar', marked_by: 'qr' })]),
  count: { present: 1, enrolled: 2 },
};
const CODE: AttendanceCode = {
  course_id: 1,
  date: TODAY,
  code: 'c0de-1',
  step_seconds: 15,
  expires_at: '2026-11-24T06:00:15.000Z',
  server_time: '2026-11-24T06:00:05.000Z',
};
const CODE_READ: CodeRead = { code: CODE, receivedAt: 1_000_000 };
const SHEET: AttendanceSheet = {
  course_id: 1,
  title: WITH_SESSION.title,
  title_ar: WITH_SESSION.title_ar,
  today: TODAY,
  sessions: [session('2026-11-17'), session('2026-11-19'), session(TODAY)],
  trainees: [
    {
      user_id: 17,
      name: 'Huda Saleh',
      email: 'huda@example.com',
      marks: ['Present', 'Absent', null],
      present: 1,
    },
  ],
};
const DOWN = silentFailure(503);
const NO_SESSION = httpFailure(404, 'No available Class for Today!');
const NOT_TRAINEE = httpFailure(400, ATTENDANCE_MESSAGES.notTrainee);

function implementations() {
  return {
    actors: {
      loadCourses: scriptedPromise<AttendanceCourseList>(),
      loadRoster: scriptedPromise<RosterRead, { courseId: number; date: string; today: string }>(),
      loadCode: scriptedPromise<CodeRead, { courseId: number }>(),
      markAttendance: scriptedPromise<RosterEntry, { courseId: number; userId: number; date: string }>(),
      loadSheet: scriptedPromise<AttendanceSheet, { courseId: number }>(),
      printSheet: scriptedPromise<void, { sheet: AttendanceSheet | null }>(),
      exportSheet: scriptedPromise<void, { sheet: AttendanceSheet | null }>(),
    },
  };
}

type Offered = ClassAttendanceEvent | RuntimeEvent;

const TOP: Offered[] = [
  doneActor('loadCourses', LIST),
  errorActor('loadCourses', DOWN),
  { type: 'retry' },
  { type: 'course.choose', courseId: 1 },
  { type: 'course.choose', courseId: 2 },
  { type: 'course.choose', courseId: 99 },
];

/** Each region's own events; while one region is busy only its events are tried (keeps paths few). */
const REGIONS: Record<'roster' | 'code' | 'marking' | 'sheet' | 'projector', Offered[]> = {
  roster: [
    doneActor('loadRoster', READ),
    errorActor('loadRoster', DOWN),
    { type: 'roster.retry' },
    { type: 'day.choose', date: '2026-11-19' },
    { type: 'notice.arrived' },
    doneActor('refreshRoster', READ),
    errorActor('refreshRoster', DOWN),
  ],
  code: [
    doneActor('loadCode', CODE_READ),
    errorActor('loadCode', NO_SESSION),
    errorActor('loadCode', DOWN),
    afterDelay('codeLife', 'classAttendance.course.code.showing'),
    afterDelay('codeRetry', 'classAttendance.course.code.failed'),
    { type: 'code.retry' },
  ],
  marking: [
    { type: 'mark', userId: 17, status: 'Present' },
    doneActor('markAttendance', entry('Present')),
    errorActor('markAttendance', NOT_TRAINEE),
  ],
  sheet: [
    doneActor('loadSheet', SHEET),
    errorActor('loadSheet', DOWN),
    { type: 'sheet.print' },
    { type: 'sheet.export' },
    { type: 'sheet.retry' },
    doneActor('printSheet', undefined),
    errorActor('printSheet', new Error('print refused')),
    doneActor('exportSheet', undefined),
    errorActor('exportSheet', new Error('disk full')),
  ],
  projector: [{ type: 'projector.entered' }, { type: 'projector.left' }],
};

function atRest(snapshot: SnapshotFrom<ClassAttendanceMachine>, region: keyof typeof REGIONS): boolean {
  switch (region) {
    case 'roster':
      return snapshot.matches({ course: { roster: 'ready' } });
    case 'code':
      return (
        snapshot.matches({ course: { code: 'showing' } }) || snapshot.matches({ course: { code: 'none' } })
      );
    case 'marking':
      return snapshot.matches({ course: { marking: 'idle' } });
    case 'sheet':
      return snapshot.matches({ course: { sheet: 'ready' } });
    case 'projector':
      return snapshot.matches({ course: { projector: 'windowed' } });
  }
}

function offered(snapshot: SnapshotFrom<ClassAttendanceMachine>): Offered[] {
  if (!snapshot.matches('course')) return TOP;
  const names = Object.keys(REGIONS) as Array<keyof typeof REGIONS>;
  const busy = names.find((name) => !atRest(snapshot, name));
  if (busy) return REGIONS[busy];
  return [...TOP, { type: 'session.choose', index: 1 }, ...names.flatMap((name) => REGIONS[name])];
}

function model(courseId: number | null) {
  return createPathModel(classAttendanceMachine, {
    input: { courseId },
    events: offered,
    serializeState: serializeValueAnd((context: ClassAttendanceContext) => [
      context.courseId,
      context.sheetTask,
      context.list === null,
      context.date,
    ]),
    implementations,
  });
}

describe('class attendance machine: generated paths', () => {
  const models = [model(null), model(1)];
  for (const each of models) replayEveryPath(each);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('class attendance machine: behaviour', () => {
  const launch = harnesses(classAttendanceMachine);
  const view = (harness: ReturnType<typeof launch>) =>
    connectClassAttendance(harness.snapshot, (event) => harness.actor.send(event));

  it('opens the course the address names, and fetches the next code just before the current expires', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 1 } });
    await harness.resolve('loadCourses', LIST);
    expect(impl.actors.loadRoster.inputs).toEqual([{ courseId: 1, date: TODAY, today: TODAY }]);
    await harness.resolve('loadCode', CODE_READ);
    const life = 10_000 - CODE_LEAD_MS;
    expect(codeLifeOf(CODE)).toBe(life);
    const shown = view(harness);
    expect(shown.phase === 'ready' && shown.chosen?.code).toEqual({
      status: 'ready',
      code: CODE,
      renewsAt: CODE_READ.receivedAt + life,
    });
    await harness.advance(life - 1);
    expect(harness.snapshot.matches({ course: { code: 'showing' } })).toBe(true);
    await harness.advance(1);
    expect(harness.snapshot.matches({ course: { code: 'fetching' } })).toBe(true);
    expect(impl.actors.loadCode.inputs).toHaveLength(2);
  });

  it('never waits less than the minimum, whatever the server clock says', () => {
    expect(codeLifeOf({ ...CODE, expires_at: CODE.server_time })).toBe(CODE_MIN_LIFE_MS);
    expect(codeLifeOf({ ...CODE, server_time: 'not a time' })).toBe(CODE_MIN_LIFE_MS);
  });

  it('tries a failed code again after a pause, and shows no code when the day has no session', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 1 } });
    await harness.resolve('loadCourses', LIST);
    await harness.reject('loadCode', DOWN);
    expect(harness.snapshot.matches({ course: { code: 'failed' } })).toBe(true);
    await harness.advance(CODE_RETRY_MS);
    await harness.reject('loadCode', NO_SESSION);
    expect(harness.snapshot.matches({ course: { code: 'none' } })).toBe(true);
    const shown = view(harness);
    expect(shown.phase === 'ready' && shown.chosen?.code).toEqual({ status: 'none' });
  });

  it('keeps the roster on screen while reading it again after a live message', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 1 } });
    await harness.resolve('loadCourses', LIST);
    await harness.resolve('loadRoster', READ);
    await harness.send({ type: 'notice.arrived' });
    let shown = view(harness);
    expect(shown.phase === 'ready' && shown.chosen?.roster).toMatchObject({
      status: 'ready',
      refreshing: true,
    });
    const later = { ...READ, count: { present: 2, enrolled: 2 } };
    await harness.resolve('refreshRoster', later);
    shown = view(harness);
    expect(shown.phase === 'ready' && shown.chosen?.count).toEqual({ present: 2, enrolled: 2 });
  });

  it('saves a mark by hand in place, updates the count, and says why a mark was refused', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 1 } });
    await harness.resolve('loadCourses', LIST);
    await harness.resolve('loadRoster', READ);
    await harness.send({ type: 'mark', userId: 17, status: 'Present' });
    expect(impl.actors.markAttendance.inputs).toEqual([
      { courseId: 1, userId: 17, date: TODAY, status: 'Present' },
    ]);
    await harness.resolve('markAttendance', entry('Present'));
    let shown = view(harness);
    if (shown.phase !== 'ready' || !shown.chosen) throw new Error('no course');
    expect(shown.chosen.count).toEqual({ present: 2, enrolled: 2 });
    expect(shown.chosen.lastMark).toEqual({ userId: 17, date: TODAY, status: 'Present' });
    await harness.send({ type: 'mark', userId: 17, status: 'Absent' });
    await harness.reject('markAttendance', NOT_TRAINEE);
    shown = view(harness);
    expect(shown.phase === 'ready' && shown.chosen?.markError).toEqual({ userId: 17, error: NOT_TRAINEE });
  });

  it('marks on an earlier session day without touching today’s count', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 1 } });
    await harness.resolve('loadCourses', LIST);
    await harness.resolve('loadRoster', READ);
    await harness.send({ type: 'day.choose', date: '2026-11-19' });
    await harness.resolve('loadRoster', { roster: roster('2026-11-19', [entry(null)]), count: READ.count });
    await harness.send({ type: 'mark', userId: 17, status: 'Absent' });
    expect(impl.actors.markAttendance.inputs.at(-1)).toMatchObject({ date: '2026-11-19', status: 'Absent' });
    await harness.resolve('markAttendance', entry('Absent'));
    const shown = view(harness);
    expect(shown.phase === 'ready' && shown.chosen?.count).toEqual({ present: 1, enrolled: 2 });
  });

  it('shows the last session held when the course has none today', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 2 } });
    await harness.resolve('loadCourses', LIST);
    expect(impl.actors.loadRoster.inputs).toEqual([{ courseId: 2, date: TODAY, today: TODAY }]);
    await harness.resolve('loadSheet', { ...SHEET, sessions: SHEET.sessions.slice(0, 2) });
    expect(harness.context.date).toBe('2026-11-19');
    expect(impl.actors.loadRoster.inputs.at(-1)).toEqual({ courseId: 2, date: '2026-11-19', today: TODAY });
    // Read again later (print, export), the sheet leaves the chosen day alone.
    await harness.send({ type: 'day.choose', date: '2026-11-17' });
    await harness.send({ type: 'sheet.export' });
    await harness.resolve('loadSheet', SHEET);
    expect(harness.context.date).toBe('2026-11-17');
  });

  it('reads the sheet again before printing or exporting it', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 1 } });
    await harness.resolve('loadCourses', LIST);
    await harness.resolve('loadSheet', SHEET);
    await harness.send({ type: 'sheet.export' });
    await harness.resolve('loadSheet', SHEET);
    expect(impl.actors.exportSheet.inputs).toEqual([{ sheet: SHEET }]);
    await harness.resolve('exportSheet', undefined);
    const shown = view(harness);
    expect(shown.phase === 'ready' && shown.chosen?.sheet).toMatchObject({
      busy: null,
      exports: 1,
      failed: null,
    });
    await harness.send({ type: 'sheet.print' });
    await harness.resolve('loadSheet', SHEET);
    expect(harness.snapshot.matches({ course: { sheet: 'printing' } })).toBe(true);
  });
});

describe('class attendance connect', () => {
  it('puts courses with a session today first, then the nearest next session', () => {
    const ended: AttendanceCourse = { ...WITHOUT_SESSION, course_id: 3, title: 'Ended', next_date: null };
    const later = { ...WITHOUT_SESSION, course_id: 4, title: 'Later', next_date: '2026-12-01' };
    expect(
      orderCourses([ended, later, WITHOUT_SESSION, WITH_SESSION]).map((course) => course.course_id),
    ).toEqual([1, 2, 4, 3]);
  });

  it('offers the session days held up to today, newest first', () => {
    expect(sessionDays(SHEET, TODAY, true)).toEqual([TODAY, '2026-11-19', '2026-11-17']);
    expect(sessionDays(null, TODAY, false)).toEqual([]);
  });
});
