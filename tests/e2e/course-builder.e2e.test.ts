import { join } from 'node:path';
import type { ClassRecord, TrainerCourse } from '@contract/wire/authoring';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { ClassForm } from './pages/class-form';
import { CoursePlayer } from './pages/course-player';
import { EditLecture } from './pages/edit-lecture';
import { QuizForm } from './pages/quiz-form';
import type { Visit } from './pages/visit';
import { expectNoAxeViolations } from './support/browser';
import { newLearner } from './support/learning';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named, type Setting } from './support/settings';
import { productSuite } from './support/suite';
import { numberText } from './support/text';

const suite = productSuite();

const VIDEO = join(import.meta.dirname, '..', '..', 'server', 'seed-files', 'cloud-intro.mp4');
const PDF = join(import.meta.dirname, '..', 'fixtures', 'cv.pdf');
const CLOUD = 'Cloud Computing Fundamentals';
const EXE = { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.alloc(64) };

/** The demo trainer, signed in in a new tab. */
async function trainerTab({ language, width }: Setting): Promise<{ visit: Visit; token: string }> {
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainer);
  return { visit, token: await accessToken(visit.context) };
}

async function trainerCourses(token: string): Promise<TrainerCourse[]> {
  return (await suite.read<{ results: TrainerCourse[] }>('/course/course-list-of-a-trainer/', { token }))
    .results;
}

async function courseNamed(token: string, title: string): Promise<TrainerCourse> {
  const course = (await trainerCourses(token)).find((item) => item.title === title);
  if (!course) throw new Error(`the demo trainer has no course “${title}”`);
  return course;
}

function classOf(token: string, lectureId: number): Promise<ClassRecord> {
  return suite.read<ClassRecord>(`/course/class-create/${lectureId}/`, { token });
}

/** The lecture the form saved, from the course view's address it went to. */
async function savedLectureId(page: Page, courseId: number): Promise<number> {
  const prefix = `${paths.manageCourseLectures(courseId)}/`;
  await expect.poll(() => new URL(page.url()).pathname.startsWith(prefix), { timeout: 15_000 }).toBe(true);
  return Number(new URL(page.url()).pathname.slice(prefix.length));
}

/** Holds each upload back a while, so the progress bar can be seen (and scanned). */
async function slowUploads(page: Page, ms: number): Promise<void> {
  await page.route('**/api/v1/uploads/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

describe('course builder', () => {
  it(`a class with a video: required fields, a refused type, the upload's progress and preview, saved, and seen by an enrolled trainee ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const { visit, token } = await trainerTab(EN_DESKTOP);
    const { page, t } = visit;
    const form = new ClassForm(visit.tab);
    const course = await courseNamed(token, CLOUD);
    await form.openClass(course.id);
    await form.ready();
    await expectNoAxeViolations(page);

    // Nothing typed: the spec's two messages at their fields.
    await form.save();
    await expect.poll(() => form.messageOf(form.title)).toBe(t('Class title is required'));
    expect(await form.messageOf(form.description)).toBe(t('Class description is required'));
    expect(await form.title.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    const title = 'A video introduction to the cloud';
    await form.title.fill(title);
    expect(await form.messageOf(form.title)).toBe('');
    await form.description.fill('Watch it, then discuss it.');
    await form.week.selectOption('2');

    // Another type: said at once, nothing sent.
    await form.upload(EXE);
    await expect
      .poll(() => form.chosenFile())
      .toContain(
        t('The file must be a PDF, CSV, Excel sheet, picture (PNG, GIF, JPEG), audio or video file'),
      );

    // Cancel stops the upload: no preview, no toast.
    await slowUploads(page, 2000);
    await form.upload(VIDEO);
    await expect.poll(() => form.progressBar.count()).toBe(1);
    await form.cancelUpload.click();
    await expect.poll(() => form.progressBar.count()).toBe(0);
    expect(await form.preview('video').count()).toBe(0);
    expect(await form.toasts()).not.toContain(t('File has been uploaded successfully'));

    await form.upload(VIDEO);
    await expect.poll(() => form.progressBar.count()).toBe(1);
    expect(await form.progressBar.getAttribute('aria-valuemax')).toBe('100');
    await expectNoAxeViolations(page);
    await expect.poll(() => form.preview('video').count(), { timeout: 15_000 }).toBe(1);
    expect(await form.toasts()).toContain(t('File has been uploaded successfully'));
    expect(await form.fileCard.textContent()).toContain('cloud-intro.mp4');
    expect(await form.removeButton.isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await form.save();
    const lectureId = await savedLectureId(page, course.id);
    expect(await form.toasts()).toContain(t('The class has been added'));
    const saved = await classOf(token, lectureId);
    expect(saved).toMatchObject({ class_type_name: 'Class', week: 2, detail_info: { title } });
    expect(saved.file?.extension).toBe('mp4');

    // A trainee enrolled in the course finds it in the player.
    const learner = await newLearner(suite, language, width, CLOUD);
    const titles = learner.lectures.weeks.flatMap((week) => week.lectures.map((lecture) => lecture.title));
    expect(titles).toContain(title);
    await learner.visit.page.goto(paths.courseLectures(course.id, lectureId));
    await expect
      .poll(() => learner.visit.page.getByRole('heading', { name: title }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => learner.visit.page.locator('video').count()).toBe(1);
    expect(visit.problems).toEqual([]);
  });

  it(`an assignment with a pdf, its course chosen when the address names none ${named(AR_DESKTOP)}`, async () => {
    const { visit, token } = await trainerTab(AR_DESKTOP);
    const { page, t } = visit;
    const form = new ClassForm(visit.tab);
    const course = await courseNamed(token, CLOUD);
    await form.openAssignment();
    await form.courseSelect.waitFor();
    await expectNoAxeViolations(page);
    await form.chooseCourse(course.id);
    await expect.poll(() => new URL(page.url()).search).toBe(`?course=${course.id}`);
    await form.ready();
    expect(await form.description.isVisible()).toBe(true);

    // Only the title is required.
    await form.save();
    await expect.poll(() => form.messageOf(form.title)).toBe(t('Class title is required'));
    expect(await form.messageOf(form.description)).toBe('');
    await expectNoAxeViolations(page);

    const title = 'واجب: خطة ترحيل إلى السحابة';
    await form.title.fill(title);
    await form.upload(PDF);
    await expect.poll(() => form.fileCard.textContent(), { timeout: 15_000 }).toContain('cv.pdf');
    expect(await form.fileCard.textContent()).toContain('PDF');
    await expectNoAxeViolations(page);
    await form.save();
    const lectureId = await savedLectureId(page, course.id);
    expect(await form.toasts()).toContain(t('The assignment has been added'));
    const saved = await classOf(token, lectureId);
    expect(saved).toMatchObject({ class_type_name: 'Assignment', detail_info: { title, description: '' } });
    expect(saved.file?.extension).toBe('pdf');
    expect(visit.problems).toEqual([]);
  });

  it(`a class's Arabic title and text beside the English ones, given back to edit, and read by an Arabic trainee ${named(EN_DESKTOP)}`, async () => {
    const { visit, token } = await trainerTab(EN_DESKTOP);
    const { page } = visit;
    const form = new ClassForm(visit.tab);
    const course = await courseNamed(token, CLOUD);
    await form.openClass(course.id);
    await form.ready();
    // Side by side at desktop width, the Arabic typed right to left.
    const [english, arabic] = await Promise.all([form.title.boundingBox(), form.titleAr.boundingBox()]);
    expect(arabic?.y).toBeCloseTo(english?.y ?? -1, 0);
    expect(arabic?.x).toBeGreaterThan((english?.x ?? 0) + (english?.width ?? 0) - 1);
    for (const field of [form.titleAr, form.descriptionAr]) {
      expect(await field.getAttribute('dir')).toBe('rtl');
      expect(await field.getAttribute('lang')).toBe('ar');
    }

    const title = 'Regions and availability zones';
    const titleAr = 'المناطق ونطاقات التوافر';
    const textAr = 'تضم كل منطقة عدة نطاقات توافر منفصلة.';
    await form.title.fill(title);
    await form.titleAr.fill(titleAr);
    await form.description.fill('Each region holds several separate availability zones.');
    await form.descriptionAr.fill(textAr);
    await expectNoAxeViolations(page);
    await form.save();
    const lectureId = await savedLectureId(page, course.id);
    expect((await classOf(token, lectureId)).detail_info).toMatchObject({
      title,
      title_ar: titleAr,
      description_ar: textAr,
    });

    // Edited again, the form has them.
    const edit = new EditLecture(visit.tab);
    await edit.open(lectureId);
    await edit.ready();
    await expect.poll(() => edit.titleAr.inputValue()).toBe(titleAr);
    expect(await edit.descriptionAr.inputValue()).toBe(textAr);

    // A trainee reading in Arabic sees the Arabic title in the list and above the Arabic text.
    const learner = await newLearner(suite, AR_PHONE.language, AR_PHONE.width, CLOUD);
    const player = new CoursePlayer(learner.visit.tab);
    await player.open(course.id, lectureId);
    await expect.poll(() => player.lectureTitle.textContent(), { timeout: 15_000 }).toBe(titleAr);
    await expect.poll(() => learner.visit.page.getByText(textAr, { exact: true }).count()).toBe(1);
    expect(await (await player.item(titleAr)).count()).toBe(1);
    expect(await learner.visit.page.getByText(title).count()).toBe(0);
    expect(visit.problems).toEqual([]);
    expect(learner.visit.problems).toEqual([]);
  });

  it(`a quiz: required, marks over 10 said, a blank question dropped ${named(AR_PHONE)}`, async () => {
    const { language } = AR_PHONE;
    const { visit, token } = await trainerTab(AR_PHONE);
    const { page, t } = visit;
    const form = new QuizForm(visit.tab);
    const course = await courseNamed(token, CLOUD);
    await form.openQuiz(course.id);
    await form.ready();
    const n = (value: number) => numberText(value, language);
    expect(await form.marksTotal()).toBe(t('Marks: {total} of {max}', { total: n(1), max: n(10) }));
    await expectNoAxeViolations(page);

    // Only a blank question: dropped, so the quiz has none.
    await form.save();
    await expect.poll(() => form.quizError()).toBe(t('Quiz field is required'));
    expect(await form.messageOf(form.title)).toBe(t('Class title is required'));
    await expectNoAxeViolations(page);

    const title = 'اختبار قصير: المناطق';
    await form.title.fill(title);
    await form.questionText(1).fill('ما الذي تضمه المنطقة؟');
    await form.answer(1, 1).fill('مناطق توافر');
    await form.answer(1, 2).fill('مستخدمين');
    await form.markCorrect(1, 1);
    await form.marks(1).fill('١٫٥');

    await form.addQuestion(); // question 2 stays blank
    await form.addQuestion();
    await form.setKind(3, 'True or false');
    await form.questionText(3).fill('لكل منطقة اسم.');
    await form.markCorrect(3, 'True');
    await form.marks(3).fill('9');
    // 1.5 + 1 (the blank one's default) + 9: above 10, the total turns into the message.
    await expect.poll(() => form.marksTotal()).toBe(t('The marks must total at most 10'));
    await form.marks(3).fill('٧');
    await expect
      .poll(() => form.marksTotal())
      .toBe(t('Marks: {total} of {max}', { total: n(9.5), max: n(10) }));
    await form.timeLimit.fill('١٥');
    await form.attempts.fill('2');
    await expectNoAxeViolations(page);

    await form.save();
    const lectureId = await savedLectureId(page, course.id);
    expect(await form.toasts()).toContain(t('The quiz has been added'));
    const saved = await classOf(token, lectureId);
    expect(saved.quiz_info.map(({ question }) => [question.kind, question.correct, question.marks])).toEqual([
      ['single', [0], 1.5],
      ['true_false', [0], 7],
    ]);
    expect(saved.quiz_info[1]?.question.options).toEqual(['True', 'False']);
    expect(saved.quiz_settings).toEqual({
      time_limit_minutes: 15,
      attempts_allowed: 2,
      shows_answers: true,
    });
    expect(visit.problems).toEqual([]);
  });

  // On a phone the list of classes is folded above the form.
  it(`edits a lecture: the sidebar, a new title and type, Close; a lecture with work keeps its type ${named(EN_PHONE)}`, async () => {
    const { visit, token } = await trainerTab(EN_PHONE);
    const { page, t } = visit;
    const course = await courseNamed(token, CLOUD);
    // A class of our own, without trainees' work.
    const created = await suite.call('/course/class-create/', {
      token,
      body: {
        class_type: 1,
        course: course.id,
        week: 1,
        detail_info: { title: 'Reading: regions and zones', description: 'Read this first.', file: null },
        quiz_info: [],
      },
    });
    expect(created.status).toBe(201);
    const lectureId = ((await created.json()) as { data: ClassRecord }).data.id;

    const edit = new EditLecture(visit.tab);
    await edit.open(lectureId);
    await edit.ready();
    await edit.showClasses();
    expect(await edit.currentLecture()).toContain('Reading: regions and zones');
    expect(await edit.addNewClass.getAttribute('href')).toBe(paths.addNewClass(course.id));
    expect(await edit.close.getAttribute('href')).toBe(paths.studentAssignments(course.id));
    expect(await edit.classType.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);

    const title = 'Assignment: regions and zones';
    await edit.title.fill(title);
    await edit.setClassType('Assignment');
    expect(await edit.description.isVisible()).toBe(true);
    await edit.save();
    await savedLectureId(page, course.id);
    expect(await edit.toasts()).toContain(t('The assignment has been updated'));
    expect(await classOf(token, lectureId)).toMatchObject({
      class_type_name: 'Assignment',
      detail_info: { title },
    });

    // The seeded assignment the demo trainee handed in: its type stays, and the page says why.
    const lectures = await suite.read<{ weeks: { lectures: { id: number; title: string }[] }[] }>(
      `/authoring/courses/${course.id}/lectures/`,
      { token },
    );
    const handedIn = lectures.weeks
      .flatMap((week) => week.lectures)
      .find((lecture) => lecture.title === 'Assignment: compare IaaS, PaaS and SaaS');
    if (!handedIn) throw new Error('the seeded assignment is missing');
    await edit.open(handedIn.id);
    await edit.ready();
    expect(await edit.classType.isDisabled()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(t('Trainees have handed in work for this lecture, so its type can no longer change'))
          .count(),
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    await edit.showClasses();
    await edit.lectureLink(title).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(paths.editLecture(lectureId));
    await expect.poll(() => edit.title.inputValue()).toBe(title);
    await edit.close.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(paths.studentAssignments(course.id));
    expect(visit.problems).toEqual([]);
  });

  it(`a course the admin has not approved: the form says so ${named(EN_DESKTOP)}`, async () => {
    const { visit, token } = await trainerTab(EN_DESKTOP);
    const { page, t } = visit;
    const pending = (await trainerCourses(token)).find((course) => course.status === 'Pending');
    if (!pending) throw new Error('the demo trainer has no course waiting for approval');
    const form = new QuizForm(visit.tab);
    await form.openQuiz(pending.id);
    await expect
      .poll(() => form.closedNotice.textContent())
      .toContain(t('Classes, assignments and quizzes can be added once the admin approves the course'));
    expect(await form.saveButton.count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(visit.problems).toEqual([]);
  });
});
