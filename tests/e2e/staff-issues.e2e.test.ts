import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { loginThroughApi, signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const REPLY = 'أصلحنا مقطع الفيديو في الأسبوع الثاني: أعد تحميل المحاضرة لمشاهدته.';

/** An issue the demo trainee reports through the API; its id. */
async function reported(subject: string): Promise<number> {
  const { access_token } = await loginThroughApi(suite.app, DEMO_ACCOUNTS.trainee);
  const answer = await suite.call('/cms/report-an-issues/', {
    token: access_token,
    body: {
      name: 'Sara Al-Qahtani',
      subject,
      description: 'The second video of week 2 stops after a minute.',
    },
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

describe('issue reports in the back office', () => {
  it('the staff resolve a report with a reply in Arabic, and its reporter reads it (ar, phone; en, desktop)', async () => {
    const subject = `Video stops ${Date.now()}`;
    const id = await reported(subject);

    const staff = await suite.open({ language: 'ar', width: 'phone', path: paths.home() });
    const { page, screen, t, problems } = staff;
    await signInWithTokens(suite.app, staff.context, DEMO_ACCOUNTS.staff);
    await page.goto(paths.staffIssues());
    await expect.poll(() => screen.title()).toBe(t('Issue reports'));
    const row = screen.main.getByRole('listitem').filter({ hasText: subject });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(DEMO_ACCOUNTS.trainee.email);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await row.getByRole('button', { name: new RegExp(t('Reply and resolve')) }).click();
    const dialog = page.getByRole('dialog');
    const reply = dialog.getByRole('textbox', { name: t('Reply (the reporter reads it)') });
    await dialog.getByRole('button', { name: t('Resolve'), exact: true }).click();
    await expect.poll(() => reply.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.textContent()).toContain(t('Write the reply, at most 2000 characters'));
    await expectNoAxeViolations(page);
    await reply.fill(REPLY);
    await dialog.getByRole('button', { name: t('Resolve'), exact: true }).click();
    await expect
      .poll(() => screen.toast('The issue is resolved and its reporter has been told').count())
      .toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    await screen.main.getByRole('button', { name: t('Resolved'), exact: true }).click();
    await expect.poll(() => row.textContent()).toContain(REPLY);
    expect(problems).toEqual([]);

    const reporter = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    await signInWithTokens(suite.app, reporter.context, DEMO_ACCOUNTS.trainee);
    await reporter.page.goto(paths.issueList({ issue: id }));
    const detail = reporter.page.getByRole('dialog');
    await expect.poll(() => detail.textContent()).toContain(REPLY);
    expect(await detail.textContent()).toContain("The centre's reply");
    expect(await detail.textContent()).toContain('Resolved');
    await expectNoAxeViolations(reporter.page);
    expect(reporter.problems).toEqual([]);
  });
});
