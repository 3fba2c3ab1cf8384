import { join } from 'node:path';
import type { CourseAbout } from '@contract/wire/courses';
import type { CourseLectures, LectureDetails, OngoingCourse } from '@contract/wire/learning';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { pick } from '@/i18n/pick';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import {
  LEARNING_COURSES,
  LEARNING_LECTURES,
  type LearningLectureKey,
  RETURNED_ASSIGNMENT,
} from '../../server/seed-learning';
import { AssignmentLecture } from './pages/assignment';
import { SurveyLecture } from './pages/survey';
import type { Visit } from './pages/visit';
import { expectNoAxeViolations, type Width } from './support/browser';
import { type Account, runAdmin, verifiedTrainee } from './support/identity';
import { enrol } from './support/learning';
import { signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';
import { numberText } from './support/text';

const suite = productSuite();

const CV = join(import.meta.dirname, '..', 'fixtures', 'cv.pdf');
const DEMO: Account = DEMO_ACCOUNTS.trainee;

async function tokenOf(account: Account): Promise<string> {
  const answer = await suite.call('/user/login/', {
    body: { username: account.email, password: account.password },
  });
  expect(answer.ok).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The id of the seeded cloud course and of its lectures, read as the demo trainee sees them. */
async function cloudCourse(): Promise<{ courseId: number; lecture: (key: LearningLectureKey) => number }> {
  const token = await tokenOf(DEMO);
  const courses = await suite.read<{ results: OngoingCourse[] }>('/learning/courses/', { token });
  const course = courses.results.find((item) => item.course.title === LEARNING_COURSES.cloud.title);
  if (!course) throw new Error('the demo trainee does not study the cloud course');
  const { weeks } = await suite.read<CourseLectures>(`/learning/courses/${course.course.id}/lectures/`, {
    token,
  });
  const lectures = weeks.flatMap((week) => week.lectures);
  return {
    courseId: course.course.id,
    lecture: (key) => {
      const found = lectures.find((item) => item.title === LEARNING_LECTURES[key].title);
      if (!found) throw new Error(`no lecture ${LEARNING_LECTURES[key].title}`);
      return found.id;
    },
  };
}

/** A new trainee enrolled in the course (free, or cash the centre confirms), signed in in a new tab. */
async function newTraineeIn(courseId: number, language: Language, width: Width) {
  const { person } = await verifiedTrainee(suite.app);
  const token = await tokenOf(person);
  await enrol(suite, token, await suite.read<CourseAbout>(`/course/about/${courseId}/`));
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, person);
  return { visit, person, token };
}

/** Holds each upload back a while, so the progress bar can be seen (and scanned). */
async function slowUploads(page: Page, ms: number): Promise<void> {
  await page.route('**/api/v1/uploads/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

function lectureOf(token: string, lectureId: number): Promise<LectureDetails> {
  return suite.read<LectureDetails>(`/course/individual-course-lecture-details/${lectureId}/`, { token });
}

function pages(visit: Visit) {
  return { assignment: new AssignmentLecture(visit.tab), survey: new SurveyLecture(visit.tab) };
}

describe('assignments', () => {
  it(`a trainee submits a file with its progress; a wrong type is refused; the grade shows once given ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { courseId, lecture } = await cloudCourse();
    const lectureId = lecture('cloudCompare');
    const { visit, token } = await newTraineeIn(courseId, language, width);
    const { page, t, problems } = visit;
    const { assignment } = pages(visit);
    await assignment.open(courseId, lectureId);
    await expect
      .poll(() => page.getByText(t('You have not submitted this assignment yet.')).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expectNoAxeViolations(page);

    await assignment.openDetails();
    await expect.poll(() => assignment.details.count()).toBe(1);
    await expectNoAxeViolations(page);

    // Another type: said at once, the file still shown, nothing sent.
    await assignment.choose({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(64),
    });
    await expect
      .poll(() => assignment.chosenFile())
      .toContain(
        t('The file must be a PDF, CSV, Excel sheet, picture (PNG, GIF, JPEG), audio or video file'),
      );
    expect(await assignment.chosenFile()).toContain('setup.exe');
    expect(await assignment.submitButton.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await slowUploads(page, 2500);
    await assignment.choose(CV);
    expect(await assignment.chosenFile()).toContain('cv.pdf');
    await assignment.submitButton.click();
    await expect.poll(() => assignment.progressBar.count()).toBe(1);
    expect(Number(await assignment.progressBar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await expectNoAxeViolations(page);

    await expect.poll(() => assignment.popup.count(), { timeout: 15_000 }).toBe(1);
    expect(await assignment.toasts()).toContain(t('File has been uploaded successfully'));
    expect(await assignment.popup.textContent()).toContain(t('Your assignment has been submitted'));
    await expectNoAxeViolations(page);
    await assignment.closePopup();
    await expect.poll(() => assignment.status(1)).toBe(t('Submitted'));
    expect(await assignment.attempt(1).textContent()).toContain('cv.pdf');

    // The centre grades it; after a reload the grade and the feedback are shown.
    const [submission] = (await lectureOf(token, lectureId)).assignment?.submissions ?? [];
    expect(submission?.status).toBe('Submitted');
    const feedback = 'مقارنة واضحة، أضف مثالاً من عملك.';
    await runAdmin(suite.app.env, [
      'grade-submission',
      String(submission?.id),
      '--grade',
      '8.5',
      '--feedback',
      feedback,
    ]);
    await page.reload();
    await expect.poll(() => assignment.status(1), { timeout: 15_000 }).toBe(t('Reviewed'));
    expect(await assignment.grade(1)).toBe(
      t('{grade} / {max}', { grade: numberText(8.5, language), max: numberText(10, language) }),
    );
    expect(await assignment.attempt(1).getByText(feedback).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('the returned assignment is submitted again; the earlier attempt stays visible (en, phone)', async () => {
    const { courseId, lecture } = await cloudCourse();
    const visit = await suite.open({ language: 'en', width: 'phone' });
    await signInWithTokens(suite.app, visit.context, DEMO);
    const { page, t, problems } = visit;
    const { assignment } = pages(visit);
    await assignment.open(courseId, lecture('cloudDesign'));
    await expect.poll(() => assignment.status(1), { timeout: 15_000 }).toBe(t('Returned'));
    expect(await assignment.attempt(1).getByText(RETURNED_ASSIGNMENT.feedback).count()).toBe(1);
    await expectNoAxeViolations(page);

    await assignment.submitAgain();
    await assignment.choose(CV);
    await assignment.submitButton.click();
    await expect.poll(() => assignment.popup.count(), { timeout: 15_000 }).toBe(1);
    await assignment.closePopup();
    await expect
      .poll(() => assignment.attempts())
      .toEqual([
        t('Attempt {attempt}', { attempt: numberText(2, 'en') }),
        t('Attempt {attempt}', { attempt: numberText(1, 'en') }),
      ]);
    expect(await assignment.status(2)).toBe(t('Submitted'));
    expect(await assignment.status(1)).toBe(t('Returned'));
    expect(await page.getByRole('button', { name: t('Submit again') }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => assignment.attempts(), { timeout: 15_000 }).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it('a trainee who has withdrawn is refused, and told why (en, desktop)', async () => {
    const { courseId, lecture } = await cloudCourse();
    const { visit, person, token } = await newTraineeIn(courseId, 'en', 'desktop');
    const asked = await suite.call('/course/enroll-status-update/', {
      token,
      body: { course_id: courseId, reason: 'My working hours changed' },
    });
    expect(asked.ok).toBe(true);
    await runAdmin(suite.app.env, ['approve-withdrawal', person.email, String(courseId)]);
    const lectureId = lecture('cloudCompare');
    expect(
      (await suite.call(`/course/individual-course-lecture-details/${lectureId}/`, { token })).status,
    ).toBe(403);
    const { page, t } = visit;
    await pages(visit).assignment.open(courseId, lectureId);
    await expect
      .poll(() => page.getByText(t('You have withdrawn from this course')).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: t('Submit assignment') }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

describe('surveys', () => {
  it(`the pre-course evaluation is answered once ${named(AR_DESKTOP)}`, async () => {
    const { language, width } = AR_DESKTOP;
    const { courseId, lecture } = await cloudCourse();
    const lectureId = lecture('cloudPreSurvey');
    const { visit, token } = await newTraineeIn(courseId, language, width);
    const { page, t, problems } = visit;
    const { survey } = pages(visit);
    const details = await lectureOf(token, lectureId);
    const questions = details.survey?.questions ?? [];
    const rating = questions.find((question) => question.kind === 'rating');
    const choice = questions.find((question) => question.kind === 'choice');
    const text = questions.find((question) => question.kind === 'text');
    if (!rating || !choice || !text) throw new Error('the seeded survey lacks a kind of question');

    // A second tab on the same survey, to send it again once it is answered.
    const other = await suite.openSecondTab(visit);
    await pages(other).survey.open(courseId, lectureId);

    await survey.open(courseId, lectureId);
    await expect
      .poll(() => page.getByText(t('Your answers are shared with the trainer without your name.')).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    // The stage: said by the label, or by the lecture's title when that already says it.
    expect(await page.locator('article').getByText(t('Pre-course evaluation'), { exact: true }).count()).toBe(
      1,
    );
    await expect.poll(() => survey.form.count()).toBe(1);
    await expectNoAxeViolations(page);

    await survey.send();
    const required = questions.filter((question) => question.required).length;
    await expect.poll(() => survey.messages()).toHaveLength(required);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio');
    await expectNoAxeViolations(page);

    await survey.rate(pick(rating, 'text', language), 4);
    await survey.choose(pick(choice, 'text', language), pick(choice.options[0] ?? choice, 'text', language));
    await survey.write(pick(text, 'text', language), 'أريد أن أفهم تكلفة الخدمات');
    await survey.send();
    await expect.poll(() => survey.popup.count(), { timeout: 15_000 }).toBe(1);
    expect(await survey.popup.textContent()).toContain(t('Thank you for answering the survey'));
    await expectNoAxeViolations(page);
    await survey.closePopup();
    await expect.poll(() => survey.answered().count(), { timeout: 15_000 }).toBe(1);
    expect(await survey.form.count()).toBe(0);
    await page.reload();
    await expect.poll(() => survey.answered().count(), { timeout: 15_000 }).toBe(1);

    // The other tab still shows the form: sending it is refused, and said so.
    const again = pages(other).survey;
    await again.rate(pick(rating, 'text', language), 2);
    await again.choose(pick(choice, 'text', language), pick(choice.options[1] ?? choice, 'text', language));
    await again.send();
    await expect
      .poll(() => other.page.getByRole('alert').textContent())
      .toBe(t('You have already answered this survey'));
    expect(problems).toEqual([]);
  });
});
