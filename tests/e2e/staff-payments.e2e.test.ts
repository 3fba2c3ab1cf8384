import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF_PAYMENT_MESSAGES } from '@contract/messages/staff-payments';
import type { Paged } from '@contract/wire/common';
import type { CourseAbout, CourseCard } from '@contract/wire/courses';
import type { AuditResponse } from '@contract/wire/staff';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { loginThroughApi, signInWithTokens } from './support/session';
import { AR_PHONE, EN_DESKTOP, named } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();
const STAFF = DEMO_ACCOUNTS.staff;

/** A priced course of the seed. */
async function aPricedCourse(): Promise<CourseAbout> {
  const list = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=100');
  for (const card of list.results) {
    const course = await suite.read<CourseAbout>(`/course/about/${card.id}/`);
    if (course.price_halalas > 0) return course;
  }
  throw new Error('the seed has no priced course');
}

/** A new trainee pays a priced course in cash, and the staff confirm the money was taken. */
async function paidInCash(staffToken: string) {
  const { person } = await verifiedTrainee(suite.app);
  const trainee = await loginThroughApi(suite.app, person);
  const course = await aPricedCourse();
  const started = await suite.call('/payments/', {
    token: trainee.access_token,
    body: {
      course_id: course.id,
      method: 'cash',
      idempotency_key: crypto.randomUUID(),
      terms_accepted: true,
    },
  });
  expect(started.status).toBe(201);
  const { id, total } = (await started.json()) as { id: string; total: number };
  const confirmed = await suite.call(`/staff/cash-payments/${id}/confirm/`, { token: staffToken, body: {} });
  expect(confirmed.status).toBe(200);
  return { id, total, email: person.email };
}

describe('the staff’s payments', () => {
  it(`filters by method and exports the list as a right-to-left sheet with amounts in riyals ${named(AR_PHONE)}`, async () => {
    const visit = await suite.open({ ...AR_PHONE, path: paths.home() });
    const { page, t, screen, problems } = visit;
    const staff = await signInWithTokens(suite.app, visit.context, STAFF);
    const paid = await paidInCash(staff.access_token);
    await page.goto(paths.staffPayments());
    await expect.poll(() => screen.title()).toBe(t('Payments'));
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

    await screen.main.getByLabel(t('Method')).selectOption('cash');
    await screen.main.getByRole('button', { name: t('Apply') }).click();
    const rows = screen.main.locator('li[data-payment]');
    await expect.poll(() => rows.filter({ hasText: paid.email }).count()).toBe(1);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const methods = await rows.evaluateAll((items) => items.map((item) => item.textContent ?? ''));
    expect(methods.length).toBeGreaterThan(0);
    for (const text of methods) expect(text).toContain(t('Cash'));
    await expect
      .poll(() => screen.main.getByRole('heading', { name: t('Totals by month (paid)') }).count())
      .toBe(1);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      screen.main.getByRole('button', { name: t('Export as Excel') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = join(mkdtempSync(join(tmpdir(), 'payments-')), 'payments.xlsx');
    await download.saveAs(file);
    const sheet = await readSheet(file);
    expect(sheet[0]?.slice(0, 3)).toEqual([t('Date'), t('Receipt'), t('Trainee')]);
    const row = sheet.find((cells) => cells[3] === paid.email);
    expect(row?.[5]).toBe(t('Cash'));
    // Amounts are numbers in riyals, with the total = price + VAT.
    expect(row?.[9]).toBe(paid.total / 100);
    expect(Number(row?.[7]) + Number(row?.[8])).toBeCloseTo(paid.total / 100, 2);
    expect(sheet.slice(1).every((cells) => cells[5] === t('Cash'))).toBe(true);
    const xml = new TextDecoder().decode(unzipSync(readFileSync(file))['xl/worksheets/sheet1.xml']);
    expect(xml).toContain('rightToLeft="1"');
    expect(problems).toEqual([]);
  });

  it(`refunds a cash payment after asking, and the refund is in the audit log ${named(EN_DESKTOP)}`, async () => {
    const visit = await suite.open({ ...EN_DESKTOP, path: paths.home() });
    const { page, screen, problems } = visit;
    const staff = await signInWithTokens(suite.app, visit.context, STAFF);
    const paid = await paidInCash(staff.access_token);
    await page.goto(paths.staffPayments());
    await expect.poll(() => screen.title()).toBe('Payments');
    const row = screen.main.locator('li[data-payment]').filter({ hasText: paid.email });
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Refund this payment?');
    expect(await dialog.textContent()).toContain('pay the trainee back at the centre');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: /^Refund / }).click();
    await expect.poll(() => screen.toast(STAFF_PAYMENT_MESSAGES.refundedByHand).count()).toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.textContent()).toContain('Refunded');
    expect(await row.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);

    const audit = await suite.read<AuditResponse>('/staff/audit/?action=payment.refund', {
      token: staff.access_token,
    });
    const entry = audit.data.results.find((item) => item.subject.id === paid.id);
    expect(entry).toMatchObject({ actor: { email: STAFF.email }, after: { refund_status: 'refunded' } });
    expect(problems).toEqual([]);
  });
});
