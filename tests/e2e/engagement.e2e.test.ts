import type { Paged } from '@contract/wire/common';
import type { EventDetails, EventSummary } from '@contract/wire/events';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, textLayout } from './support/browser';
import { signInWithTokens } from './support/session';
import { AR_PHONE } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

/** Events that have not ended, soonest first, as the home strip lists them. */
async function openEvents(): Promise<EventDetails[]> {
  const list = await suite.read<Paged<EventSummary>>('/event/?page=1&limit=25');
  const open = list.results.filter((event) => new Date(event.date_range.end).getTime() > Date.now());
  return Promise.all(open.map((event) => suite.read<EventDetails>(`/event/${event.id}/`)));
}

describe('events', () => {
  it('opens an event from home; a visitor signs in to register and is registered once (English)', async () => {
    const [event] = await openEvents();
    if (!event) throw new Error('the seed has an upcoming event');
    const { page, screen, home, eventDetails, signIn, problems } = await suite.open({ path: paths.home() });
    await home.openEvent(event.title);
    await expect.poll(() => screen.address()).toBe(paths.eventDetails(event.id));
    await expect.poll(() => screen.title()).toBe(event.title);
    expect(await screen.mainText()).toContain(event.location);
    expect(await screen.mainText()).toContain(event.description);
    await expectNoAxeViolations(page);

    // Registering goes on once signed in, without a second press.
    await eventDetails.register();
    await signIn.as(DEMO_ACCOUNTS.trainee);
    expect(screen.address()).toBe(paths.eventDetails(event.id));
    await expect.poll(() => screen.toast('You have registered for this event successfully').count()).toBe(1);
    await expect.poll(() => eventDetails.registration()).toBe('You are registered for this event.');

    // Opened again, the page shows the registration instead of the button.
    await page.reload();
    await expect.poll(() => eventDetails.registration()).toBe('You are registered for this event.');
    expect(await eventDetails.registerButton.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows the event in Arabic on a phone and passes axe', async () => {
    const events = await openEvents();
    const event = events.at(-1) as EventDetails;
    const { page, screen, eventDetails, problems } = await suite.open({ language: 'ar', width: 'phone' });
    await eventDetails.open(event.id);
    await expect.poll(() => screen.title()).toBe(event.title_ar);
    expect(await screen.mainText()).toContain(event.location_ar);
    expect(await eventDetails.registerButton.count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('says when an event does not exist, with nothing to retry', async () => {
    const { screen, eventDetails } = await suite.open();
    await eventDetails.open(99999);
    await expect.poll(() => screen.title()).toBe('Event not found');
    expect(await screen.retryButton.count()).toBe(0);
  });
});

describe('issue reports', () => {
  // In Arabic on a phone: what the visitor types, in the language of the page.
  it('a visitor writes a report, signs in without losing it, sends it and finds it in the list (ar)', async () => {
    const report = {
      name: 'سارة القحطاني',
      subject: `الشهادة لا تُحمّل ${Date.now()}`,
      description: 'يظهر خطأ عند تحميل الشهادة.',
    };
    const { page, t, screen, dialog, reportIssue, issueList, signIn, problems } = await suite.open(AR_PHONE);
    await reportIssue.open();
    await reportIssue.send();
    await expect.poll(() => reportIssue.field('name').getAttribute('aria-invalid')).toBe('true');
    await reportIssue.fill(report);
    await expectNoAxeViolations(page);
    await reportIssue.send();

    // Sending needs sign-in: the login dialog opens, and after it what was typed is sent.
    await signIn.as(DEMO_ACCOUNTS.trainee);
    expect(screen.address()).toBe(paths.reportIssue());
    await expect.poll(() => screen.toast('Your report has been sent').count()).toBe(1);
    expect(await reportIssue.value('subject')).toBe('');

    await issueList.open();
    const item = issueList.issue(report.subject);
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain(t('Pending'));
    await expectNoAxeViolations(page);
    await item.click();
    await expect.poll(() => dialog.text()).toContain(report.description);
    expect(screen.address()).toMatch(/^\/issue-list\?issue=\d+$/);
    await expectNoAxeViolations(page);
    await page.goBack();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('English typed on an Arabic page runs left to right, in the fields and shown back (ar, phone)', async () => {
    const report = {
      name: 'Sara Al-Qahtani',
      subject: `The certificate does not load ${Date.now()}`,
      description: 'A screenshot proves a page looks right.',
    };
    const { context, dialog, reportIssue, issueList, screen } = await suite.open(AR_PHONE);
    await signInWithTokens(suite.app, context, DEMO_ACCOUNTS.trainee);
    await reportIssue.open();
    await reportIssue.fill(report);
    for (const field of ['name', 'subject', 'description'] as const) {
      expect((await textLayout(reportIssue.field(field))).direction, field).toBe('ltr');
    }
    await reportIssue.send();
    await expect.poll(() => screen.toast('Your report has been sent').count()).toBe(1);

    await issueList.open();
    const subject = issueList.issue(report.subject).getByText(report.subject);
    await expect.poll(() => subject.count()).toBe(1);
    expect((await textLayout(subject)).direction).toBe('ltr');
    await issueList.issue(report.subject).click();
    const description = dialog.root.getByText(report.description);
    await expect.poll(() => description.count()).toBe(1);
    // Its full stop at its end, on the right; a paragraph aligned to its own start, the left.
    expect(await textLayout(description)).toEqual({
      direction: 'ltr',
      textAlign: 'start',
      endsOnTheRight: true,
    });
    expect((await textLayout(dialog.root.getByText(report.name))).direction).toBe('ltr');
  });

  it('keeps the issue list for signed-in users only', async () => {
    const { screen, issueList } = await suite.open();
    await issueList.open();
    await expect.poll(() => screen.pathname()).toBe(paths.home());
  });
});
