import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Paged } from '@/contract/common';
import type { EventSummary } from '@/contract/events';
import type { Notification } from '@/contract/notifications';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, openPage } from './support/browser';
import { runAdmin, signInThroughDialog } from './support/identity';
import { productSuite } from './support/suite';

const suite = productSuite();

const WORDS = {
  en: { logIn: 'Log In', bell: /^Notifications/, list: 'Notifications' },
  ar: { logIn: 'تسجيل الدخول', bell: /^الإشعارات/, list: 'الإشعارات' },
} as const;

type Language = keyof typeof WORDS;

/** A signed-in page in this language, on a desktop width. */
async function signedIn(account: { email: string; password: string }, language: Language) {
  const visit = await openPage(suite.browser, suite.app.url);
  await visit.page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await visit.page.goto('/');
  await visit.page.getByRole('banner').getByRole('button', { name: WORDS[language].logIn }).click();
  await signInThroughDialog(visit.page, account, language);
  return visit;
}

function bell(page: Page, language: Language) {
  return page.getByRole('banner').getByRole('button', { name: WORDS[language].bell });
}

/** The unread count the bell shows (0 when it shows none). */
async function badge(page: Page): Promise<number> {
  const count = page.getByTestId('unread-count');
  return (await count.count()) ? Number(await count.textContent()) : 0;
}

async function accessToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'access-token')?.value;
  if (!token) throw new Error('not signed in');
  return decodeURIComponent(token);
}

async function notificationsOf(page: Page): Promise<Notification[]> {
  const response = await fetch(`${suite.app.url}/api/v1/notification/`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  return (await response.json()) as Notification[];
}

function notify(email: string, title: string, extra: string[] = []) {
  return runAdmin(suite.app.env, ['notify', email, title, `${title}.`, ...extra]);
}

/** A retried test registers for the next open event (the first registration stays). */
let attempt = 0;

describe('live notifications', () => {
  it("an action of one user and an admin's message raise the badges of two open sessions without a reload", async () => {
    const trainee = await signedIn(DEMO_ACCOUNTS.trainee, 'en');
    const trainer = await signedIn(DEMO_ACCOUNTS.trainer, 'ar');
    await bell(trainee.page, 'en').waitFor();
    await bell(trainer.page, 'ar').waitFor();
    const traineeBefore = await badge(trainee.page);
    const trainerBefore = await badge(trainer.page);

    // The trainee registers for an event: the server notifies the trainee at once.
    const events = (await (
      await fetch(`${suite.app.url}/api/v1/event/?limit=25`)
    ).json()) as Paged<EventSummary>;
    const open = events.results.filter((event) => new Date(event.date_range.end).getTime() > Date.now())[
      attempt++
    ];
    if (!open) throw new Error('the seed has upcoming events');
    await trainee.page.goto(`/event-details/${open.id}`);
    await trainee.page.getByRole('button', { name: 'Register for this event' }).click();
    await expect.poll(() => badge(trainee.page)).toBe(traineeBefore + 1);
    expect(await bell(trainee.page, 'en').getAttribute('aria-label')).toBe(
      `Notifications, ${traineeBefore + 1} unread`,
    );

    // The admin writes to the trainer, whose page (in Arabic) has not been touched.
    await notify(DEMO_ACCOUNTS.trainer.email, 'Room change', [
      '--title-ar',
      'تغيير القاعة',
      '--text-ar',
      'انتقلت المحاضرة إلى القاعة 12.',
    ]);
    await expect.poll(() => badge(trainer.page)).toBe(trainerBefore + 1);
    await bell(trainer.page, 'ar').click();
    const panel = trainer.page.getByRole('list', { name: WORDS.ar.list });
    await expect.poll(() => panel.getByRole('button').first().textContent()).toContain('تغيير القاعة');
    expect(await trainer.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoAxeViolations(trainer.page);

    // The trainee opens the panel and clicks the registration: it is marked seen, the count
    // drops and its link (the event) is followed.
    await trainee.page.goto('/');
    await bell(trainee.page, 'en').click();
    const heading = trainee.page.getByRole('heading', { name: `Notifications (${traineeBefore + 1})` });
    await heading.waitFor();
    await expectNoAxeViolations(trainee.page);
    await trainee.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: /Event registration confirmed/ })
      .click();
    await expect.poll(() => trainee.page.url()).toBe(`${suite.app.url}/event-details/${open.id}`);
    await expect.poll(() => badge(trainee.page)).toBe(traineeBefore);
    const [latest] = await notificationsOf(trainee.page);
    expect(latest).toMatchObject({ title: 'Event registration confirmed', seen: true });

    expect(trainee.problems).toEqual([]);
    expect(trainer.problems).toEqual([]);
    await trainee.context.close();
    await trainer.context.close();
  });

  it("refuses to mark another user's notification", async () => {
    const trainee = await signedIn(DEMO_ACCOUNTS.trainee, 'en');
    const trainer = await signedIn(DEMO_ACCOUNTS.trainer, 'en');
    await notify(DEMO_ACCOUNTS.trainer.email, 'For the trainer only');
    await expect
      .poll(async () => (await notificationsOf(trainer.page))[0]?.title)
      .toBe('For the trainer only');
    const [theirs] = await notificationsOf(trainer.page);
    const answer = await fetch(`${suite.app.url}/api/v1/notification/mark-as-seen/${theirs?.id}/`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${await accessToken(trainee.page)}` },
    });
    expect(answer.status).toBe(404);
    expect((await notificationsOf(trainer.page))[0]).toMatchObject({ id: theirs?.id, seen: false });
    await trainee.context.close();
    await trainer.context.close();
  });

  it('lists the notifications in the side menu on a phone, in Arabic', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url, 'phone');
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    await page.goto('/');
    const openMenu = () => page.getByRole('button', { name: 'فتح القائمة' }).click();
    const menu = page.getByRole('dialog', { name: 'القائمة' });
    await openMenu();
    await menu.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await signInThroughDialog(page, DEMO_ACCOUNTS.trainee, 'ar');
    await bell(page, 'ar').waitFor();
    await notify(DEMO_ACCOUNTS.trainee.email, 'Side menu check', ['--title-ar', 'تنبيه في القائمة الجانبية']);
    await openMenu();
    const items = menu.getByRole('list', { name: 'الإشعارات' }).getByRole('button');
    await expect.poll(() => items.first().textContent()).toContain('تنبيه في القائمة الجانبية');
    expect(await menu.getByRole('heading', { name: /^الإشعارات \(\d+\)$/ }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reconnects after the server restarts and shows what was created while it was down', async () => {
    const trainee = await signedIn(DEMO_ACCOUNTS.trainee, 'en');
    await bell(trainee.page, 'en').waitFor();
    const before = await badge(trainee.page);
    // Stopped, the admin command writes straight into the database.
    await suite.app.restart(async () => {
      await notify(DEMO_ACCOUNTS.trainee.email, 'Written while the server was down');
    });
    await expect.poll(() => badge(trainee.page), { timeout: 30_000 }).toBe(before + 1);
    // Live again: a new notification arrives without a reload.
    await notify(DEMO_ACCOUNTS.trainee.email, 'After the restart');
    await expect.poll(() => badge(trainee.page)).toBe(before + 2);
    await bell(trainee.page, 'en').click();
    const items = trainee.page.getByRole('list', { name: 'Notifications' }).getByRole('button');
    await expect.poll(() => items.first().textContent()).toContain('After the restart');
    expect(await items.nth(1).textContent()).toContain('Written while the server was down');
    await trainee.context.close();
  });
});
