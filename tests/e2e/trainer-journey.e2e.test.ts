import { CLASS_TYPE_IDS } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import type { AuthoringCourse } from '@contract/wire/authoring';
import { describe, expect, it } from 'vitest';
import { pick } from '@/i18n/pick';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { NOTIFICATIONS } from '../../server/notifications/notifier';
import { SEED_TRAINER_PASSWORD, SEED_TRAINERS } from '../../server/seed-content';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { newCourse, trainerToken, trainerVisit } from './support/authoring';
import { expectNoAxeViolations } from './support/browser';
import { runAdmin } from './support/identity';
import { seededCourse } from './support/learning';
import { AR_PHONE, EN_DESKTOP, named } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

/** A trainer of the seed who does not teach the demo trainer's Cloud Computing course. */
const foreignTrainer = { email: SEED_TRAINERS[0]?.email ?? '', password: SEED_TRAINER_PASSWORD };

describe("a course's way from the trainer to the catalogue", () => {
  it(`is in no catalogue while pending; approved, the trainer is told live and visitors find it ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const course = await newCourse(suite, await trainerToken(suite));
    const title = pick(course, 'title', language);

    // A visitor's search does not find a course waiting for the admin.
    const visitor = await suite.open({ language, width });
    await visitor.searchResults.open({ search: course.title });
    await expect.poll(() => visitor.searchResults.text()).toContain(visitor.t('No data found'));
    expect(await visitor.searchResults.cards.count()).toBe(0);

    const visit = await trainerVisit(suite, language, width);
    const { myCourses, notifications } = visit;
    await myCourses.open();
    await myCourses.card(title).waitFor();
    const unread = await notifications.unread();

    await runAdmin(suite.app.env, ['approve-course', String(course.id)]);
    // The notice arrives over the live channel: the bell counts it, the panel shows it, the card
    // says Approved, all without a reload.
    await expect.poll(() => notifications.unread(), { timeout: 10_000 }).toBeGreaterThan(unread);
    await expect.poll(() => myCourses.status(title)).toBe('Approved');
    await notifications.openPanel();
    const approved = pick(NOTIFICATIONS.courseApproved(course), 'title', language);
    await expect.poll(() => notifications.items.first().textContent()).toContain(approved);
    await expectNoAxeViolations(visit.page);
    // The newest notice is this one; opening it leads to the course.
    await notifications.items.first().click();
    await expect.poll(() => visit.screen.pathname()).toBe(paths.manageCourseLectures(course.id));
    await expect.poll(() => visit.trainerCourse.status()).toBe('Approved');

    // Now a visitor finds it.
    await visitor.searchResults.open({ search: course.title });
    await expect.poll(() => visitor.searchResults.cards.count()).toBe(1);
    expect(await visitor.searchResults.cards.first().textContent()).toContain(title);
    expect(visit.problems).toEqual([]);
  });
});

describe("the trainer's screens refuse what is not the signed-in trainer's", () => {
  it(`a trainer who does not teach a course cannot edit it, add to it or edit its lectures ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const cloud = await seededCourse(suite, LEARNING_COURSES.cloud.title);
    const owner = await trainerToken(suite);
    const view = await suite.read<AuthoringCourse>(`/authoring/courses/${cloud.id}/lectures/`, {
      token: owner,
    });
    const lecture = view.weeks.flatMap((week) => week.lectures).find((item) => item.editable);
    if (!lecture) throw new Error('the seeded course has no editable lecture');

    const visit = await trainerVisit(suite, language, width, foreignTrainer);
    const { page, t } = visit;
    const refusal = t(AUTHORING_MESSAGES.notYourCourse);
    for (const path of [
      paths.editCourse(cloud.id),
      paths.addNewClass(cloud.id),
      paths.editLecture(lecture.id),
    ]) {
      await page.goto(path);
      await page.getByText(refusal).first().waitFor();
      await expectNoAxeViolations(page);
    }

    // The calls themselves are refused, whatever a page shows.
    const token = await trainerToken(suite, foreignTrainer);
    const put = await suite.call(`/course/class-create/${lecture.id}/`, {
      token,
      method: 'PUT',
      body: {
        class_type: CLASS_TYPE_IDS.Class,
        course: cloud.id,
        week: 1,
        detail_info: { title: 'Taken over', description: 'Not mine.', file: null },
        quiz_info: [],
      },
    });
    expect(put.status).toBe(403);
    const remove = await suite.call(`/course/course-create/${cloud.id}/`, { token, method: 'DELETE' });
    expect(remove.status).toBe(403);
    // A trainee is refused every trainer call.
    const trainee = await trainerToken(suite, DEMO_ACCOUNTS.trainee);
    for (const path of [
      '/course/course-list-of-a-trainer/',
      '/course/class-type/',
      `/course/course-create/${cloud.id}/`,
    ]) {
      expect((await suite.call(path, { token: trainee })).status).toBe(403);
    }
    expect(visit.problems.filter((problem) => !problem.includes('403'))).toEqual([]);
  });
});
