import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paged } from '@contract/wire/common';
import type { CourseCard } from '@contract/wire/courses';
import type { Invitation } from '@contract/wire/invitations';
import type { Notification } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { NOTIFICATIONS } from '../../server/notifications/notifier';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { readApi } from './support/api';
import { expectNoAxeViolations } from './support/browser';
import { latestCode, newPerson, verifiedTrainee } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

interface Mail {
  to_address: string;
  subject: string;
  body: string;
}

/** The invitation links mailed to `email` (newest first), read from the development outbox. */
async function linksMailedTo(email: string): Promise<string[]> {
  const token = readFileSync(join(suite.app.env.DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  const mails = await readApi<Mail[]>(suite.app.url, `/dev/outbox/?to=${encodeURIComponent(email)}`, {
    headers: { 'X-Admin-Token': token },
  });
  return mails
    .flatMap((mail) =>
      [...mail.body.matchAll(/https?:\/\/\S+\/invitations\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1] ?? ''),
    )
    .filter(Boolean);
}

async function cloudCourseId(): Promise<number> {
  const page = await suite.read<Paged<CourseCard>>(
    `/course/search-result/?search=${encodeURIComponent(LEARNING_COURSES.cloud.title)}`,
  );
  const course = page.results.find((card) => card.title === LEARNING_COURSES.cloud.title);
  if (!course) throw new Error('The seed has the cloud course');
  return course.id;
}

let run = 0;

describe('invitations', () => {
  it(`a trainee invites five people from a course page; a newcomer signs up and an existing trainee accepts ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    run += 1;
    const courseId = await cloudCourseId();
    const existing = await verifiedTrainee(suite.app);
    const newcomer = newPerson('trainee');
    const others = [1, 2, 3].map((n) => `friend${n}.${run}.${Date.now()}@example.org`);
    const addresses = [newcomer.email, existing.person.email, ...others];

    // The demo trainee opens the course page and the dialog.
    const inviter = await suite.open({ language, width });
    await signInWithTokens(suite.app, inviter.context, DEMO_ACCOUNTS.trainee);
    await inviter.goto(paths.courseDetails(courseId));
    await inviter.invite.openButton.click();
    const typed = [...addresses];
    typed[3] = `friend.${run}@example`;
    await inviter.invite.fill(typed);
    await inviter.invite.send();
    await expect.poll(() => inviter.invite.errorOf(4)).toBe(inviter.invite.invalid(typed[3] ?? ''));
    expect(await inviter.invite.field(4).getAttribute('aria-invalid')).toBe('true');
    for (const [index, value] of typed.entries()) {
      expect(await inviter.invite.field(index + 1).inputValue()).toBe(value);
    }
    await expectNoAxeViolations(inviter.page);
    await inviter.invite.field(4).fill(addresses[3] ?? '');
    await inviter.invite.send();
    await inviter.invite.waitUntilClosed();
    await expect.poll(() => inviter.screen.toast('Invitations sent').count()).toBe(1);

    // Five mails, each with its link.
    const links = new Map<string, string>();
    for (const address of addresses) {
      const [token] = await linksMailedTo(address);
      expect(token, address).toBeTruthy();
      links.set(address, token ?? '');
    }

    // A newcomer opens the link signed out and signs up with the invited address.
    const guest = await suite.open({
      language,
      width,
      path: paths.invitation(links.get(newcomer.email) ?? ''),
    });
    await expect.poll(() => guest.invitation.signUpButton.count()).toBe(1);
    await expectNoAxeViolations(guest.page);
    await guest.invitation.signUpButton.click();
    await expect.poll(() => guest.signUp.field('email').inputValue()).toBe(newcomer.email);
    await guest.signUp.fill({
      full_name: newcomer.full_name,
      phone_number: newcomer.phone_number,
      govt_id_or_iqama_no: newcomer.govt_id_or_iqama_no,
      password: newcomer.password,
      confirm: newcomer.password,
    });
    await guest.signUp.submit();
    await guest.otp.enter(await latestCode(suite.app, newcomer.email));
    await guest.otp.confirm();
    await expect.poll(() => guest.screen.pathname()).toBe(paths.courseDetails(courseId).split('?')[0]);
    const accepted = await suite.read<Invitation>(`/invitations/${links.get(newcomer.email)}/`);
    expect(accepted.state).toBe('accepted');

    // An existing trainee finds the invitation among the notifications and accepts it.
    const friend = await suite.open({ language, width });
    await signInWithTokens(suite.app, friend.context, existing.person);
    await friend.goto(paths.home());
    await friend.notifications.bell.waitFor();
    await friend.notifications.openPanel();
    const invited = NOTIFICATIONS.invited('', null, '');
    await friend.notifications.open(new RegExp(invited.title));
    await expect
      .poll(() => friend.screen.pathname())
      .toBe(paths.invitation(links.get(existing.person.email) ?? ''));
    await friend.invitation.acceptButton.click();
    await expect.poll(() => friend.screen.pathname()).toBe(paths.courseDetails(courseId).split('?')[0]);

    // The inviter is told of both.
    const told = await suite.read<Notification[]>('/notification/', {
      token: await accessToken(inviter.context),
    });
    const course = LEARNING_COURSES.cloud.title;
    expect(told.map((item) => item.text)).toEqual(
      expect.arrayContaining([
        `${newcomer.full_name} accepted your invitation to ${course}.`,
        `${existing.person.full_name} accepted your invitation to ${course}.`,
      ]),
    );

    // The link used again says it was accepted, and leads to the course.
    await guest.goto(paths.invitation(links.get(newcomer.email) ?? ''));
    await expect
      .poll(() => guest.invitation.status('This invitation has already been accepted').count())
      .toBe(1);
    await expectNoAxeViolations(guest.page);
    expect([...inviter.problems, ...guest.problems, ...friend.problems]).toEqual([]);
  });

  it(`the profile lists the invitations sent with their states and opens the same dialog ${named(AR_DESKTOP)}`, async () => {
    const visit = await suite.open(AR_DESKTOP);
    await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainee);
    await visit.goto(paths.profile());
    const card = visit.page.getByRole('region', { name: visit.t('Invite friends') });
    for (const state of ['Accepted', 'Not accepted yet', 'Expired']) {
      await expect.poll(() => card.getByText(visit.t(state), { exact: true }).count()).toBeGreaterThan(0);
    }
    await card.getByRole('button', { name: visit.t('Invite friends') }).click();
    await visit.invite.send();
    await expect.poll(() => visit.invite.alert()).toBe(visit.t('Enter at least one e-mail address'));
    await expectNoAxeViolations(visit.page);
    expect(visit.problems).toEqual([]);
  });

  it(`a visitor who presses Invite friends signs in and the dialog opens by itself ${named(AR_PHONE)}`, async () => {
    const courseId = await cloudCourseId();
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open({ ...AR_PHONE, path: paths.courseDetails(courseId) });
    await visit.invite.openButton.click();
    await visit.signIn.as(person);
    await visit.invite.field(1).waitFor();
    await expect.poll(() => visit.screen.pathname()).toBe(paths.courseDetails(courseId));
    await expectNoAxeViolations(visit.page);

    // Closing the sign-in without signing in forgets the wish: a later sign-in opens nothing.
    const other = await suite.open({ ...AR_PHONE, path: paths.courseDetails(courseId) });
    await other.invite.openButton.click();
    await other.signIn.email.waitFor();
    await other.page.keyboard.press('Escape');
    await other.signIn.email.waitFor({ state: 'detached' });
    await other.sideMenu.open();
    await other.sideMenu.logIn();
    await other.signIn.as(person);
    await other.page.waitForTimeout(500);
    expect(await other.invite.field(1).count()).toBe(0);
    expect([...visit.problems, ...other.problems]).toEqual([]);
  });

  it(`an unknown link says so and what to do next ${named(EN_PHONE)}`, async () => {
    const visit = await suite.open({ ...EN_PHONE, path: paths.invitation('A'.repeat(43)) });
    await expect
      .poll(() => visit.invitation.heading.textContent())
      .toBe(visit.t('This invitation link is not valid'));
    await expectNoAxeViolations(visit.page);
  });
});
