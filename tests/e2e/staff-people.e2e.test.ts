import { toArabicIndicDigits } from '@contract/domain/digits';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const STAFF = DEMO_ACCOUNTS.staff;
const TRAINEE = DEMO_ACCOUNTS.trainee;

describe("the staff's people", () => {
  it('finds the demo trainee by her phone typed in Arabic-Indic digits and opens her page (ar, phone)', async () => {
    const visit = await suite.open({ language: 'ar', width: 'phone', path: paths.home() });
    const { page, t, screen, problems } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    await page.goto(paths.staffPeople());
    await expect.poll(() => screen.title()).toBe(t('People'));
    await screen.main
      .getByRole('searchbox', { name: t('Name, e-mail, phone or id number') })
      .fill(toArabicIndicDigits(TRAINEE.phone_number));
    await screen.main.getByRole('button', { name: t('Search'), exact: true }).click();
    const found = screen.main.getByRole('link', { name: new RegExp(TRAINEE.full_name) });
    await expect.poll(() => found.count()).toBe(1);
    expect(await screen.main.getByRole('listitem').count()).toBe(1);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await found.click();
    await expect.poll(() => screen.title()).toBe(TRAINEE.full_name);
    await expect.poll(() => screen.main.textContent()).toContain(TRAINEE.email);
    await expect.poll(() => screen.main.getByRole('heading', { name: t('Recent sign-ins') }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    // Back keeps the search.
    await page.goBack();
    await expect.poll(() => found.count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('disabling an account signs its owner out at their next call, and their sign-in says it is disabled (en, desktop)', async () => {
    const { person } = await verifiedTrainee(suite.app);
    const owner = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    await signInWithTokens(suite.app, owner.context, person);
    await owner.page.goto(paths.profile());
    await expect.poll(() => owner.screen.title()).toBe('Profile');
    await expect.poll(() => owner.header.logInButton.count()).toBe(0);

    const visit = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    const { page, screen, problems } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    await page.goto(paths.staffPeople({ q: person.email }));
    await screen.main.getByRole('link', { name: new RegExp(person.full_name) }).click();
    await expect.poll(() => screen.title()).toBe(person.full_name);
    // The owner's sign-in is listed.
    await expect.poll(() => screen.main.getByRole('time').count()).toBeGreaterThan(0);

    await screen.main.getByRole('button', { name: 'Disable the account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect.poll(() => dialog.textContent()).toContain('Give the reason, at most 500 characters');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('reason');
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Reason (kept in the audit log)' }).fill('Shared the account');
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect
      .poll(() => screen.toast('The account is disabled and signed out everywhere').count())
      .toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => screen.main.textContent()).toContain('Shared the account');
    await expect.poll(() => screen.main.getByRole('button', { name: 'Enable the account' }).count()).toBe(1);

    // The owner's next page load ends signed out, and signing in again says why.
    await owner.page.goto(paths.profile());
    await expect.poll(() => owner.header.logInButton.count(), { timeout: 15_000 }).toBe(1);
    // Signed out on a protected page, the app may open the sign-in itself: start from a public one.
    await owner.page.goto(paths.home());
    await owner.header.logIn();
    await owner.signIn.submit(person);
    await expect
      .poll(() => owner.page.getByRole('dialog').getByRole('alert').textContent())
      .toBe('This account is disabled. Contact the training centre');

    // Enabling lets them in again.
    await screen.main.getByRole('button', { name: 'Enable the account' }).click();
    await dialog.getByRole('button', { name: 'Enable', exact: true }).click();
    await expect.poll(() => screen.toast('The account is enabled again').count()).toBe(1);
    const login = await suite.call('/user/login/', {
      body: { username: person.email, password: person.password },
    });
    expect(login.status).toBe(200);
    expect(problems).toEqual([]);
  });
});
