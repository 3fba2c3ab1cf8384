import type { AttendanceSheet, Roster, RosterEntry } from '@contract/wire/attendance';
import type { Session } from '@contract/wire/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { classAttendanceLive, type SheetWords } from '@/features/trainer/attendance/classAttendance.live';
import type { exportSheet } from '@/features/trainer/attendance/export';
import { type FakeAnswer, type FakeRequest, fakeApi } from './support/fake-api';

const COURSE_ID = 8;
const TODAY = '2026-11-24';
const LAST_WEEK = '2026-11-17';
/** The device's clock when each code arrives. */
const DEVICE_NOW = 1_800_000_000_000;

const session = (date: string): Session => ({
  date,
  original_date: date,
  day: 'Tuesday',
  start_time: '16:00',
  end_time: '18:00',
  status: 'scheduled',
  reason: '',
});

const entry = (userId: number, name: string, status: RosterEntry['status']): RosterEntry => ({
  user_id: userId,
  name,
  email: `${name.toLowerCase()}@example.com`,
  status,
  marked_by: status ? 'qr' : null,
  marked_at: status ? `${TODAY}T16:05:00Z` : null,
});

/**
 * The attendance endpoints of one course held on Tuesdays, today among them: today Layla scanned
 * and Karim did not; last week both were there. A mark by hand is kept.
 */
function attendanceServer() {
  const days = new Map<string, RosterEntry[]>([
    [TODAY, [entry(301, 'Layla', 'Present'), entry(302, 'Karim', null)]],
    [LAST_WEEK, [entry(301, 'Layla', 'Present'), entry(302, 'Karim', 'Present')]],
  ]);
  const roster = (date: string): Roster => {
    const trainees = days.get(date) ?? [];
    return {
      course_id: COURSE_ID,
      title: 'First Aid',
      title_ar: 'الإسعافات الأولية',
      date,
      today: TODAY,
      session: days.has(date) ? session(date) : null,
      present: trainees.filter((trainee) => trainee.status === 'Present').length,
      enrolled: 2,
      trainees,
    };
  };
  const sheet: AttendanceSheet = {
    course_id: COURSE_ID,
    title: 'First Aid',
    title_ar: 'الإسعافات الأولية',
    today: TODAY,
    sessions: [session(LAST_WEEK), session(TODAY)],
    trainees: [
      { user_id: 301, name: 'Layla', email: 'layla@example.com', marks: ['Present', 'Present'], present: 2 },
      { user_id: 302, name: 'Karim', email: 'karim@example.com', marks: ['Present', null], present: 1 },
    ],
  };
  const base = `/attendance/courses/${COURSE_ID}/`;
  const answer = (request: FakeRequest): FakeAnswer => {
    const { method, path } = request;
    if (method === 'GET' && path === '/attendance/courses/')
      return {
        status: 200,
        body: {
          today: TODAY,
          results: [
            {
              course_id: COURSE_ID,
              title: 'First Aid',
              title_ar: 'الإسعافات الأولية',
              start_date: '2026-11-03',
              end_date: '2026-12-22',
              today: [session(TODAY)],
              next_date: '2026-12-01',
            },
          ],
        },
      };
    if (method === 'GET' && path === base) return { status: 200, body: roster(TODAY) };
    const dated = path.startsWith(`${base}?date=`) && path.slice(`${base}?date=`.length);
    if (method === 'GET' && dated) return { status: 200, body: roster(dated) };
    if (method === 'GET' && path === `${base}code/`)
      return {
        status: 200,
        body: {
          course_id: COURSE_ID,
          date: TODAY,
          code: 'signed-code-1',
          step_seconds: 30,
          server_time: `${TODAY}T16:10:00.000Z`,
          expires_at: `${TODAY}T16:10:30.000Z`,
        },
      };
    if (method === 'GET' && path === `${base}sheet/`) return { status: 200, body: sheet };
    if (method === 'POST' && path === `${base}marks/`) {
      const body = request.body as { user_id: number; date: string; status: 'Present' | 'Absent' };
      const trainees = days.get(body.date) ?? [];
      const marked = { ...entry(body.user_id, 'Karim', body.status), marked_by: 'trainer' as const };
      days.set(
        body.date,
        trainees.map((trainee) => (trainee.user_id === body.user_id ? marked : trainee)),
      );
      return { status: 201, body: marked };
    }
    return { status: 404, body: { detail: 'Not found' } };
  };
  return { sheet, ...fakeApi(answer) };
}

const pages: Actor<ReturnType<typeof classAttendanceLive>>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

const ARABIC_WORDS: SheetWords = {
  language: 'ar',
  prefix: 'الحضور',
  labels: {
    trainee: 'المتدرب',
    email: 'البريد الإلكتروني',
    present: 'مرات الحضور',
    held: 'الجلسات المحسوبة',
    totals: 'الحضور في كل جلسة',
    mark: (status) => (status === 'Present' ? 'حاضر' : 'غائب'),
  },
};

/** The trainer's attendance screen for the course the address names, and what it printed and wrote. */
function open(server: ReturnType<typeof attendanceServer>) {
  const printed: number[] = [];
  const written: { sheet: AttendanceSheet; options: Parameters<typeof exportSheet>[1] }[] = [];
  const machine = classAttendanceLive({
    api: server.api,
    now: () => DEVICE_NOW,
    sheetWords: () => ARABIC_WORDS,
    print: async () => {
      printed.push(printed.length + 1);
    },
    writeSheet: async (sheet, options) => {
      written.push({ sheet, options });
    },
  });
  const actor = createActor(machine, { input: { courseId: COURSE_ID } }).start();
  pages.push(actor);
  return { actor, printed, written };
}

type Page = ReturnType<typeof open>;
const shown = (page: Page) =>
  waitFor(page.actor, (state) =>
    state.matches({ course: { roster: 'ready', code: 'showing', sheet: 'ready' } }),
  );
const sheetReady = (page: Page) =>
  waitFor(page.actor, (state) => state.matches({ course: { sheet: 'ready' } }));
const gets = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'GET').map((request) => request.path);

describe('the trainer’s attendance screen, wired to the API and the device’s clock', () => {
  it('opens the course the address names: today’s roster and count, the code timed from its arrival, the sheet', async () => {
    const server = attendanceServer();
    const page = open(server);
    await shown(page);
    expect(gets(server.requests).sort()).toEqual(
      [
        '/attendance/courses/',
        `/attendance/courses/${COURSE_ID}/?date=${TODAY}`,
        `/attendance/courses/${COURSE_ID}/code/`,
        `/attendance/courses/${COURSE_ID}/sheet/`,
      ].sort(),
    );
    const { context } = page.actor.getSnapshot();
    expect(context.count).toEqual({ present: 1, enrolled: 2 });
    expect(context.code?.code).toBe('signed-code-1');
    // Shown 30 s on the server's clock, less a second's lead, from when it reached the device.
    expect(context.codeRenewsAt).toBe(DEVICE_NOW + 29_000);
  });

  it('shows another day’s roster with today’s count, read as well', async () => {
    const server = attendanceServer();
    const page = open(server);
    await shown(page);
    const before = server.requests.length;
    page.actor.send({ type: 'day.choose', date: LAST_WEEK });
    await waitFor(page.actor, (state) => state.matches({ course: { roster: 'ready' } }));
    expect(gets(server.requests.slice(before))).toEqual([
      `/attendance/courses/${COURSE_ID}/?date=${LAST_WEEK}`,
      `/attendance/courses/${COURSE_ID}/`,
    ]);
    const { context } = page.actor.getSnapshot();
    expect(context.roster?.present).toBe(2);
    expect(context.count).toEqual({ present: 1, enrolled: 2 });
  });

  it('marks a trainee by hand on the day shown', async () => {
    const server = attendanceServer();
    const page = open(server);
    await shown(page);
    page.actor.send({ type: 'mark', userId: 302, status: 'Present' });
    await waitFor(page.actor, (state) => state.context.lastMark !== null);
    expect(server.requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: `/attendance/courses/${COURSE_ID}/marks/`,
      body: { user_id: 302, date: TODAY, status: 'Present' },
    });
    expect(page.actor.getSnapshot().context.roster?.present).toBe(2);
  });

  it('prints the sheet read again, and exports it in the page’s language, right to left', async () => {
    const server = attendanceServer();
    const page = open(server);
    await shown(page);
    page.actor.send({ type: 'sheet.print' });
    await sheetReady(page);
    expect(page.printed).toEqual([1]);

    page.actor.send({ type: 'sheet.export' });
    await sheetReady(page);
    expect(gets(server.requests).filter((path) => path.endsWith('/sheet/'))).toHaveLength(3);
    expect(page.written).toEqual([
      {
        sheet: server.sheet,
        options: {
          title: 'الإسعافات الأولية',
          rightToLeft: true,
          fileName: `الحضور - الإسعافات الأولية - ${TODAY}.xlsx`,
          labels: ARABIC_WORDS.labels,
        },
      },
    ]);
  });
});
