import { toArabicIndicDigits } from '@contract/domain/digits';
import { addDays, weekdayOf, weekStartOf } from '@contract/domain/sessions';
import { SCHEDULE_MESSAGES } from '@contract/messages/schedule';
import type { RoutineSlot } from '@contract/wire/courses';
import type { Notification } from '@contract/wire/notifications';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { formatTime } from '@/i18n/dates';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { centreDate } from '../../server/centre-time';
import type { Visit } from './pages/visit';
import { approvedCourse, trainerToken, trainerVisit } from './support/authoring';
import { expectNoAxeViolations } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { enrol } from './support/learning';
import { signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

const EVERY_DAY: RoutineSlot[] = (
  ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const
).map((day) => ({ day, start_time: '07:00', end_time: '08:30' }));

/**
 * An approved course of the demo trainer meeting every day from today for five weeks, with a new
 * trainee enrolled in it.
 */
async function courseWithTrainee() {
  const today = centreDate(new Date());
  const token = await trainerToken(suite);
  const course = await approvedCourse(suite, token, {
    start_date: today,
    end_date: addDays(today, 35),
    routine: EVERY_DAY,
  });
  const { person } = await verifiedTrainee(suite.app);
  const login = await suite.call('/user/login/', {
    body: { username: person.email, password: person.password },
  });
  const traineeToken = ((await login.json()) as { access_token: string }).access_token;
  await enrol(suite, traineeToken, { id: course.id, price_halalas: 0 });
  return { course, person, today, traineeToken };
}

function times(language: Language, start = '07:00', end = '08:30'): string {
  return `${formatTime(start, language)}–${formatTime(end, language)}`;
}

/** The box of a day on the page. */
async function box(visit: Visit, day: 'Saturday' | 'Sunday') {
  const found = await visit.schedule.day(day).boundingBox();
  if (!found) throw new Error(`${day} is not on the page`);
  return found;
}

describe('Manage Schedule', () => {
  // Twice: a desktop lays the week along the line (from the right in Arabic), a phone down the page.
  for (const setting of [AR_DESKTOP, EN_PHONE]) {
    it(`shows the week Saturday to Friday with today marked, week by week through the address ${named(setting)}`, async () => {
      const { language, width } = setting;
      const { course, today } = await courseWithTrainee();
      const visit = await trainerVisit(suite, language, width);
      const { schedule, page } = visit;
      await schedule.open();
      await expectNoAxeViolations(page);

      const week = weekStartOf(today);
      expect(await schedule.dayOrder()).toEqual([...schedule.weekdays]);
      expect(await schedule.dates()).toEqual(Array.from({ length: 7 }, (_, index) => addDays(week, index)));
      expect(await schedule.today()).toBe(today);
      await expect.poll(() => schedule.session(course.id, today).count()).toBe(1);
      expect(await schedule.day(weekdayOf(today)).locator('time[aria-current="date"]').count()).toBe(1);

      // The week starts on Saturday: at the start of the line (the right in Arabic) on a desktop,
      // at the top on a phone.
      const saturday = await box(visit, 'Saturday');
      const sunday = await box(visit, 'Sunday');
      if (width === 'desktop') {
        expect(Math.abs(saturday.y - sunday.y)).toBeLessThan(2);
        if (language === 'ar') expect(saturday.x).toBeGreaterThan(sunday.x);
        else expect(saturday.x).toBeLessThan(sunday.x);
      } else {
        expect(saturday.y + saturday.height).toBeLessThanOrEqual(sunday.y);
      }

      // Next week, its address, and Back.
      await schedule.link('Next week').click();
      await expect.poll(() => page.url()).toContain(paths.manageSchedule(addDays(week, 7)));
      await expect
        .poll(() => schedule.dates())
        .toEqual(Array.from({ length: 7 }, (_, index) => addDays(week, 7 + index)));
      expect(await schedule.today()).toBeNull();
      await expect.poll(() => schedule.session(course.id, addDays(week, 8)).count()).toBe(1);
      await expectNoAxeViolations(page);
      await schedule.link('Next week').click();
      await expect.poll(() => schedule.dates().then((dates) => dates[0])).toBe(addDays(week, 14));
      await page.goBack();
      await expect.poll(() => schedule.dates().then((dates) => dates[0])).toBe(addDays(week, 7));
      await schedule.link('Previous week').click();
      await expect.poll(() => schedule.dates().then((dates) => dates[0])).toBe(week);
      await schedule.link('Next week').click();
      await schedule.link('This week').click();
      await expect.poll(() => schedule.today()).toBe(today);
      expect(visit.problems).toEqual([]);
    });
  }

  it(`cancels a session, which an enrolled trainee hears of live, restores it, and moves another ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { course, person, today, traineeToken } = await courseWithTrainee();
    const trainee = await suite.open({ language: 'en', width: 'desktop' });
    await signInWithTokens(suite.app, trainee.context, person);
    await trainee.goto(paths.ongoingCourses());
    // The bell shows every unread notification (the enrolment's too) before the trainer acts.
    const unread = (await suite.read<Notification[]>('/notification/', { token: traineeToken })).filter(
      (notification) => !notification.seen,
    ).length;
    await expect.poll(() => trainee.notifications.unread()).toBe(unread);

    const visit = await trainerVisit(suite, language, width);
    const { schedule, page, t } = visit;
    const nextWeek = addDays(weekStartOf(today), 7);
    await schedule.open(nextWeek);
    const title = language === 'ar' ? course.title_ar : course.title;

    // Cancel Sunday's session of next week.
    const sunday = addDays(nextWeek, 1);
    const card = schedule.session(course.id, sunday);
    await schedule.cancel(card, title, times(language), 'The hall is closed for exams');
    await expect.poll(() => card.getAttribute('data-status')).toBe('cancelled');
    expect(await card.textContent()).toContain(t('Cancelled'));
    await expect.poll(() => trainee.notifications.unread()).toBe(unread + 1);
    await trainee.notifications.openPanel();
    expect(await trainee.notifications.items.first().textContent()).toContain('Session cancelled');
    await expectNoAxeViolations(page);

    // Restored: back on the schedule, and the trainee is told.
    await schedule.restore(card, title, times(language));
    await expect.poll(() => card.getAttribute('data-status')).toBe('scheduled');
    await expect.poll(() => trainee.notifications.unread()).toBe(unread + 2);

    // Move Monday's session: a date holding another session is refused next to the field, what was
    // typed stays; then later the same day (typed with Arabic-Indic digits in Arabic).
    const monday = addDays(nextWeek, 2);
    const digits = (value: string) => (language === 'ar' ? toArabicIndicDigits(value) : value);
    const dialog = await schedule.fillMove(schedule.session(course.id, monday), title, times(language), {
      reason: 'Guest lecture',
      date: digits(addDays(nextWeek, 3)),
      start: digits('09:00'),
      end: digits('10:30'),
    });
    await expectNoAxeViolations(page);
    await schedule.moveButton(dialog).click();
    const newDate = dialog.getByLabel(t('New date'));
    await expect.poll(() => newDate.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.textContent()).toContain(t(SCHEDULE_MESSAGES.newDateTaken));
    expect(await dialog.getByLabel(t('Reason')).inputValue()).toBe('Guest lecture');
    // Every day holds a session: move it later on its own day.
    await newDate.fill(digits(monday));
    await dialog.getByLabel(t('Starts at')).fill(digits('18:00'));
    await dialog.getByLabel(t('Ends at')).fill(digits('19:30'));
    await schedule.moveButton(dialog).click();
    await dialog.waitFor({ state: 'detached' });
    const moved = schedule.session(course.id, monday);
    await expect.poll(() => moved.getAttribute('data-status')).toBe('moved');
    expect(await moved.textContent()).toContain(formatTime('18:00', language));
    await expect.poll(() => trainee.notifications.unread()).toBe(unread + 3);
    await expectNoAxeViolations(page);
    expect(visit.problems).toEqual([]);
  });

  it('gives trainers and trainees a calendar feed that parses as iCal, and a new address ends the old one', async () => {
    const { course, person, today } = await courseWithTrainee();
    const token = await trainerToken(suite);
    const cancelledOn = addDays(today, 3);
    const changed = await suite.call('/schedule/changes/', {
      token,
      body: { course_id: course.id, session_date: cancelledOn, action: 'cancelled', reason: 'Holiday' },
    });
    expect(changed.status).toBe(201);

    const visit = await trainerVisit(suite, 'ar', 'desktop');
    await visit.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { schedule, page } = visit;
    await schedule.open();
    await expect.poll(() => schedule.feedAddress()).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const address = await schedule.feedAddress();
    await schedule.copyAddress.click();
    await schedule.copied.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    /** The feed's events by UID, fetched as a calendar app does: no sign-in. */
    const events = async (url: string) => {
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
      return new Map(
        calendar.getAllSubcomponents('vevent').map((component) => {
          const event = new ICAL.Event(component);
          return [
            event.uid,
            {
              summary: event.summary,
              status: String(component.getFirstPropertyValue('status')),
              start: event.startDate.toJSDate().toISOString(),
            },
          ] as const;
        }),
      );
    };
    const trainerFeed = await events(address);
    const uid = (date: string) => `course-${course.id}-session-${date}@kfu-training`;
    // The page is in Arabic: the feed says the course's Arabic title; 07:00 in Riyadh is 04:00 UTC.
    expect(trainerFeed.get(uid(cancelledOn))).toEqual({
      summary: course.title_ar,
      status: 'CANCELLED',
      start: `${cancelledOn}T04:00:00.000Z`,
    });
    expect(trainerFeed.get(uid(addDays(today, 1)))?.status).toBe('CONFIRMED');
    expect([...trainerFeed.keys()].filter((key) => key.startsWith(`course-${course.id}-`))).toHaveLength(36);

    await schedule.renewAddress();
    await expect.poll(() => schedule.feedAddress()).not.toBe(address);
    expect((await fetch(address)).status).toBe(404);
    expect((await events(await schedule.feedAddress())).get(uid(cancelledOn))?.status).toBe('CANCELLED');
    await expectNoAxeViolations(page);

    // The trainee finds theirs on the ongoing courses page, in English.
    const trainee = await suite.open({ language: 'en', width: 'phone' });
    await signInWithTokens(suite.app, trainee.context, person);
    await trainee.goto(paths.ongoingCourses());
    const traineeAddress = trainee.page.getByLabel(trainee.t('Calendar address'));
    await expect.poll(() => traineeAddress.inputValue()).toMatch(/\.ics$/);
    const traineeFeed = await events(await traineeAddress.inputValue());
    expect(traineeFeed.get(uid(cancelledOn))).toMatchObject({ summary: course.title, status: 'CANCELLED' });
    await expectNoAxeViolations(trainee.page);
  });
});
