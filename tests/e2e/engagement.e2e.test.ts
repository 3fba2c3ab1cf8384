import { describe, expect, it } from 'vitest';
import type { Paged } from '@/contract/common';
import type { EventDetails, EventSummary } from '@/contract/events';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, openPage } from './support/browser';
import { signInThroughDialog } from './support/identity';
import { productSuite } from './support/suite';

const suite = productSuite();

async function read<T>(path: string): Promise<T> {
  return (await (await fetch(`${suite.app.url}/api/v1${path}`)).json()) as T;
}

/** Events that have not ended, soonest first, as the home strip lists them. */
async function openEvents(): Promise<EventDetails[]> {
  const list = await read<Paged<EventSummary>>('/event/?page=1&limit=25');
  const open = list.results.filter((event) => new Date(event.date_range.end).getTime() > Date.now());
  return Promise.all(open.map((event) => read<EventDetails>(`/event/${event.id}/`)));
}

describe('events', () => {
  it('opens an event from home; a visitor signs in to register, then registers once (English)', async () => {
    const [event] = await openEvents();
    if (!event) throw new Error('the seed has an upcoming event');
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Latest events' })
      .getByRole('link', { name: event.title })
      .click();
    await expect.poll(() => page.url()).toBe(`${suite.app.url}/event-details/${event.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(event.title);
    const main = page.locator('main');
    expect(await main.textContent()).toContain(event.location);
    expect(await main.textContent()).toContain(event.description);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Register for this event' }).click();
    await signInThroughDialog(page, DEMO_ACCOUNTS.trainee);
    expect(page.url()).toBe(`${suite.app.url}/event-details/${event.id}`);
    await page.getByRole('button', { name: 'Register for this event' }).click();
    await expect
      .poll(() =>
        page.locator('[data-toast]', { hasText: 'You have registered for this event successfully' }).count(),
      )
      .toBe(1);
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('You are registered for this event.');

    // The server refuses a second registration; its `error` shows in the alert box.
    await page.reload();
    await page.getByRole('button', { name: 'Register for this event' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('You are already registered for this event');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the event in Arabic on a phone and passes axe', async () => {
    const events = await openEvents();
    const event = events.at(-1) as EventDetails;
    const { page, context, problems } = await openPage(suite.browser, suite.app.url, 'phone');
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    await page.goto(`/event-details/${event.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(event.title_ar);
    expect(await page.locator('main').textContent()).toContain(event.location_ar);
    expect(await page.getByRole('button', { name: 'سجّل في هذه الفعالية' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says when an event does not exist, with a retry', async () => {
    const { page, context } = await openPage(suite.browser, suite.app.url);
    await page.goto('/event-details/99999');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Not found');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await context.close();
  });
});

describe('issue reports', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`a visitor writes a report, signs in without losing it, sends it and finds it in the list (${language})`, async () => {
      const ar = language === 'ar';
      const words = {
        name: ar ? 'الاسم' : 'Name',
        subject: ar ? 'الموضوع' : 'Subject',
        description: ar ? 'الوصف' : 'Description',
        send: ar ? 'إرسال البلاغ' : 'Send report',
        sent: ar ? 'تم إرسال بلاغك' : 'Your report has been sent',
        pending: ar ? 'قيد المراجعة' : 'Pending',
      };
      const report = {
        name: ar ? 'سارة القحطاني' : 'Sara Al-Qahtani',
        subject: `${ar ? 'الشهادة لا تُحمّل' : 'Certificate will not download'} ${Date.now()}`,
        description: ar ? 'يظهر خطأ عند تحميل الشهادة.' : 'The download button shows an error.',
      };
      const { page, context, problems } = await openPage(
        suite.browser,
        suite.app.url,
        ar ? 'phone' : 'desktop',
      );
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await page.goto('/report-an-issue');
      await page.getByRole('button', { name: words.send }).click();
      await expect
        .poll(() => page.getByLabel(words.name, { exact: true }).getAttribute('aria-invalid'))
        .toBe('true');
      await page.getByLabel(words.name, { exact: true }).fill(report.name);
      await page.getByLabel(words.subject, { exact: true }).fill(report.subject);
      await page.getByLabel(words.description, { exact: true }).fill(report.description);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: words.send }).click();

      // Sending needs sign-in: the login dialog opens, and after it everything typed is still there.
      await signInThroughDialog(page, DEMO_ACCOUNTS.trainee, language);
      expect(page.url()).toBe(`${suite.app.url}/report-an-issue`);
      expect(await page.getByLabel(words.subject, { exact: true }).inputValue()).toBe(report.subject);
      expect(await page.getByLabel(words.description, { exact: true }).inputValue()).toBe(report.description);
      await page.getByRole('button', { name: words.send }).click();
      await expect.poll(() => page.locator('[data-toast]', { hasText: words.sent }).count()).toBe(1);
      expect(await page.getByLabel(words.subject, { exact: true }).inputValue()).toBe('');

      await page.goto('/issue-list');
      const item = page.getByRole('button', { name: report.subject });
      await expect.poll(() => item.count()).toBe(1);
      expect(await item.textContent()).toContain(words.pending);
      await expectNoAxeViolations(page);
      await item.click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.textContent()).toContain(report.description);
      expect(page.url()).toMatch(/\/issue-list\?issue=\d+$/);
      await expectNoAxeViolations(page);
      await page.goBack();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('keeps the issue list for signed-in users only', async () => {
    const { page, context } = await openPage(suite.browser, suite.app.url);
    await page.goto('/issue-list');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
