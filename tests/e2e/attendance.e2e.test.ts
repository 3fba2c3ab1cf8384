import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { addDays, weekdayOf } from '@contract/domain/sessions';
import type { AttendanceCode } from '@contract/wire/attendance';
import { WEEKDAYS } from '@contract/wire/courses';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { centreDate } from '../../server/centre-time';
import { approvedCourse, trainerToken } from './support/authoring';
import { expectNoAxeViolations, type Width } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { enrol } from './support/learning';
import { signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';

/**
 * Giving attendance with the trainer's QR code, and the attendance history (spec sections 2, 4 and
 * 8). The codes come from the API as the trainer's screen reads them; the product's attendance
 * clock is moved through its development route to pass a rotation without waiting.
 */
const suite = productSuite();

let trainer: string;
/** A course of the demo trainer held every day, and one held every day but today. */
let everyDay: { id: number; title: string; title_ar: string };
let notToday: { id: number; title: string; title_ar: string };

beforeAll(async () => {
  trainer = await trainerToken(suite);
  const today = centreDate(new Date());
  const dates = { start_date: addDays(today, -1), end_date: addDays(today, 30) };
  everyDay = await approvedCourse(suite, trainer, {
    ...dates,
    routine: WEEKDAYS.map((day) => ({ day, start_time: '00:00', end_time: '23:59' })),
  });
  notToday = await approvedCourse(suite, trainer, {
    ...dates,
    routine: WEEKDAYS.filter((day) => day !== weekdayOf(today)).map((day) => ({
      day,
      start_time: '08:00',
      end_time: '10:00',
    })),
  });
}, 120_000);

/** The course's current code, as the trainer's screen shows it. */
async function currentCode(courseId = everyDay.id): Promise<string> {
  return (await codeOnScreen(courseId)).code;
}

async function codeOnScreen(courseId: number): Promise<AttendanceCode> {
  const answer = await suite.call(`/attendance/courses/${courseId}/code/`, { token: trainer });
  expect(answer.status).toBe(200);
  return (await answer.json()) as AttendanceCode;
}

/**
 * The current code taken early in its step: a ticket ends with the code's grace (15 to 30 seconds
 * after the scan), and a sign-in on a busy machine should fit in it.
 */
async function freshCode(courseId = everyDay.id): Promise<string> {
  for (;;) {
    const code = await codeOnScreen(courseId);
    const left = Date.parse(code.expires_at) - Date.parse(code.server_time);
    if (left >= 10_000) return code.code;
    await new Promise((resolve) => setTimeout(resolve, left + 200));
  }
}

/** What the page can see of a browser: its address and its storage (the ticket cookie is httpOnly). */
async function copyOf(page: Page): Promise<{ link: string; storage: Record<string, string> }> {
  return { link: page.url(), storage: await page.evaluate(() => ({ ...localStorage })) };
}

/** Moves the product's attendance clock (a development route, for the admin token only). */
async function moveClock(seconds: number): Promise<void> {
  const admin = readFileSync(join(suite.app.env.DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  const answer = await suite.call('/dev/attendance/clock/', {
    body: { seconds },
    headers: { 'X-Admin-Token': admin },
  });
  expect(answer.status).toBe(200);
}

/** A new trainee enrolled in `courseIds` (free courses); in a new tab, signed in unless told otherwise. */
async function trainee(language: Language, width: Width, courseIds: number[], signedIn = true) {
  const { person } = await verifiedTrainee(suite.app);
  const login = await suite.call('/user/login/', {
    body: { username: person.email, password: person.password },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  for (const id of courseIds) await enrol(suite, token, { id, price_halalas: 0 });
  const visit = await suite.open({ language, width });
  if (signedIn) await signInWithTokens(suite.app, visit.context, person);
  return { visit, person };
}

describe('giving attendance with the QR code', () => {
  it(`gives it with a fresh code, then says it is already given, and the history shows it ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { visit } = await trainee(language, width, [everyDay.id]);
    const { page, makeAttendance, attendanceHistory, screen, t, problems } = visit;
    await makeAttendance.open(everyDay.id, await currentCode());
    await expect
      .poll(() => makeAttendance.outcome('You have Given your attendance Successfully!').count())
      .toBe(1);
    await expect.poll(() => screen.toast('You have Given your attendance Successfully!').count()).toBe(1);
    await expectNoAxeViolations(page);

    // Scanning again the same day.
    await makeAttendance.open(everyDay.id, await currentCode());
    await expect
      .poll(() => makeAttendance.outcome('You already have given your attendance.').count())
      .toBe(1);
    await expectNoAxeViolations(page);

    await makeAttendance.link('See your attendance history').click();
    const title = language === 'ar' ? everyDay.title_ar : everyDay.title;
    await expect.poll(() => attendanceHistory.rows(title).count()).toBeGreaterThan(0);
    const rows = await attendanceHistory.rows(title).allTextContents();
    expect(rows.at(-1)).toContain(t('Present'));
    // Yesterday's session passed without a mark: Absent.
    expect(rows[0]).toContain(t('Absent'));
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it(`refuses a code from before the last rotation, and takes the current one ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const { visit } = await trainee(language, width, [everyDay.id]);
    const { page, makeAttendance } = visit;
    const old = await currentCode();
    await moveClock(2 * ATTENDANCE_STEP_SECONDS);
    await makeAttendance.open(everyDay.id, old);
    await expect.poll(() => makeAttendance.outcome('This code has expired').count()).toBe(1);
    await expectNoAxeViolations(page);
    await makeAttendance.open(everyDay.id, await currentCode());
    await expect
      .poll(() => makeAttendance.outcome('You have Given your attendance Successfully!').count())
      .toBe(1);
  });

  it(`keeps the code of someone signed out in this browser while they sign in, then gives it ${named(EN_PHONE)}`, async () => {
    const { language, width } = EN_PHONE;
    const { visit, person } = await trainee(language, width, [everyDay.id], false);
    const { page, context, makeAttendance, signIn, screen } = visit;
    await makeAttendance.open(everyDay.id, await freshCode());
    await expect.poll(() => signIn.heading.count()).toBe(1);
    // The dialog cannot be closed: the visitor signs in or leaves.
    expect(await signIn.closeButton.count()).toBe(0);
    await expectNoAxeViolations(page);
    // The ticket is a cookie the page cannot read, sent with this course's attendance call only.
    const [ticket] = (await context.cookies()).filter((cookie) => cookie.name === 'attendance_ticket');
    expect(ticket).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: `/api/v1/course/make-attendance/${everyDay.id}/`,
    });
    const { storage } = await copyOf(page);
    expect(JSON.stringify(storage)).not.toContain(ticket?.value.split('.').at(-1));
    expect(await page.evaluate(() => document.cookie)).not.toContain('attendance_ticket');
    await signIn.as(person);
    await expect
      .poll(() => makeAttendance.outcome('You have Given your attendance Successfully!').count())
      .toBe(1);
    expect(screen.pathname()).toBe(`/trainee/make-attendance/${everyDay.id}`);
    await expectNoAxeViolations(page);
    // Used: the browser dropped it.
    expect((await context.cookies()).some((cookie) => cookie.name === 'attendance_ticket')).toBe(false);
  });

  it(`refuses a second browser given the scanner’s link and storage, and gives the scanner’s own ${named(AR_DESKTOP)}`, async () => {
    const { language, width } = AR_DESKTOP;
    const { visit: scanner, person } = await trainee(language, width, [everyDay.id], false);
    const { visit: friend } = await trainee(language, width, [everyDay.id]);
    await scanner.makeAttendance.open(everyDay.id, await freshCode());
    await expect.poll(() => scanner.signIn.heading.count()).toBe(1);
    // Everything the scanner's page holds goes to a friend who is not in the room.
    const { link, storage } = await copyOf(scanner.page);
    await friend.context.addInitScript((kept: Record<string, string>) => {
      for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
    }, storage);
    await friend.page.goto(link);
    await expect.poll(() => friend.makeAttendance.outcome('This code cannot be used here').count()).toBe(1);
    expect(await friend.page.getByRole('main').textContent()).toContain(
      friend.t(
        'This attendance code was scanned on another device. Scan the code on the screen with your own device.',
      ),
    );
    await expectNoAxeViolations(friend.page);

    // The browser that scanned still gives its holder's attendance.
    await scanner.signIn.as(person);
    await expect
      .poll(() => scanner.makeAttendance.outcome('You have Given your attendance Successfully!').count())
      .toBe(1);
    expect(scanner.problems).toEqual([]);
  });

  it(`says there is no class today, and sends someone not enrolled to the course page ${named(AR_DESKTOP)}`, async () => {
    const { language, width } = AR_DESKTOP;
    const { visit } = await trainee(language, width, [notToday.id]);
    const { page, makeAttendance, screen } = visit;
    await makeAttendance.open(notToday.id, await currentCode());
    await expect.poll(() => makeAttendance.outcome('No available Class for Today!').count()).toBe(1);
    await expectNoAxeViolations(page);

    await makeAttendance.open(everyDay.id, await currentCode());
    await expect.poll(() => makeAttendance.outcome('You are not enrolled in this course').count()).toBe(1);
    await expectNoAxeViolations(page);
    await makeAttendance.link('Go to the course page to enrol').click();
    await expect.poll(() => screen.pathname()).toMatch(new RegExp(`^/course-details/${everyDay.id}`));
  });
});

describe('the attendance history', () => {
  it(`says what the course history says right after the first scan ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const today = centreDate(new Date());
    const first = await approvedCourse(suite, trainer, {
      start_date: today,
      end_date: addDays(today, 30),
      routine: WEEKDAYS.map((day) => ({ day, start_time: '00:00', end_time: '23:59' })),
    });
    const { visit } = await trainee(language, width, [first.id]);
    const { makeAttendance, attendanceHistory, traineeHistoryDetails, problems } = visit;
    await makeAttendance.open(first.id, await currentCode(first.id));
    await expect
      .poll(() => makeAttendance.outcome('You have Given your attendance Successfully!').count())
      .toBe(1);

    await attendanceHistory.open();
    await expect.poll(() => attendanceHistory.rows(first.title).count()).toBe(1);
    expect(await attendanceHistory.card(first.title).textContent()).toContain(
      'Present at 1 of 1 session · 100%',
    );
    await traineeHistoryDetails.open(first.id);
    await expect.poll(() => traineeHistoryDetails.attendance('Sessions held').textContent()).toBe('1');
    expect(await traineeHistoryDetails.attendance('Present').textContent()).toBe('1');
    expect(await traineeHistoryDetails.attendance('Attendance rate').textContent()).toBe('100%');
    expect(problems).toEqual([]);
  });

  it(`says when there is no attendance yet ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const { visit } = await trainee(language, width, []);
    await visit.attendanceHistory.open();
    await expect.poll(() => visit.attendanceHistory.empty.count()).toBe(1);
    await expectNoAxeViolations(visit.page);
  });
});
