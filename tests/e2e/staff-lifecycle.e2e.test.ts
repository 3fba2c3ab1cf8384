import type { CourseInput } from '@contract/forms/authoring';
import type { CourseRecord } from '@contract/wire/authoring';
import type { CourseAbout } from '@contract/wire/courses';
import type { AuditEntry } from '@contract/wire/staff';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/i18n/numbers';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import type { Visit } from './pages/visit';
import { newCourse, trainerToken } from './support/authoring';
import { expectNoAxeViolations } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const STAFF = DEMO_ACCOUNTS.staff;

/** Opens the queue of one kind and decides the item whose card shows `text`, in the staff's tab. */
async function decideInQueue(
  staff: Visit,
  kind: string,
  text: string,
  decide: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
  toast: string,
): Promise<void> {
  const { page, screen } = staff;
  await page.goto(`${paths.staffApprovals()}?kind=${kind}`);
  const card = screen.main.getByRole('listitem').filter({ hasText: text });
  await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
  await card.getByRole('button', { name: /Review/ }).click();
  const dialog = page.getByRole('dialog');
  await decide(dialog);
  await expect.poll(() => screen.toast(toast).count()).toBe(1);
  await expect.poll(() => card.count()).toBe(0);
}

describe('the centre runs on the back office', () => {
  it('a trainer applies, teaches a course, a trainee pays cash and withdraws: each decision by the staff, all in the audit log (en, desktop)', async () => {
    const staff = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    await signInWithTokens(suite.app, staff.context, STAFF);

    // 1. A trainer applies; the staff approve the application.
    const { person: trainer } = await verifiedTrainee(suite.app, 'TRAINER');
    await decideInQueue(
      staff,
      'trainer',
      trainer.email,
      (dialog) => dialog.getByRole('button', { name: 'Approve', exact: true }).click(),
      'The trainer is approved and has been told',
    );

    // 2. The trainer sends a course; the staff approve it.
    const token = await trainerToken(suite, trainer);
    const course = await newCourse(suite, token, { price_halalas: 40_000 });
    await decideInQueue(
      staff,
      'course',
      course.title,
      async (dialog) => {
        await expect.poll(() => dialog.textContent()).toContain('Formulas');
        await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      },
      'The course is approved and published',
    );
    const published = await suite.read<CourseAbout>(`/course/about/${course.id}/`);
    expect(published.price_halalas).toBe(40_000);

    // 3. A trainee chooses cash at checkout; the staff confirm it once the money is received.
    const { person: trainee } = await verifiedTrainee(suite.app);
    const learner = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    await signInWithTokens(suite.app, learner.context, trainee);
    const learnerToken = await accessToken(learner.context);
    const paid = await suite.call('/payments/', {
      token: learnerToken,
      body: {
        course_id: course.id,
        method: 'cash',
        idempotency_key: crypto.randomUUID(),
        terms_accepted: true,
      },
    });
    expect(paid.status).toBe(201);
    await decideInQueue(
      staff,
      'cash',
      trainee.email,
      async (dialog) => {
        await expect.poll(() => dialog.textContent()).toContain(formatMoney(46_000, 'en'));
        await dialog.getByRole('button', { name: 'Confirm the cash is received' }).click();
      },
      'The cash payment is confirmed: the trainee is enrolled and has the receipt',
    );

    // 4. The trainer changes the price; the course keeps its price until the staff approve it.
    const record = await suite.read<CourseRecord>(`/course/course-create/${course.id}/`, { token });
    const edited: CourseInput = {
      ...(record as unknown as CourseInput),
      price_halalas: 45_000,
      facilitators: record.facilitators.map((person) => person.id),
    };
    const saved = await suite.call(`/course/course-create/${course.id}/`, {
      token,
      method: 'PUT',
      body: edited,
    });
    expect(saved.status).toBe(200);
    expect((await suite.read<CourseAbout>(`/course/about/${course.id}/`)).price_halalas).toBe(40_000);
    await decideInQueue(
      staff,
      'revision',
      course.title,
      async (dialog) => {
        await expect.poll(() => dialog.textContent()).toContain(formatMoney(45_000, 'en'));
        await dialog.getByRole('button', { name: 'Approve the changes' }).click();
      },
      'The changes are approved and published',
    );
    expect((await suite.read<CourseAbout>(`/course/about/${course.id}/`)).price_halalas).toBe(45_000);

    // 5. The trainee asks to withdraw before the start; the staff approve it with the refund due.
    const asked = await suite.call('/course/enroll-status-update/', {
      token: learnerToken,
      body: { course_id: course.id, reason: 'My work hours changed' },
    });
    expect(asked.status).toBe(200);
    await decideInQueue(
      staff,
      'withdrawal',
      trainee.email,
      async (dialog) => {
        await expect.poll(() => dialog.textContent()).toContain('My work hours changed');
        expect(await dialog.textContent()).toContain(formatMoney(46_000, 'en'));
        await expectNoAxeViolations(staff.page);
        await dialog.getByRole('button', { name: 'Approve the withdrawal' }).click();
      },
      'The withdrawal is approved and the trainee has been told',
    );

    // 6. The audit log shows the five decisions, each under the staff member's name.
    await staff.page.goto(paths.staffAudit());
    const entries = staff.screen.main.getByRole('listitem');
    for (const [label, subject] of [
      ['Trainer approved', trainer.email],
      ['Course approved', course.title],
      ['Cash confirmed', course.title],
      ['Course changes approved', course.title],
      ['Withdrawal approved', course.title],
    ] as const) {
      const entry = entries.filter({ hasText: label }).filter({ hasText: subject });
      await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1);
      expect(await entry.textContent()).toContain(STAFF.full_name);
    }
    const log = await suite.read<{ data: { results: AuditEntry[] } }>('/staff/audit/?limit=20', {
      token: await accessToken(staff.context),
    });
    const mine = log.data.results.filter(
      (entry) =>
        entry.subject.label.includes(course.title) || entry.subject.label.includes(trainee.full_name),
    );
    expect(mine.every((entry) => entry.actor.email === STAFF.email && entry.via === 'web')).toBe(true);
    expect(staff.problems).toEqual([]);
  });
});
