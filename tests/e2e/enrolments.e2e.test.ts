import type { Paged } from '@contract/wire/common';
import type { CourseAbout, CourseCard } from '@contract/wire/courses';
import { describe, expect, it } from 'vitest';
import { pick } from '@/i18n/pick';
import { expectNoAxeViolations } from './support/browser';
import { runAdmin, verifiedTrainee } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, EN_PHONE, named, type Setting } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

/** A free course from the seed: enrolling takes one call. */
async function aFreeCourse(): Promise<CourseAbout> {
  const list = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=100');
  for (const card of list.results) {
    const course = await suite.read<CourseAbout>(`/course/about/${card.id}/`);
    if (course.price_halalas === 0) return course;
  }
  throw new Error('the seed has no free course');
}

/** A new trainee enrolled in a free course, signed in in a new tab. */
async function enrolledTrainee({ language, width }: Setting) {
  const course = await aFreeCourse();
  const { person } = await verifiedTrainee(suite.app);
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, person);
  const token = await accessToken(visit.context);
  const enrolled = await suite.call('/payments/', {
    token,
    body: {
      course_id: course.id,
      method: 'free',
      idempotency_key: crypto.randomUUID(),
      terms_accepted: true,
    },
  });
  expect(enrolled.status).toBe(201);
  return { visit, person, course, title: pick(course, 'title', language) };
}

describe('enrolled courses and withdrawal', () => {
  it(`asks to leave a course, the admin approves, the course is closed ${named(AR_DESKTOP)}`, async () => {
    const { visit, person, course, title } = await enrolledTrainee(AR_DESKTOP);
    const { page, t, enrolledCourses, problems } = visit;
    await enrolledCourses.open();
    await expect.poll(() => enrolledCourses.status(title)).toBe(t('Enrolled'));
    await expectNoAxeViolations(page);

    await enrolledCourses.startWithdrawal(title);
    await enrolledCourses.send();
    await expect.poll(() => enrolledCourses.dialog.getByText(t('Reason is required')).count()).toBe(1);
    await expectNoAxeViolations(page);
    await enrolledCourses.reason('My working hours changed');
    await enrolledCourses.send();
    await expect
      .poll(() =>
        enrolledCourses.dialog.getByRole('heading', { name: t('Request Sent Successfully') }).count(),
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    await enrolledCourses.closeSuccess();
    await expect.poll(() => enrolledCourses.status(title)).toBe(t('Withdrawal requested'));

    await runAdmin(suite.app.env, ['approve-withdrawal', person.email, String(course.id)]);
    // The decision arrives live: the list reads itself again.
    await expect
      .poll(() => enrolledCourses.status(title), { timeout: 15_000 })
      .toMatch(new RegExp(`^(${t('Withdrawn')}|${t('Dropped')})$`));
    // The course is closed to them: its page says so, and checkout has nothing to pay.
    await visit.courseDetails.open(course.id);
    await expect
      .poll(() => page.getByText(t('You have left this course; it is closed to you.')).count())
      .toBe(1);
    await visit.checkout.open(course.id);
    await expect.poll(() => visit.checkout.heading('You have left this course').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('a refused withdrawal leaves the trainee enrolled, with the reason', async () => {
    const { visit, person, course, title } = await enrolledTrainee(EN_PHONE);
    const { t, enrolledCourses, problems } = visit;
    await enrolledCourses.open();
    await enrolledCourses.startWithdrawal(title);
    await enrolledCourses.reason('Travelling');
    await enrolledCourses.send();
    await enrolledCourses.closeSuccess();
    await runAdmin(suite.app.env, [
      'reject-withdrawal',
      person.email,
      String(course.id),
      '--reason',
      'The course has already started',
    ]);
    await expect.poll(() => enrolledCourses.status(title), { timeout: 15_000 }).toBe(t('Enrolled'));
    expect(
      await enrolledCourses.row(title).getByText('The course has already started', { exact: false }).count(),
    ).toBe(1);
    expect(problems).toEqual([]);
  });
});
