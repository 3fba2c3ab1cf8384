import type { TrainerCourseList } from '@contract/wire/authoring';
import type { CompletedCourse, CourseHistory } from '@contract/wire/records';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { pick } from '@/i18n/pick';
import { paths } from '@/routing/paths';
import { DEMO_AUTHORING_COURSES } from '../../server/authoring/course-seed';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { RECORD_COURSES } from '../../server/records/seed';
import { approvedCourse, trainerToken, trainerVisit } from './support/authoring';
import { expectNoAxeViolations, type Width } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { enrol } from './support/learning';
import { signInWithTokens } from './support/session';
import { AR_PHONE, EN_DESKTOP, named } from './support/settings';
import { productSuite } from './support/suite';
import { numberOf, numberText } from './support/text';

const suite = productSuite();

function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The seeded history as the API gives it to the demo trainer. */
async function seededHistory() {
  const token = await trainerToken(suite);
  const history = await suite.read<CourseHistory>('/trainer/course-history/', { token });
  const completed = history.results.find((course) => course.title === RECORD_COURSES.completed.title);
  if (!completed) throw new Error('the seed has no completed course of the demo trainer');
  const record = await suite.read<CompletedCourse>(`/trainer/course-history/${completed.id}/`, { token });
  return { token, history, completed, record };
}

describe('Course History', () => {
  it(`lists the trainer's past courses, newest first, with their figures ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { history, completed } = await seededHistory();
    const visit = await trainerVisit(suite, language, width);
    const { courseHistory, screen, t, problems } = visit;
    await courseHistory.open();
    const completedTitle = pick(completed, 'title', language);
    await courseHistory.entry(completedTitle).waitFor();
    // The menu and the heading say the same.
    expect(await screen.title()).toBe(t('Course History'));
    expect(await courseHistory.titles()).toEqual(
      history.results.map((course) => pick(course, 'title', language)),
    );

    expect(await courseHistory.status(completedTitle)).toBe('Completed');
    expect(numberOf((await courseHistory.figure(completedTitle, 'Trainees enrolled')) ?? '')).toBe(6);
    expect(await courseHistory.figure(completedTitle, 'Completed')).toBe(
      t('{0} of {1}', { 0: numberText(4, language), 1: numberText(6, language) }),
    );
    expect(await courseHistory.figure(completedTitle, 'Attendance rate')).toMatch(
      language === 'ar' ? /٪/ : /%$/,
    );
    expect(await courseHistory.detailsLink(completedTitle).getAttribute('href')).toBe(
      paths.completedCourseDetails(completed.id),
    );

    const closedTitle = language === 'ar' ? RECORD_COURSES.closed.title_ar : RECORD_COURSES.closed.title;
    expect(await courseHistory.entry(closedTitle).textContent()).toContain(t('Closed early'));
    expect(await courseHistory.entry(closedTitle).textContent()).toContain(t('Facilitator'));

    const rejectedTitle =
      language === 'ar' ? DEMO_AUTHORING_COURSES.rejected.title_ar : DEMO_AUTHORING_COURSES.rejected.title;
    expect(await courseHistory.status(rejectedTitle)).toBe('Rejected');
    // No attendance or grades for a rejected course, and no details.
    expect(await courseHistory.entry(rejectedTitle).textContent()).not.toContain(t('Attendance rate'));
    expect(await courseHistory.entry(rejectedTitle).getByRole('link').count()).toBe(0);
    // The pending course is not history.
    const pendingTitle =
      language === 'ar' ? DEMO_AUTHORING_COURSES.pending.title_ar : DEMO_AUTHORING_COURSES.pending.title;
    expect(await courseHistory.entry(pendingTitle).count()).toBe(0);
    await expectNoAxeViolations(visit.page);
    expect(problems).toEqual([]);
  });

  it(`shows a completed course's statistics, outcomes by the rule and reviews ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const { completed, record } = await seededHistory();
    const visit = await trainerVisit(suite, language, width);
    const { courseHistory, completedCourse, screen, t, problems } = visit;
    await courseHistory.open();
    const title = pick(completed, 'title', language);
    await courseHistory.detailsLink(title).click();
    await completedCourse.section('Statistics').waitFor();
    expect(await screen.address()).toBe(paths.completedCourseDetails(completed.id));
    expect(await screen.title()).toBe(title);
    expect(numberOf((await completedCourse.stat('Trainees enrolled')) ?? '')).toBe(6);
    expect(numberOf((await completedCourse.stat('Completed')) ?? '')).toBe(4);
    expect(numberOf((await completedCourse.stat('Sessions held')) ?? '')).toBe(record.sessions_held);
    expect(await completedCourse.section('Statistics').textContent()).toContain(t('by the completion rule'));

    // Each trainee's outcome follows the rule: Faisal missed half the sessions, Omar's grades are low.
    for (const trainee of record.trainees) {
      expect(await completedCourse.outcome(trainee.name)).toBe(
        trainee.completed ? 'completed' : 'not-completed',
      );
    }
    expect(await completedCourse.trainee('Faisal Al-Shammari').textContent()).toContain(t('Not completed'));
    expect(await completedCourse.outcome(DEMO_ACCOUNTS.trainee.full_name)).toBe('completed');

    // Reviews, newest first, with the trainee's name and the rating in words.
    const reviews = completedCourse.reviews();
    expect(await reviews.count()).toBe(record.reviews.length);
    expect(await reviews.first().textContent()).toContain(record.reviews[0]?.name ?? '');
    expect(await reviews.first().textContent()).toContain(record.reviews[0]?.review ?? '');
    expect(await completedCourse.section('Assignments and quizzes').getByRole('row').count()).toBe(
      record.items.length + 1,
    );
    await expectNoAxeViolations(visit.page);
    expect(problems).toEqual([]);
  });

  it('says a course is not found for no id, an unknown id, a course not ended or not the trainer’s (en, desktop; ar, phone)', async () => {
    const { completed } = await seededHistory();
    const token = await trainerToken(suite);
    const ongoing = await approvedCourse(suite, token, { start_date: isoDate(-3), end_date: isoDate(30) });
    const cases: Array<{ language: Language; width: Width; path: string }> = [
      { language: 'en', width: 'desktop', path: paths.completedCourseDetails() },
      { language: 'en', width: 'desktop', path: '/completed-course-details-page?id=abc' },
      { language: 'ar', width: 'phone', path: paths.completedCourseDetails(2_000_000_000) },
      { language: 'ar', width: 'phone', path: paths.completedCourseDetails(ongoing.id) },
    ];
    for (const { language, width, path } of cases) {
      const visit = await trainerVisit(suite, language, width);
      const { completedCourse, screen, t, problems } = visit;
      await visit.goto(path);
      await completedCourse.backToHistory.waitFor();
      expect(await screen.title()).toBe(t('Course not found'));
      await completedCourse.backToHistory.click();
      await visit.courseHistory.entry(pick(completed, 'title', language)).waitFor();
      expect(await screen.address()).toBe(paths.trainerCourseHistory());
      await expectNoAxeViolations(visit.page);
      expect(problems).toEqual([]);
    }
    // Another trainer's completed course is not theirs: not found either.
    const other = await suite.open({ language: 'en', width: 'desktop' });
    // A trainer with no part in it (Dr. Hessa Al-Dossary created the closed one, not this one).
    await signInWithTokens(suite.app, other.context, {
      email: 'abdullah.alotaibi@example.com',
      password: 'Trainer#2026',
    });
    await other.goto(paths.completedCourseDetails(completed.id));
    await other.completedCourse.backToHistory.waitFor();
    expect(await other.screen.title()).toBe(other.t('Course not found'));
  });
});

describe('Closing a course and its completion rule', () => {
  const CASES = [
    // Arabic, on a phone: the rule is lowered (typed in Arabic-Indic digits), so the trainee completes.
    { language: 'ar', width: 'phone', rule: { attendance: '٠', grade: '٠' }, completes: true },
    // English, on a desktop: the default rule, and the trainee attended nothing: not completed.
    { language: 'en', width: 'desktop', rule: null, completes: false },
  ] as const;

  for (const { language, width, rule, completes } of CASES) {
    it(`closes a course after asking; it moves into the history and its trainee's completion follows the rule (${language}, ${width})`, async () => {
      const token = await trainerToken(suite);
      const course = await approvedCourse(suite, token, { start_date: isoDate(-10), end_date: isoDate(30) });
      const { person } = await verifiedTrainee(suite.app);
      const login = await suite.call('/user/login/', {
        body: { username: person.email, password: person.password },
      });
      const traineeToken = ((await login.json()) as { access_token: string }).access_token;
      await enrol(suite, traineeToken, { id: course.id, price_halalas: 0 });

      const visit = await trainerVisit(suite, language, width);
      const { trainerCourse, courseCompletion, screen, t, problems } = visit;
      await trainerCourse.open(course.id);
      await courseCompletion.closeButton.waitFor();
      expect(await courseCompletion.rule()).toBe('75/5');

      // A wrong rule is refused next to its field, and what was typed stays.
      await courseCompletion.editRule(language === 'ar' ? '١٥٠' : '150', language === 'ar' ? '٥' : '5');
      await expect.poll(() => courseCompletion.attendanceField.getAttribute('aria-invalid')).toBe('true');
      expect(await courseCompletion.section.textContent()).toContain(
        t('Enter a whole number of per cent from 0 to 100'),
      );
      expect(await courseCompletion.attendanceField.inputValue()).toBe(language === 'ar' ? '١٥٠' : '150');
      if (rule) {
        await courseCompletion.editRule(rule.attendance, rule.grade);
        await screen.toast('The completion rule has been saved').waitFor();
        await expect.poll(() => courseCompletion.rule()).toBe('0/0');
      } else {
        await courseCompletion.section.getByRole('button', { name: t('Cancel') }).click();
        expect(await courseCompletion.rule()).toBe('75/5');
      }
      await expectNoAxeViolations(visit.page);

      // Keep it open changes nothing; Close course, confirmed, ends it.
      await courseCompletion.askClose();
      expect(await courseCompletion.closeDialog.textContent()).toContain(t('This cannot be undone.'));
      await expectNoAxeViolations(visit.page);
      await courseCompletion.keepOpen();
      expect(await courseCompletion.closeButton.isVisible()).toBe(true);
      await courseCompletion.askClose();
      await courseCompletion.confirmClose();
      await screen.toast('The course is closed. It is now in your course history.').waitFor();
      await courseCompletion.recordLink.waitFor();
      expect(await courseCompletion.closeButton.count()).toBe(0);
      // The course page reads the course again: its badge says Completed, as the list does.
      await expect.poll(() => visit.trainerCourse.status()).toBe('Completed');
      const mine = await suite.read<TrainerCourseList>('/course/course-list-of-a-trainer/', { token });
      expect(mine.results.find((entry) => entry.id === course.id)?.status).toBe('Completed');

      // It is in the history, closed early, and its trainee's outcome follows the rule.
      const { courseHistory, completedCourse } = visit;
      await courseHistory.open();
      const title = pick(course, 'title', language);
      await courseHistory.entry(title).waitFor();
      expect(await courseHistory.status(title)).toBe('Completed');
      expect(await courseHistory.entry(title).textContent()).toContain(t('Closed early'));
      expect((await courseHistory.titles())[0]).toBe(title);
      await courseHistory.detailsLink(title).click();
      await completedCourse.section('Trainees').waitFor();
      expect(await completedCourse.outcome(person.full_name)).toBe(completes ? 'completed' : 'not-completed');
      if (!completes)
        expect(await completedCourse.trainee(person.full_name).textContent()).toContain(t('Not completed'));
      expect(numberOf((await completedCourse.stat('Completed')) ?? '')).toBe(completes ? 1 : 0);
      await expectNoAxeViolations(visit.page);
      expect(problems).toEqual([]);

      // The trainee's learning no longer lists it.
      const learning = await suite.read<{ results: { course: { id: number } }[] }>('/learning/courses/', {
        token: traineeToken,
      });
      expect(learning.results.map((entry) => entry.course.id)).not.toContain(course.id);
    });
  }
});
