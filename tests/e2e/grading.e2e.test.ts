import type { GradingCourse } from '@contract/wire/grading';
import type { CourseLectures } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { pick } from '@/i18n/pick';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { LEARNING_COURSES, LEARNING_LECTURES, type LearningLectureKey } from '../../server/seed-learning';
import { pngOf } from '../fixtures/images';
import { AssignmentLecture } from './pages/assignment';
import { GradingPage } from './pages/grading';
import { expectNoAxeViolations } from './support/browser';
import { newLearner } from './support/learning';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, EN_PHONE, named, type Setting } from './support/settings';
import { productSuite } from './support/suite';
import { numberOf, numberText, text } from './support/text';

const suite = productSuite();

/** The trainee's new learner hands in a picture for the assignment (through the API). */
async function handIn(token: string, lectureId: number): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngOf(16))], { type: 'image/png' }), 'answer.png');
  const upload = await fetch(`${suite.app.url}/api/v1/upload/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.ok).toBe(true);
  const { file } = (await upload.json()) as { file: string };
  const submitted = await suite.call(`/learning/lectures/${lectureId}/submissions/`, {
    token,
    body: { file },
  });
  expect(submitted.status).toBe(201);
}

const NAMES = ['Hind Al-Dosari', 'Yousef Al-Qahtani', 'Reem Al-Ghamdi'];
let namesGiven = 0;

/** A learner of the cloud course with the assignment handed in, watching it in their own browser. */
async function learnerWithWork({ language, width }: Setting, key: LearningLectureKey) {
  const learner = await newLearner(suite, language, width, LEARNING_COURSES.cloud.title);
  // A name of their own, so that the trainer finds their work among the others'.
  namesGiven += 1;
  const fullName = `${NAMES[namesGiven % NAMES.length]} ${namesGiven}`;
  const renamed = await suite.call('/user/profile/', {
    token: learner.token,
    method: 'PATCH',
    body: {
      full_name: fullName,
      phone_number: '',
      govt_id_or_iqama_no: learner.person.govt_id_or_iqama_no,
      user_type: 'Student',
    },
  });
  expect(renamed.status).toBe(200);
  const lectureId = lectureIdOf(learner.lectures, key);
  await handIn(learner.token, lectureId);
  const assignment = new AssignmentLecture(learner.visit.tab);
  await assignment.open(learner.course.id, lectureId);
  await expect.poll(() => assignment.status(1), { timeout: 15_000 }).toBe(text('Submitted', language));
  return { ...learner, name: fullName, lectureId, assignment };
}

function lectureIdOf(lectures: CourseLectures, key: LearningLectureKey): number {
  const found = lectures.weeks
    .flatMap((week) => week.lectures)
    .find((lecture) => lecture.title === LEARNING_LECTURES[key].title);
  if (!found) throw new Error(`no lecture ${LEARNING_LECTURES[key].title}`);
  return found.id;
}

/** The demo trainer on the grading page of the cloud course, and the item's title as shown. */
async function trainerOn(courseId: number, lectureId: number, { language, width }: Setting) {
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainer);
  const token = await accessToken(visit.context);
  const course = await suite.read<GradingCourse>(`/grading/courses/${courseId}/`, { token });
  const item = course.items.find((each) => each.lecture_id === lectureId);
  if (!item) throw new Error('the assignment is not in the grading list');
  const grading = new GradingPage(visit.tab);
  await grading.open(courseId);
  await grading.items.waitFor({ timeout: 15_000 });
  return { visit, grading, title: pick(item, 'title', language) };
}

describe('grading', () => {
  // Typed in Arabic-Indic digits, on a desktop's rows (the phone's cards are the next test's).
  it(`a grade above 10 is refused at the field; the grade is saved, the statistics change and the trainee sees it live; next ungraded ${named(AR_DESKTOP)}`, async () => {
    const { language } = AR_DESKTOP;
    // 9.5, typed with Arabic-Indic digits and the Arabic decimal separator.
    const typed = '٩٫٥';
    const grade = 9.5;
    const learner = await learnerWithWork(AR_DESKTOP, 'cloudCompare');
    const { visit, grading, title } = await trainerOn(learner.course.id, learner.lectureId, AR_DESKTOP);
    const { page, t, problems } = visit;
    await expectNoAxeViolations(page);

    await grading.openItem(title);
    await grading.gradeButton(learner.name).waitFor({ timeout: 15_000 });
    const before = numberOf((await grading.statistic('count')) ?? '');
    await expectNoAxeViolations(page);

    await grading.gradeButton(learner.name).click();
    await grading.form(learner.name).waitFor();
    await grading.gradeField.fill('11');
    await grading.saveButton.click();
    await expect.poll(() => grading.gradeError()).toBe(t('The grade must be from 0 to 10'));
    expect(await grading.gradeField.inputValue()).toBe('11');
    expect(await grading.gradeField.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await grading.gradeField.fill(typed);
    await grading.feedbackField.fill('مقارنة واضحة ومنظمة.');
    await grading.saveButton.click();
    await expect.poll(() => grading.anyForm.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByText(t('The grade has been saved')).count()).toBeGreaterThan(0);
    await expect.poll(async () => numberOf((await grading.statistic('count')) ?? '')).toBe(before + 1);
    const shownGrade = `${numberText(grade, language)} / ${numberText(10, language)}`;
    expect(await grading.work(learner.name).textContent()).toContain(shownGrade);
    await expectNoAxeViolations(page);

    // The trainee's tab, untouched: the grade arrives with the live notice.
    await expect
      .poll(() => learner.assignment.status(1), { timeout: 15_000 })
      .toBe(text('Reviewed', language));
    expect(await learner.assignment.grade(1)).toBe(
      text('{grade} / {max}', language, {
        grade: numberText(grade, language),
        max: numberText(10, language),
      }),
    );

    // Next ungraded: a waiting submission opens in the form, then the next one.
    await grading.nextUngraded.click();
    await grading.anyForm.waitFor({ timeout: 15_000 });
    const first = await grading.anyForm.getByRole('heading').first().textContent();
    expect(await grading.gradeField.inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await grading.nextUngraded.click();
    await expect
      .poll(() => grading.anyForm.getByRole('heading').first().textContent(), { timeout: 15_000 })
      .not.toBe(first);
    expect(problems).toEqual([]);
    expect(learner.visit.problems).toEqual([]);
  });

  it(`returns a submission for resubmission with feedback; the trainee may send it again ${named(EN_PHONE)}`, async () => {
    const { language } = EN_PHONE;
    const learner = await learnerWithWork(EN_PHONE, 'cloudDesign');
    // The trainee also has the course's grades open in another tab.
    const gradesTab = await learner.visit.context.newPage();
    await gradesTab.goto(paths.courseLectures(learner.course.id, 'grades'));
    const gradeCard = gradesTab
      .getByRole('list', { name: text('Grades of assignments and quizzes', language) })
      .getByRole('listitem')
      .filter({ hasText: LEARNING_LECTURES.cloudDesign.title });
    await expect
      .poll(() => gradeCard.textContent(), { timeout: 15_000 })
      .toContain(text('Submitted', language));
    const { visit, grading, title } = await trainerOn(learner.course.id, learner.lectureId, EN_PHONE);
    const { page, t, problems } = visit;
    await grading.openItem(title);
    await grading.gradeButton(learner.name).click();
    await grading.form(learner.name).waitFor({ timeout: 15_000 });
    await grading.returnButton.click();
    await expect
      .poll(() =>
        grading.anyForm.getByText(t('Say what the trainee should change before sending it again')).count(),
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    await grading.feedbackField.fill('Add a diagram of the parts, then send it again.');
    await grading.returnButton.click();
    await expect.poll(() => grading.anyForm.count(), { timeout: 15_000 }).toBe(0);
    expect(await grading.work(learner.name).textContent()).toContain(t('Returned'));
    await expectNoAxeViolations(page);

    await expect.poll(() => learner.assignment.status(1), { timeout: 15_000 }).toBe(t('Returned'));
    expect(await learner.visit.page.getByRole('button', { name: t('Submit again') }).count()).toBe(1);
    await expect.poll(() => gradeCard.textContent(), { timeout: 15_000 }).toContain(t('Returned'));
    expect(problems).toEqual([]);
    expect(learner.visit.problems).toEqual([]);
  });
});
