import type { CourseInput } from '@contract/forms/authoring';
import type { CourseRecord, CourseSaved, TrainerCourse } from '@contract/wire/authoring';
import type { CourseAbout } from '@contract/wire/courses';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/i18n/numbers';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { loginThroughApi, signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const STAFF = DEMO_ACCOUNTS.staff;
const TRAINER = DEMO_ACCOUNTS.trainer;

async function trainerToken(): Promise<string> {
  return (await loginThroughApi(suite.app, TRAINER)).access_token;
}

/** An approved course of the demo trainer's own that has not ended: the `index`th. */
async function approvedCourse(token: string, index: number): Promise<CourseRecord> {
  const { results } = await suite.read<{ results: TrainerCourse[] }>('/course/course-list-of-a-trainer/', {
    token,
  });
  const open = results.filter(
    (course) => course.role === 'trainer' && (course.status === 'Approved' || course.status === 'ONGOING'),
  );
  const course = open[index];
  if (!course) throw new Error(`the demo trainer has fewer than ${index + 1} approved courses`);
  return suite.read<CourseRecord>(`/course/course-create/${course.id}/`, { token });
}

/** The trainer's edit of the course's price, as the wizard sends it (every field, one changed). */
async function editPrice(token: string, record: CourseRecord, price: number): Promise<CourseSaved> {
  const body: CourseInput = {
    title: record.title,
    title_ar: record.title_ar,
    subtitle: record.subtitle,
    subtitle_ar: record.subtitle_ar,
    description: record.description,
    description_ar: record.description_ar,
    category: record.category,
    cover_image: record.cover_image,
    skill_level: record.skill_level,
    languages: record.languages,
    captions: record.captions,
    female_only: record.female_only,
    price_halalas: price,
    weeks: record.weeks,
    surveys: record.surveys,
    start_date: record.start_date,
    end_date: record.end_date,
    routine: record.routine,
    facilitators: record.facilitators.map((person) => person.id),
  };
  const answer = await suite.call(`/course/course-create/${record.id}/`, { token, method: 'PUT', body });
  expect(answer.status).toBe(200);
  return (await answer.json()) as CourseSaved;
}

describe('changes to an approved course', () => {
  it('wait for the staff: the trainer sees them waiting, the staff approve them, the catalogue shows the new price (en, desktop)', async () => {
    const token = await trainerToken();
    const record = await approvedCourse(token, 0);
    const price = record.price_halalas + 12_300;
    const saved = await editPrice(token, record, price);
    expect(saved.message).toBe("Your changes to the course details wait for the admin's approval");
    const before = await suite.read<CourseAbout>(`/course/about/${record.id}/`);
    expect(before.price_halalas).toBe(record.price_halalas);

    const trainer = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    await signInWithTokens(suite.app, trainer.context, TRAINER);
    await trainer.page.goto(paths.manageCourseLectures(record.id));
    const notice = trainer.screen.main
      .getByRole('status')
      .filter({ hasText: 'Changes waiting for approval' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toContain(formatMoney(price, 'en'));
    expect(trainer.problems).toEqual([]);

    const visit = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    const { page, screen, problems } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    await page.goto(`${paths.staffApprovals()}?kind=revision`);
    await expect.poll(() => screen.title()).toBe('Approvals');
    const card = screen.main.getByRole('listitem').filter({ hasText: record.title });
    await expect.poll(() => card.count()).toBe(1);
    await card.getByRole('button', { name: /Review/ }).click();
    const dialog = page.getByRole('dialog');
    const row = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Price' }) });
    await expect.poll(() => row.count()).toBe(1);
    const cells = row.getByRole('cell');
    expect(await cells.nth(0).textContent()).toBe(formatMoney(record.price_halalas, 'en'));
    expect(await cells.nth(1).textContent()).toBe(formatMoney(price, 'en'));
    await dialog.getByRole('button', { name: 'Approve the changes' }).click();
    await expect.poll(() => screen.toast('The changes are approved and published').count()).toBe(1);
    await expect.poll(() => card.count()).toBe(0);

    const after = await suite.read<CourseAbout>(`/course/about/${record.id}/`);
    expect(after.price_halalas).toBe(price);
    await page.goto(paths.courseDetails(record.id));
    await expect
      .poll(() => screen.main.textContent())
      .toContain(formatMoney(after.price_with_vat_halalas ?? 0, 'en'));

    await page.goto(paths.staffAudit());
    const entry = screen.main.getByRole('listitem').filter({ hasText: 'Course changes approved' });
    await expect.poll(() => entry.count()).toBeGreaterThan(0);
    expect(await entry.first().textContent()).toContain(STAFF.full_name);
    expect(problems).toEqual([]);

    // The trainer's page is read again on the decision's notice: the wait is over.
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);
  });

  it('rejected with a reason: the staff read before and after on a phone, the trainer reads the reason (ar, phone)', async () => {
    const token = await trainerToken();
    const record = await approvedCourse(token, 1);
    const price = record.price_halalas + 4_500;
    await editPrice(token, record, price);

    const visit = await suite.open({ language: 'ar', width: 'phone', path: paths.home() });
    const { page, t, screen, problems } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    await page.goto(`${paths.staffApprovals()}?kind=revision`);
    await expect.poll(() => screen.title()).toBe(t('Approvals'));
    const card = screen.main.getByRole('listitem').filter({ hasText: record.title_ar });
    await expect.poll(() => card.count()).toBe(1);
    await card.getByRole('button', { name: new RegExp(t('Review')) }).click();
    const dialog = page.getByRole('dialog');
    const row = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: t('Price') }) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(formatMoney(price, 'ar'));
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await dialog.getByRole('button', { name: t('Reject'), exact: true }).click();
    await dialog
      .getByRole('textbox', { name: t('Reason (the person is told)') })
      .fill('السعر الجديد يحتاج إلى موافقة المجلس');
    await dialog.getByRole('button', { name: t('Send the rejection') }).click();
    await expect
      .poll(() => screen.toast('The changes are rejected and the trainer has been told').count())
      .toBe(1);
    expect((await suite.read<CourseAbout>(`/course/about/${record.id}/`)).price_halalas).toBe(
      record.price_halalas,
    );
    expect(problems).toEqual([]);

    const trainer = await suite.open({ language: 'ar', width: 'phone', path: paths.home() });
    await signInWithTokens(suite.app, trainer.context, TRAINER);
    await trainer.page.goto(paths.manageCourseLectures(record.id));
    const notice = trainer.screen.main
      .getByRole('status')
      .filter({ hasText: trainer.t('The admin rejected your changes to the course details.') });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toContain('السعر الجديد يحتاج إلى موافقة المجلس');
    expect(await notice.textContent()).toContain(formatMoney(price, 'ar'));
    await expectNoAxeViolations(trainer.page);
    await expectNoHorizontalScroll(trainer.page);
    expect(trainer.problems).toEqual([]);
  });
});
