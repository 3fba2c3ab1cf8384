import type { Paged } from '@contract/wire/common';
import type { CourseAbout, CourseCard } from '@contract/wire/courses';
import type { EventSummary } from '@contract/wire/events';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { COOKIE } from '@/session/storage';
import { expectNoAxeViolations } from './support/browser';
import { newPerson, verifiedTrainee } from './support/identity';
import { accessToken, cookie, signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';
import { numberText } from './support/text';

const suite = productSuite();

/** Events that have not ended, soonest first. */
async function openEvents(): Promise<EventSummary[]> {
  const list = await suite.read<Paged<EventSummary>>('/event/?page=1&limit=25');
  return list.results.filter((event) => new Date(event.date_range.end).getTime() > Date.now());
}

async function anOpenEvent(): Promise<EventSummary> {
  const [event] = await openEvents();
  if (!event) throw new Error('the seed has an upcoming event');
  return event;
}

describe('event registration', () => {
  it(`shows a trainee who registered before as registered, without a button or an error ${named(EN_DESKTOP)}`, async () => {
    const event = await anOpenEvent();
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open(EN_DESKTOP);
    const { access_token } = await signInWithTokens(suite.app, visit.context, person);
    const registered = await suite.call('/event-registration/', {
      token: access_token,
      body: { event: event.id },
    });
    expect(registered.status).toBe(201);

    const { page, t, screen, eventDetails, problems } = visit;
    await eventDetails.open(event.id);
    await expect.poll(() => eventDetails.registration()).toBe(t('You are registered for this event.'));
    expect(await eventDetails.registerButton.count()).toBe(0);
    expect(await screen.alert.count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it(`registers a visitor who pressed Register as soon as they have signed in ${named(EN_PHONE)}`, async () => {
    const event = await anOpenEvent();
    const { person } = await verifiedTrainee(suite.app);
    const { t, screen, eventDetails, signIn, problems } = await suite.open(EN_PHONE);
    await eventDetails.open(event.id);
    await eventDetails.register();
    await signIn.as(person);
    expect(screen.address()).toBe(paths.eventDetails(event.id));
    await expect.poll(() => screen.toast('You have registered for this event successfully').count()).toBe(1);
    await expect.poll(() => eventDetails.registration()).toBe(t('You are registered for this event.'));
    expect(problems).toEqual([]);
  });

  it('does not register a visitor who closed the sign-in dialog and then signed in in another tab', async () => {
    const event = await anOpenEvent();
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open({ width: 'desktop' });
    const { screen, eventDetails, signIn, problems } = visit;
    await eventDetails.open(event.id);
    await eventDetails.register();
    await signIn.close();
    await signIn.waitUntilClosed();

    const other = await suite.openSecondTab(visit);
    await other.goto(paths.home());
    await other.header.logIn();
    await other.signIn.as(person);
    // The first tab learns of the sign-in and offers the button to a signed-in user.
    await expect.poll(() => eventDetails.registerButton.count()).toBe(1);
    await expect.poll(() => screen.mainText()).not.toContain(visit.t('You will be asked to log in first.'));
    expect(await screen.toast('You have registered for this event successfully').count()).toBe(0);
    const registration = await suite.read<{ registered: boolean }>(`/event/${event.id}/registration/`, {
      token: await accessToken(visit.context),
    });
    expect(registration.registered).toBe(false);
    expect(problems).toEqual([]);
  });
});

describe('actions that wait for sign-in', () => {
  it(`Enroll Now goes on to checkout once the visitor has signed in ${named(EN_DESKTOP)}`, async () => {
    const [card] = (await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1'))
      .results;
    if (!card) throw new Error('the seed has courses');
    const { person } = await verifiedTrainee(suite.app);
    const { screen, courseDetails, signIn, problems } = await suite.open(EN_DESKTOP);
    await courseDetails.open(card.id);
    await courseDetails.enrol();
    await signIn.as(person);
    await expect.poll(() => screen.address()).toBe(paths.checkoutCourse(card.id));
    expect(problems).toEqual([]);
  });

  it(`Send report sends what was typed once the visitor has signed in ${named(AR_DESKTOP)}`, async () => {
    const { person } = await verifiedTrainee(suite.app);
    const report = {
      name: person.full_name,
      subject: `الشهادة لا تُحمّل ${Date.now()}`,
      description: 'يظهر خطأ عند تحميل الشهادة.',
    };
    const visit = await suite.open(AR_DESKTOP);
    const { screen, reportIssue, signIn, problems } = visit;
    await reportIssue.open();
    await reportIssue.fill(report);
    await reportIssue.send();
    await signIn.as(person);
    await expect.poll(() => screen.toast('Your report has been sent').count()).toBe(1);
    expect(await reportIssue.value('subject')).toBe('');
    const issues = await suite.read<Paged<{ subject: string }>>('/cms/report-an-issues/', {
      token: await accessToken(visit.context),
    });
    expect(issues.results.map((issue) => issue.subject)).toContain(report.subject);
    expect(problems).toEqual([]);
  });
});

describe('a trainee in Trainer Login', () => {
  it(`is told it is the trainer sign-in and signed in only on choosing to continue as a trainee ${named(EN_DESKTOP)}`, async () => {
    const { person } = await verifiedTrainee(suite.app);
    const { page, context, screen, footer, signIn, problems } = await suite.open({
      ...EN_DESKTOP,
      path: paths.home(),
    });
    await footer.trainerLogIn();
    await signIn.submit(person);
    await expect.poll(() => signIn.continueAsTraineeButton.count()).toBe(1);
    expect(await signIn.notice()).toContain(person.email);
    expect(await cookie(context, COOKIE.access)).toBeUndefined();
    await expectNoAxeViolations(page);

    // Back: the form again, still signed out.
    await signIn.back();
    await expect.poll(() => signIn.email.inputValue()).toBe(person.email);
    expect(await cookie(context, COOKIE.access)).toBeUndefined();

    await signIn.submit(person);
    await signIn.continueAsTrainee();
    await signIn.waitUntilClosed();
    await expect.poll(() => screen.toast('Successfully signed in').count()).toBe(1);
    expect(await cookie(context, COOKIE.role)).toBe('TRAINEE');
    expect(await signIn.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

/** The digit systems a text uses. */
function digitSystems(text: string | null): string[] {
  const systems: string[] = [];
  if (/[0-9]/.test(text ?? '')) systems.push('western');
  if (/[\u0660-\u0669]/.test(text ?? '')) systems.push('arabic-indic');
  return systems;
}

describe('left-to-right pieces in Arabic text', () => {
  it(`keeps the e-mail whole and the password hint in order, and types e-mails left to right ${named(AR_PHONE)}`, async () => {
    const person = newPerson('trainee');
    const { page, sideMenu, signIn, signUp, otp, problems } = await suite.open({
      ...AR_PHONE,
      path: paths.home(),
    });
    await sideMenu.open();
    await sideMenu.logIn();
    await signIn.signUp();

    // The hint's character classes are isolated pieces, in the order the sentence gives them.
    const hint = signUp.root.locator('bdi');
    expect(await hint.allTextContents()).toEqual(['A-Z', 'a-z', '0-9', '@ # $ * ! +']);
    for (const name of ['email', 'phone_number', 'govt_id_or_iqama_no'] as const) {
      const field = signUp.field(name);
      expect(await field.getAttribute('dir')).toBe('ltr');
      // Aligned to the start of the page: the right in Arabic.
      const side = await field.evaluate((input) => {
        const { textAlign, direction } = getComputedStyle(input);
        if (textAlign === 'start') return direction === 'ltr' ? 'left' : 'right';
        if (textAlign === 'end') return direction === 'ltr' ? 'right' : 'left';
        return textAlign;
      });
      expect(side).toBe('right');
    }

    await signUp.register(person);
    await expect.poll(() => otp.code.count()).toBe(1);
    const email = otp.root.locator('bdi', { hasText: person.email });
    expect(await email.count()).toBe(1);
    expect(await email.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    // One piece on one line, not broken mid-word.
    expect(await email.evaluate((element) => element.getClientRects().length)).toBe(1);
    const sentence = await otp.root.locator('p').first().textContent();
    expect(digitSystems(sentence?.replace(person.email, '') ?? '')).toEqual(['arabic-indic']);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});

describe('numbers and plurals', () => {
  it(`says "1 course" for one course, with counts and pages in the page's digits ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const [first] = (await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1'))
      .results;
    if (!first) throw new Error('the seed has courses');
    const search = first.title_ar;
    const found = await suite.read<Paged<CourseCard>>(
      `/course/browse-course-list/?page=1&limit=25&search=${encodeURIComponent(search)}`,
    );
    expect(found.count).toBe(1);
    const { t, catalogue, problems } = await suite.open({ language, width });
    await catalogue.open({ search });
    const one = numberText(1, language);
    await expect
      .poll(() => catalogue.summary())
      .toBe(
        `${t('{0, plural, one {# course} other {# courses}}', { 0: 1 })} · ${t('page {0} of {1}', { 0: one, 1: one })}`,
      );
    expect(await catalogue.summary()).not.toContain(
      t('{0, plural, one {# course} other {# courses}}', { 0: 2 }),
    );
    expect(problems).toEqual([]);
  });

  it('shows an Arabic catalogue and course in one digit system: Arabic-Indic', async () => {
    const { catalogue, courseDetails, screen, problems } = await suite.open(AR_DESKTOP);
    await catalogue.open();
    await expect.poll(() => catalogue.summary()).not.toBeNull();
    expect(digitSystems(await catalogue.summary())).toEqual(['arabic-indic']);
    expect(digitSystems(await catalogue.pagerText())).toEqual(['arabic-indic']);

    const [card] = (await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1'))
      .results;
    const course = await suite.read<CourseAbout>(`/course/about/${card?.id}/`);
    await courseDetails.open(course.id);
    await expect.poll(() => courseDetails.factsText()).not.toBeNull();
    expect(digitSystems(await courseDetails.factsText())).toEqual(['arabic-indic']);
    const numbers = await courseDetails.syllabusNumbers();
    expect(numbers.length).toBeGreaterThan(0);
    for (const text of numbers) expect(digitSystems(text)).not.toContain('western');
    expect(digitSystems(numbers.join(' '))).toEqual(['arabic-indic']);

    // A course that does not exist: its 404 too.
    await courseDetails.open(999_999);
    await expect.poll(async () => digitSystems(await screen.mainText())).toEqual(['arabic-indic']);
    expect(problems).toEqual([]);
  });
});
