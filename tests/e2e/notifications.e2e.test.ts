import type { Paged } from '@contract/wire/common';
import type { EventSummary } from '@contract/wire/events';
import type { Notification } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import type { Visit } from './pages/visit';
import { expectNoAxeViolations } from './support/browser';
import { type Account, runAdmin, verifiedTrainee } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { EN_DESKTOP, named } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

/** A page signed in through the header's Log In, in this language, on a desktop width. */
async function signedIn(account: Account, language: Language): Promise<Visit> {
  const visit = await suite.open({ language, path: paths.home() });
  await visit.header.logIn();
  await visit.signIn.as(account);
  return visit;
}

async function notificationsOf(visit: Visit): Promise<Notification[]> {
  return suite.read<Notification[]>('/notification/', { token: await accessToken(visit.context) });
}

function notify(email: string, title: string, extra: string[] = []) {
  return runAdmin(suite.app.env, ['notify', email, title, `${title}.`, ...extra]);
}

// What the admin writes in Arabic: content, not the product's own words.
const ROOM_CHANGE = { title: 'تغيير القاعة', text: 'انتقلت المحاضرة إلى القاعة 12.' };
const SIDE_MENU_CHECK = 'تنبيه في القائمة الجانبية';

/** A retried test registers for the next open event (the first registration stays). */
let attempt = 0;

describe('live notifications', () => {
  it(`opens an empty panel for someone with no notifications yet, closes it with Close, and passes axe ${named(EN_DESKTOP)}`, async () => {
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open(EN_DESKTOP);
    await signInWithTokens(suite.app, visit.context, person);
    await visit.goto(paths.home());
    await visit.notifications.openPanel();
    await expect
      .poll(() => visit.page.getByText(visit.t('You have no notifications yet.')).isVisible())
      .toBe(true);
    await visit.notifications.heading(0).waitFor();
    // Headless UI puts hidden focus guards around a panel with nothing focusable after the bell.
    await expectNoAxeViolations(visit.page);
    await visit.page
      .getByRole('banner')
      .getByRole('button', { name: visit.t('Close'), exact: true })
      .click();
    await expect.poll(() => visit.page.getByText(visit.t('You have no notifications yet.')).count()).toBe(0);
    await expect
      .poll(() => visit.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(visit.t('Notifications'));
    expect(visit.problems).toEqual([]);
  });

  it("an action of one user and an admin's message raise the badges of two open sessions without a reload", async () => {
    const trainee = await signedIn(DEMO_ACCOUNTS.trainee, 'en');
    const trainer = await signedIn(DEMO_ACCOUNTS.trainer, 'ar');
    await trainee.notifications.bell.waitFor();
    await trainer.notifications.bell.waitFor();
    const traineeBefore = await trainee.notifications.unread();
    const trainerBefore = await trainer.notifications.unread();

    // The trainee registers for an event: the server notifies the trainee at once.
    const events = await suite.read<Paged<EventSummary>>('/event/?limit=25');
    const open = events.results.filter((event) => new Date(event.date_range.end).getTime() > Date.now())[
      attempt++
    ];
    if (!open) throw new Error('the seed has upcoming events');
    await trainee.eventDetails.open(open.id);
    await trainee.eventDetails.register();
    await expect.poll(() => trainee.notifications.unread()).toBe(traineeBefore + 1);
    expect(await trainee.notifications.bell.getAttribute('aria-label')).toBe(
      trainee.notifications.bellLabel(traineeBefore + 1),
    );

    // The admin writes to the trainer, whose page (in Arabic) has not been touched.
    await notify(DEMO_ACCOUNTS.trainer.email, 'Room change', [
      '--title-ar',
      ROOM_CHANGE.title,
      '--text-ar',
      ROOM_CHANGE.text,
    ]);
    await expect.poll(() => trainer.notifications.unread()).toBe(trainerBefore + 1);
    await trainer.notifications.openPanel();
    await expect.poll(() => trainer.notifications.items.first().textContent()).toContain(ROOM_CHANGE.title);
    expect(await trainer.screen.direction()).toBe('rtl');
    await expectNoAxeViolations(trainer.page);

    // The trainee opens the panel and clicks the registration: it is marked seen, the count
    // drops and its link (the event) is followed.
    await trainee.home.open();
    await trainee.notifications.openPanel();
    await trainee.notifications.heading(traineeBefore + 1).waitFor();
    await expectNoAxeViolations(trainee.page);
    await trainee.notifications.open(/Event registration confirmed/);
    await expect.poll(() => trainee.screen.address()).toBe(paths.eventDetails(open.id));
    await expect.poll(() => trainee.notifications.unread()).toBe(traineeBefore);
    const [latest] = await notificationsOf(trainee);
    expect(latest).toMatchObject({ title: 'Event registration confirmed', seen: true });

    expect(trainee.problems).toEqual([]);
    expect(trainer.problems).toEqual([]);
  });

  it("refuses to mark another user's notification", async () => {
    const trainee = await signedIn(DEMO_ACCOUNTS.trainee, 'en');
    const trainer = await signedIn(DEMO_ACCOUNTS.trainer, 'en');
    await notify(DEMO_ACCOUNTS.trainer.email, 'For the trainer only');
    await expect.poll(async () => (await notificationsOf(trainer))[0]?.title).toBe('For the trainer only');
    const [theirs] = await notificationsOf(trainer);
    const answer = await suite.call(`/notification/mark-as-seen/${theirs?.id}/`, {
      method: 'PATCH',
      token: await accessToken(trainee.context),
    });
    expect(answer.status).toBe(404);
    expect((await notificationsOf(trainer))[0]).toMatchObject({ id: theirs?.id, seen: false });
  });

  it('lists the notifications in the side menu on a phone, in Arabic', async () => {
    const { page, sideMenu, signIn, notifications, problems } = await suite.open({
      language: 'ar',
      width: 'phone',
      path: paths.home(),
    });
    await sideMenu.open();
    await sideMenu.logIn();
    await signIn.as(DEMO_ACCOUNTS.trainee);
    await notifications.bell.waitFor();
    await notify(DEMO_ACCOUNTS.trainee.email, 'Side menu check', ['--title-ar', SIDE_MENU_CHECK]);
    await sideMenu.open();
    await expect.poll(() => sideMenu.notifications.first().textContent()).toContain(SIDE_MENU_CHECK);
    expect(await sideMenu.notificationsHeading.count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('reconnects after the server restarts and shows what was created while it was down', async () => {
    const trainee = await signedIn(DEMO_ACCOUNTS.trainee, 'en');
    // The bell may show no count before the list has loaded: start from what the server says.
    const before = (await notificationsOf(trainee)).filter((notification) => !notification.seen).length;
    await expect.poll(() => trainee.notifications.unread()).toBe(before);
    // Stopped, the admin command writes straight into the database.
    await suite.app.restart(async () => {
      await notify(DEMO_ACCOUNTS.trainee.email, 'Written while the server was down');
    });
    await expect.poll(() => trainee.notifications.unread(), { timeout: 30_000 }).toBe(before + 1);
    // Live again: a new notification arrives without a reload.
    await notify(DEMO_ACCOUNTS.trainee.email, 'After the restart');
    await expect.poll(() => trainee.notifications.unread()).toBe(before + 2);
    await trainee.notifications.openPanel();
    const items = trainee.notifications.items;
    await expect.poll(() => items.first().textContent()).toContain('After the restart');
    expect(await items.nth(1).textContent()).toContain('Written while the server was down');
  });
});
