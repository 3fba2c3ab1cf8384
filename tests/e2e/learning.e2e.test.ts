import type { CourseLectures } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { pick } from '@/i18n/pick';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import {
  GRADED_ASSIGNMENT,
  LEARNING_COURSES,
  LEARNING_LECTURES,
  VIDEO_SECONDS,
} from '../../server/seed-learning';
import type { Visit } from './pages/visit';
import { expectNoAxeViolations, type Width } from './support/browser';
import { runAdmin, verifiedTrainee } from './support/identity';
import { newLearner, seededCourse } from './support/learning';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';
import { numberText } from './support/text';

const suite = productSuite();

/** A new trainee in a new tab, signed in, enrolled in the course (paid in cash, confirmed by the centre). */
async function learner(language: Language, width: Width, title = LEARNING_COURSES.cloud.title) {
  const enrolled = await newLearner(suite, language, width, title);
  return { ...enrolled, title: pick(enrolled.course, 'title', language) };
}

/** A lecture's id and title (in the tab's language) by its seed title. */
function lectureOf(lectures: CourseLectures, seedTitle: string, language: Language) {
  const lecture = lectures.weeks.flatMap((week) => week.lectures).find((item) => item.title === seedTitle);
  if (!lecture) throw new Error(`the course has no lecture “${seedTitle}”`);
  return { id: lecture.id, title: pick(lecture, 'title', language) };
}

async function expectAddress(visit: Visit, path: string): Promise<void> {
  await expect.poll(() => new URL(visit.page.url()).pathname).toBe(path);
}

describe('ongoing courses and the course player', () => {
  it(`lists the course with its progress, opens the first unread lecture, moves through it and keeps read marks ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { visit, course, lectures, title } = await learner(language, width);
    const { page, t, ongoingCourses, coursePlayer: player, problems } = visit;
    const survey = lectureOf(lectures, LEARNING_LECTURES.cloudPreSurvey.title, language);
    const welcome = lectureOf(lectures, LEARNING_LECTURES.cloudWelcome.title, language);
    const video = lectureOf(lectures, LEARNING_LECTURES.cloudVideo.title, language);
    const total = lectures.progress.total;

    await ongoingCourses.open();
    const bar = ongoingCourses.progress(title);
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(total));
    expect(await ongoingCourses.progressText(title)).toBe(
      t(`{0, plural, one {{read} of # lecture read} other {{read} of # lectures read}}`, {
        0: total,
        read: numberText(0, language),
      }),
    );
    expect(await ongoingCourses.card(title).getByText(survey.title).count()).toBe(1);
    await expectNoAxeViolations(page);

    // Continue opens the first unread lecture: the pre-course survey.
    await ongoingCourses.continue(title);
    await expectAddress(visit, `/ongoing-courses/${course.id}/${survey.id}`);
    // The course's own address opens it too, and says so in the address.
    await player.open(course.id);
    await expectAddress(visit, `/ongoing-courses/${course.id}/${survey.id}`);
    await expect.poll(() => player.currentTitle()).toBe(survey.title);
    await expectNoAxeViolations(page);
    if (player.isPhone) {
      // The drawer: focus goes in, Escape closes it and focus comes back to its button.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
        .toBe(true);
      await player.escape();
      await expect.poll(() => player.drawer.count()).toBe(0);
      await expect
        .poll(() => player.contentButton.evaluate((button) => button === document.activeElement))
        .toBe(true);
    }

    // Next, by keyboard: the text lecture, which counts as read once shown.
    await player.next.focus();
    await page.keyboard.press('Enter');
    await expectAddress(visit, `/ongoing-courses/${course.id}/${welcome.id}`);
    await expect.poll(() => player.lectureTitle.textContent()).toBe(welcome.title);
    await expect.poll(() => player.isRead(welcome.title)).toBe(true);
    if (player.isPhone) await player.escape();
    await expectNoAxeViolations(page);

    // The sidebar (the drawer on phones, which closes when a lecture is chosen) opens the video.
    await player.choose(video.title);
    await expectAddress(visit, `/ongoing-courses/${course.id}/${video.id}`);
    if (player.isPhone) await expect.poll(() => player.drawer.count()).toBe(0);
    await expect.poll(() => player.video.count()).toBe(1);
    expect(await player.speed.inputValue()).toBe('1');
    await expectNoAxeViolations(page);

    // Previous goes back; a reload keeps the read mark and the place.
    await player.previous.click();
    await expectAddress(visit, `/ongoing-courses/${course.id}/${welcome.id}`);
    await page.reload();
    await expect.poll(() => player.lectureTitle.textContent()).toBe(welcome.title);
    await expect.poll(() => player.currentTitle()).toBe(welcome.title);
    expect(await player.isRead(welcome.title)).toBe(true);
    expect(await player.isRead(video.title)).toBe(false);
    if (player.isPhone) await player.escape();

    // The list counts the lecture read.
    await ongoingCourses.open();
    await expect.poll(() => ongoingCourses.progress(title).getAttribute('aria-valuenow')).toBe('1');
    expect(problems).toEqual([]);
  });

  it(`keeps the place in the video across a reload, and counts it read once watched ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const { visit, course, lectures } = await learner(language, width);
    const { page, coursePlayer: player, problems } = visit;
    const video = lectureOf(lectures, LEARNING_LECTURES.cloudVideo.title, language);
    await player.open(course.id, video.id);
    await expect.poll(() => player.video.count()).toBe(1);
    const saved = page.waitForResponse(
      (response) => response.url().includes(`/learning/lectures/${video.id}/position/`) && response.ok(),
    );
    await player.seekVideo(12);
    await saved;
    await page.reload();
    await expect.poll(() => player.video.count()).toBe(1);
    await expect.poll(() => player.videoTime()).toBeCloseTo(12, 0);
    // Captions in both languages, the page's language on by default.
    const tracks = await player.video
      .locator('track')
      .evaluateAll((elements) =>
        elements.map((track) => [(track as HTMLTrackElement).srclang, (track as HTMLTrackElement).default]),
      );
    expect(tracks).toEqual(expect.arrayContaining([[language, true]]));
    expect(tracks).toHaveLength(2);
    await player.speed.selectOption('1.5');
    expect(await player.video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
    // Watched to 90 %, the video counts as read: the sidebar says so without a reload.
    expect(await player.isRead(video.title)).toBe(false);
    if (player.isPhone) await player.escape();
    const watched = page.waitForResponse(
      (response) => response.url().includes(`/learning/lectures/${video.id}/position/`) && response.ok(),
    );
    await player.seekVideo(VIDEO_SECONDS - 1);
    await watched;
    await expect.poll(() => player.isRead(video.title)).toBe(true);
    if (player.isPhone) await player.escape();
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  // Twice: a desktop shows the PDF in the page, a phone only its links.
  for (const setting of [AR_DESKTOP, EN_PHONE]) {
    it(`shows the PDF in the page on desktops and its links on phones ${named(setting)}`, async () => {
      const { language, width } = setting;
      const { visit, course, lectures } = await learner(language, width);
      const { page, coursePlayer: player, problems } = visit;
      const notes = lectureOf(lectures, LEARNING_LECTURES.cloudNotes.title, language);
      await player.open(course.id, notes.id);
      await expect.poll(() => player.lectureTitle.textContent()).toBe(notes.title);
      await expect.poll(() => player.openPdf.count()).toBe(1);
      expect(await player.pdfFrame.count()).toBe(player.isPhone ? 0 : 1);
      expect(await player.downloadPdf.getAttribute('download')).toMatch(/\.pdf$/);
      const href = await player.openPdf.getAttribute('href');
      const file = await page.request.get(href ?? '');
      expect(file.headers()['content-type']).toContain('application/pdf');
      await expect.poll(() => player.isRead(notes.title)).toBe(true);
      if (player.isPhone) await player.escape();
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }

  it(`shows the grades of the assignments and quizzes, each opening its lecture ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const visit = await suite.open({ language, width });
    await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainee);
    const { page, t, coursePlayer: player, problems } = visit;
    const course = await seededCourse(suite, LEARNING_COURSES.cloud.title);
    const token = await accessToken(visit.context);
    const lectures = await suite.read<CourseLectures>(`/learning/courses/${course.id}/lectures/`, {
      token,
    });
    const graded = lectureOf(lectures, LEARNING_LECTURES.cloudCompare.title, language);
    // The grades item is known by its class type.
    const gradesItem = lectures.weeks
      .flatMap((week) => week.lectures)
      .find((item) => item.class_type_name === 'Grads of Assignment');
    if (!gradesItem) throw new Error('the course has no grades item');
    await player.open(course.id, 'grades');
    const row = player.gradeOf(graded.title);
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.textContent();
    expect(text).toContain(`${numberText(GRADED_ASSIGNMENT.grade, language)} / ${numberText(10, language)}`);
    expect(text).toContain(t('Reviewed'));
    expect(text).toContain(GRADED_ASSIGNMENT.feedback);
    expect(await page.getByText(t('Average'), { exact: true }).filter({ visible: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await expect.poll(() => player.currentTitle()).toBe(pick(gradesItem, 'title', language));
    if (player.isPhone) await player.escape();
    await row.getByRole('link', { name: graded.title }).click();
    await expectAddress(visit, `/ongoing-courses/${course.id}/${graded.id}`);
    expect(problems).toEqual([]);
  });

  it('refuses a trainee who is not enrolled, saying why, with the way to their courses', async () => {
    const course = await seededCourse(suite, LEARNING_COURSES.cloud.title);
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open({ language: 'ar', width: 'phone' });
    await signInWithTokens(suite.app, visit.context, person);
    const { page, t, coursePlayer: player } = visit;
    await player.open(course.id);
    await expect
      .poll(() => page.getByRole('alert').getByText(t('You are not enrolled in this course')).count())
      .toBe(1);
    await page.getByRole('link', { name: t('Go to your enrolled courses') }).click();
    await expectAddress(visit, '/enrolled-courses');
  });

  it('refuses a trainee who has withdrawn, saying so', async () => {
    const { visit, course, token, person } = await learner('en', 'desktop');
    const { page, t, coursePlayer: player, problems } = visit;
    const asked = await suite.call('/course/enroll-status-update/', {
      token,
      body: { course_id: course.id, reason: 'My working hours changed' },
    });
    expect(asked.ok).toBe(true);
    await runAdmin(suite.app.env, ['approve-withdrawal', person.email, String(course.id)]);
    await player.open(course.id);
    await expect
      .poll(() => page.getByRole('alert').getByText(t('You have withdrawn from this course')).count())
      .toBe(1);
    expect(await page.getByRole('link', { name: t('Go to your enrolled courses') }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('says when there is no ongoing course, with the way to the catalogue', async () => {
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open({ language: 'en', width: 'phone' });
    await signInWithTokens(suite.app, visit.context, person);
    const { page, t, ongoingCourses } = visit;
    await ongoingCourses.open();
    await expect.poll(() => page.getByText(t('You are not following a course yet.')).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page
      .getByText(t('You are not following a course yet.'))
      .locator('..')
      .getByRole('link', { name: t('Browse courses') })
      .click();
    await expectAddress(visit, '/browse-course-list');
  });

  it(`keeps what it shows in place while slow answers arrive ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { visit, course, lectures } = await learner(language, width);
    const { page, problems } = visit;
    const video = lectureOf(lectures, LEARNING_LECTURES.cloudVideo.title, language);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.route('**/api/v1/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    for (const path of [paths.ongoingCourses(), paths.courseLectures(course.id, video.id)]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() =>
        ((window as unknown as { layoutShifts: number[] }).layoutShifts ?? []).reduce(
          (sum, value) => sum + value,
          0,
        ),
      );
      expect(shift, path).toBeLessThanOrEqual(0.02);
    }
    expect(problems).toEqual([]);
  });
});
