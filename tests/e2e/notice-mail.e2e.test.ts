import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paged } from '@contract/wire/common';
import type { CourseAbout, CourseCard } from '@contract/wire/courses';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { decisionHeaders, verifiedTrainee } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { AR_PHONE, EN_DESKTOP, named, type Setting } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

const RECEIPT = 'When a payment is received, with its receipt';
const WITHDRAWAL = 'When a withdrawal request is decided';

function adminHeaders(): Record<string, string> {
  return { 'X-Admin-Token': readFileSync(join(suite.app.env.DATA_DIR ?? '', 'admin-token'), 'utf8').trim() };
}

/** The subjects of the mails queued to the address, newest first (the development outbox). */
async function subjectsTo(email: string): Promise<string[]> {
  const mails = await suite.read<{ subject: string }[]>(`/dev/outbox/?to=${encodeURIComponent(email)}`, {
    headers: adminHeaders(),
  });
  return mails.map((mail) => mail.subject);
}

/** A priced course of the seed. */
async function aPricedCourse(): Promise<CourseAbout> {
  const list = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=100');
  for (const card of list.results) {
    const course = await suite.read<CourseAbout>(`/course/about/${card.id}/`);
    if (course.price_halalas > 0) return course;
  }
  throw new Error('the seed has no priced course');
}

/**
 * The trainee pays for a course in cash and the centre takes the money (a receipt notice), then
 * asks to withdraw and the centre declines (a withdrawal notice).
 */
async function payThenWithdraw(token: string, email: string): Promise<void> {
  const course = await aPricedCourse();
  const paid = await suite.call('/payments/', {
    token,
    body: {
      course_id: course.id,
      method: 'cash',
      idempotency_key: crypto.randomUUID(),
      terms_accepted: true,
    },
  });
  expect(paid.status).toBe(201);
  const { id } = (await paid.json()) as { id: string };
  const confirmed = await suite.call('/admin/confirm-payment/', {
    headers: await decisionHeaders(suite.app.env),
    body: { payment_id: id },
  });
  expect(confirmed.status).toBe(200);
  const asked = await suite.call('/course/enroll-status-update/', {
    token,
    body: { course_id: course.id, reason: 'My working hours changed' },
  });
  expect(asked.ok).toBe(true);
  const declined = await suite.call('/admin/reject-withdrawal/', {
    headers: await decisionHeaders(suite.app.env),
    body: { email, course_id: course.id, reason: 'The course has already started' },
  });
  expect(declined.status).toBe(200);
}

describe('notices by mail, each kind turned off on the profile', () => {
  for (const [setting, off, on] of [
    [EN_DESKTOP, RECEIPT, WITHDRAWAL],
    [AR_PHONE, WITHDRAWAL, RECEIPT],
  ] as [Setting, string, string][]) {
    it(`opens the section from a mail's link, turns a kind off for good, and only that kind stops ${named(setting)}`, async () => {
      const { person } = await verifiedTrainee(suite.app);
      const visit = await suite.open(setting);
      await signInWithTokens(suite.app, visit.context, person);
      const { page, profile, problems } = visit;
      // The link every notice mail ends with.
      await page.goto(`${paths.profile()}#notification-settings`);
      await expect.poll(() => profile.mailSwitch(off).isChecked()).toBe(true);
      await expect.poll(() => profile.mailNoticesInView()).toBe(true);
      expect(await profile.mailSwitch(on).isChecked()).toBe(true);
      await expectNoAxeViolations(page);
      if (setting.width === 'phone') await expectNoHorizontalScroll(page);

      await profile.mailSwitch(off).uncheck();
      await profile.saveMailNotices();
      await expect
        .poll(() => profile.mailNotices.getByRole('status').textContent())
        .toBe(visit.t('Your choices are saved.'));
      await expectNoAxeViolations(page);

      await page.reload();
      await expect.poll(() => profile.mailSwitch(on).isChecked()).toBe(true);
      expect(await profile.mailSwitch(off).isChecked()).toBe(false);

      await payThenWithdraw(await accessToken(visit.context), person.email);
      const kept = off === RECEIPT ? /withdrawal/ : /receipt/;
      const stopped = off === RECEIPT ? /receipt/ : /withdrawal/;
      await expect.poll(async () => (await subjectsTo(person.email)).some((s) => kept.test(s))).toBe(true);
      expect((await subjectsTo(person.email)).filter((s) => stopped.test(s))).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
