import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import type { AuthoringCourse, TrainerCourseList } from '@contract/wire/authoring';
import { describe, expect, it } from 'vitest';
import { pick } from '@/i18n/pick';
import { paths } from '@/routing/paths';
import { LEARNING_COURSES, LEARNING_LECTURES } from '../../server/seed-learning';
import type { Visit } from './pages/visit';
import { newCourse, trainerToken, trainerVisit } from './support/authoring';
import { expectNoAxeViolations } from './support/browser';
import { runAdmin, verifiedTrainee } from './support/identity';
import { enrol, seededCourse } from './support/learning';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

/** Marks the page, so that a test can tell it was not loaded again. */
async function markPage(visit: Visit): Promise<void> {
  await visit.page.evaluate(() => {
    (window as unknown as { unchanged: boolean }).unchanged = true;
  });
}

async function stillSamePage(visit: Visit): Promise<boolean> {
  return visit.page.evaluate(() => (window as unknown as { unchanged?: boolean }).unchanged === true);
}

describe('My courses', () => {
  it(`shows each course's status and the admin's reason, follows an approval live, deletes after asking and says the refusal when trainees are enrolled ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const token = await trainerToken(suite);
    const approving = await newCourse(suite, token);
    const deleting = await newCourse(suite, token);
    const list = await suite.read<TrainerCourseList>('/course/course-list-of-a-trainer/', { token });
    const rejected = list.results.find((course) => course.status === 'Rejected');
    const seededPending = list.results.find(
      (course) => course.status === 'Pending' && course.id !== approving.id && course.id !== deleting.id,
    );
    expect(rejected?.rejection_reason).toBeTruthy();

    const visit = await trainerVisit(suite, language, width);
    const { myCourses, screen, t, problems } = visit;
    await myCourses.open();
    const approvingTitle = pick(approving, 'title', language);
    const deletingTitle = pick(deleting, 'title', language);
    await myCourses.card(approvingTitle).waitFor();
    expect(await screen.title()).toBe(t('Manage Courses'));
    expect(await myCourses.status(approvingTitle)).toBe('Pending');
    expect(await myCourses.statusText(approvingTitle)).toBe(t('Pending'));
    if (rejected) {
      const title = pick(rejected, 'title', language);
      expect(await myCourses.status(title)).toBe('Rejected');
      expect(await myCourses.statusText(title)).toBe(t('Rejected'));
      expect(await myCourses.card(title).textContent()).toContain(rejected.rejection_reason);
      expect(await myCourses.editLink(title).getAttribute('href')).toBe(paths.editCourse(rejected.id));
    }
    if (seededPending) expect(await myCourses.status(pick(seededPending, 'title', language))).toBe('Pending');
    expect(await myCourses.openLink(approvingTitle).getAttribute('href')).toBe(
      paths.manageCourseLectures(approving.id),
    );
    expect(await myCourses.addNewCourse.getAttribute('href')).toBe(paths.addNewCourse());
    await expectNoAxeViolations(visit.page);

    // The admin approves: the notice arrives, the list is read again, the badge changes, no reload.
    await markPage(visit);
    await runAdmin(suite.app.env, ['approve-course', String(approving.id)]);
    await expect.poll(() => myCourses.status(approvingTitle), { timeout: 10_000 }).toBe('Approved');
    expect(await myCourses.statusText(approvingTitle)).toBe(t('Approved'));
    expect(await stillSamePage(visit)).toBe(true);

    // Delete asks first, naming the course; Cancel keeps it.
    await myCourses.askDelete(deletingTitle);
    expect(await myCourses.deleteDialog.textContent()).toContain(deletingTitle);
    await expectNoAxeViolations(visit.page);
    await myCourses.cancelDelete();
    expect(await myCourses.card(deletingTitle).count()).toBe(1);
    // Confirmed, it is deleted and leaves the list.
    await myCourses.askDelete(deletingTitle);
    await myCourses.confirmDelete();
    await myCourses.deleteDialog.waitFor({ state: 'detached' });
    await expect.poll(() => myCourses.card(deletingTitle).count()).toBe(0);
    await screen.toast(AUTHORING_MESSAGES.courseDeleted).waitFor();
    const after = await suite.read<TrainerCourseList>('/course/course-list-of-a-trainer/', { token });
    expect(after.results.some((course) => course.id === deleting.id)).toBe(false);

    // A trainee enrols while the page shows the course as deletable: the server refuses, and says why.
    const { person } = await verifiedTrainee(suite.app);
    const login = await suite.call('/user/login/', {
      body: { username: person.email, password: person.password },
    });
    const traineeToken = ((await login.json()) as { access_token: string }).access_token;
    await enrol(suite, traineeToken, { id: approving.id, price_halalas: 0 });
    await myCourses.askDelete(approvingTitle);
    await myCourses.confirmDelete();
    await expect.poll(() => myCourses.deleteRefusal()).toBe(t(AUTHORING_MESSAGES.courseHasTrainees));
    await expectNoAxeViolations(visit.page);
    await myCourses.deleteDialog
      .getByRole('button', { name: t('Close') })
      .last()
      .click();
    await myCourses.deleteDialog.waitFor({ state: 'detached' });
    expect(await myCourses.card(approvingTitle).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe("the trainer's course view", () => {
  // Both widths: the lecture list is a sidebar on a desktop and a drawer on a phone, and a PDF is
  // previewed in a frame on a desktop but offered as links on a phone.
  for (const setting of [AR_DESKTOP, EN_PHONE]) {
    it(`shows the sidebar with Add New Class and Take Action on an approved course, previews a video and a PDF, and follows an approval live ${named(setting)}`, async () => {
      const { language, width } = setting;
      const token = await trainerToken(suite);
      const cloud = await seededCourse(suite, LEARNING_COURSES.cloud.title);
      const sidebarOf = await suite.read<AuthoringCourse>(`/authoring/courses/${cloud.id}/lectures/`, {
        token,
      });
      const lectures = sidebarOf.weeks.flatMap((week) => week.lectures);
      const lecture = (seedTitle: string) => {
        const found = lectures.find((item) => item.title === seedTitle);
        if (!found) throw new Error(`no lecture “${seedTitle}”`);
        return { id: found.id, title: pick(found, 'title', language) };
      };
      const video = lecture(LEARNING_LECTURES.cloudVideo.title);
      const notes = lecture(LEARNING_LECTURES.cloudNotes.title);

      const visit = await trainerVisit(suite, language, width);
      const { trainerCourse: view, screen, t, page, problems } = visit;
      await view.open(cloud.id);
      // Approved and under way: the badge says so, as the trainer's list does.
      await expect.poll(() => view.status()).toBe('ONGOING');
      expect(await screen.title()).toBe(pick(cloud, 'title', language));
      expect(await (await view.addNewClass()).getAttribute('href')).toBe(paths.addNewClass(cloud.id));
      for (const week of sidebarOf.weeks) {
        expect(
          await (await view.sidebar()).getByRole('heading', { name: pick(week, 'title', language) }).count(),
        ).toBe(1);
      }
      const edit = await view.editLectureItem(video.title);
      expect(await edit.getAttribute('href')).toBe(paths.editLecture(video.id));
      await page.keyboard.press('Escape');
      await expectNoAxeViolations(page);
      await view.closeDrawer();

      // A video lecture, as trainees see it, by its own address (a reload works).
      await view.choose(video.title);
      await expect.poll(() => screen.pathname()).toBe(paths.manageCourseLectures(cloud.id, video.id));
      await view.preview.locator('video').waitFor();
      expect(await view.previewTitle.textContent()).toBe(video.title);
      await page.reload();
      await view.preview.locator('video').waitFor();
      await expectNoAxeViolations(page);

      // A PDF: in a frame on desktops, the links on phones.
      await view.choose(notes.title);
      await expect.poll(() => view.previewTitle.textContent()).toBe(notes.title);
      if (view.isPhone)
        await view.preview.getByRole('link', { name: new RegExp(t('Open the PDF')) }).waitFor();
      else await view.preview.locator('iframe').waitFor();
      await expectNoAxeViolations(page);

      // A pending course: the wait is said, no Add New Class; the admin approves, and it appears live.
      const pending = await newCourse(suite, token);
      await view.open(pending.id);
      await expect.poll(() => view.status()).toBe('Pending');
      expect(await view.statusPanel.textContent()).toContain(t("Waiting for the admin's approval"));
      expect(await (await view.sidebar()).getByRole('link', { name: t('Add New Class') }).count()).toBe(0);
      await view.closeDrawer();
      await expectNoAxeViolations(page);
      await markPage(visit);
      await runAdmin(suite.app.env, ['approve-course', String(pending.id)]);
      await expect.poll(() => view.status(), { timeout: 10_000 }).toBe('Approved');
      expect(await (await view.addNewClass()).getAttribute('href')).toBe(paths.addNewClass(pending.id));
      expect(await stillSamePage(visit)).toBe(true);
      await view.closeDrawer();

      // A course that is not the trainer's: the server's sentence and the way back to My courses.
      const foreign = await seededCourse(suite, LEARNING_COURSES.ml.title);
      await view.open(foreign.id);
      await screen.alert.getByText(t(AUTHORING_MESSAGES.notYourCourse)).waitFor();
      expect(await screen.alert.getByRole('link', { name: t('Go to My courses') }).getAttribute('href')).toBe(
        paths.manageCourses(),
      );
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }

  it('a rejected course shows the reason and the way to edit it', async () => {
    const token = await trainerToken(suite);
    const list = await suite.read<TrainerCourseList>('/course/course-list-of-a-trainer/', { token });
    const rejected = list.results.find((course) => course.status === 'Rejected');
    if (!rejected?.rejection_reason) throw new Error('the demo trainer has no rejected course');
    const visit = await trainerVisit(suite, AR_PHONE.language, AR_PHONE.width);
    const { trainerCourse: view, t } = visit;
    await view.open(rejected.id);
    await expect.poll(() => view.status()).toBe('Rejected');
    expect(await view.statusPanel.textContent()).toContain(rejected.rejection_reason);
    expect(await view.statusPanel.getByRole('link', { name: t('Edit course') }).getAttribute('href')).toBe(
      paths.editCourse(rejected.id),
    );
    expect(await (await view.sidebar()).getByRole('link', { name: t('Add New Class') }).count()).toBe(0);
    await view.closeDrawer();
    await expectNoAxeViolations(visit.page);
  });
});
