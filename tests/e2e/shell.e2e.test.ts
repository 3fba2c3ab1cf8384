import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CentreDetails } from '@/contract/cms';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, openPage } from './support/browser';
import { productSuite } from './support/suite';

const suite = productSuite();
let centre: CentreDetails;

beforeAll(async () => {
  centre = (await (await fetch(`${suite.app.url}/api/v1/cms/king-fahad-details/`)).json()) as CentreDetails;
});

const footer = (page: Page) => page.locator('footer');

describe('home shell', () => {
  it('shows the footer from the server in English', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/');
    await expect.poll(() => footer(page).textContent()).toContain(centre.location);
    const text = (await footer(page).textContent()) ?? '';
    expect(text).toContain(centre.footer_header);
    expect(text).toContain(centre.email);
    expect(text).toContain(centre.phone_number);
    expect(text).toContain(centre.copyright);
    for (const label of [
      'About us',
      'Contact us',
      'Trainer Login',
      'Request Course',
      'Report an Issue',
      'Privacy Policy',
      'Terms of Use',
    ]) {
      expect(text).toContain(label);
    }
    const social = await footer(page)
      .locator('a[target="_blank"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(social).toEqual([centre.facebook_url, centre.twitter_url, centre.linkedin_url]);
    expect(await page.locator('footer [data-menu-id="10005"] a').getAttribute('href')).toBe(
      '/#request-a-course',
    );
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches to Arabic right-to-left and keeps it across a reload', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await expect.poll(() => footer(page).textContent()).toContain(centre.location_ar);
    expect(await footer(page).textContent()).toContain(centre.copyright_ar);
    expect(await page.getByRole('navigation', { name: 'الرئيسية' }).first().textContent()).toContain(
      'من نحن',
    );
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => footer(page).textContent()).toContain(centre.footer_header_ar);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    // Back to English.
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marks the current nav link active', async () => {
    const { page, context } = await openPage(suite.browser, suite.app.url);
    await page.goto('/about-us');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('About us');
    await nav.getByRole('link', { name: 'Contact us' }).click();
    await expect.poll(() => nav.locator('[aria-current="page"]').textContent()).toBe('Contact us');
    await context.close();
  });

  it('opens the search results from the header search box, which collapses off home', async () => {
    const { page, context } = await openPage(suite.browser, suite.app.url);
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search courses' });
    await search.fill('data science');
    await search.press('Enter');
    await expect
      .poll(() => page.url())
      .toBe(`${suite.app.url}${paths.searchResults({ search: 'data science' })}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Search courses' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Search courses' }).click();
    expect(await page.getByRole('combobox', { name: 'Search courses' }).inputValue()).toBe('');
    await context.close();
  });

  it('shows a translated not-found page for unknown paths', async () => {
    const { page, context } = await openPage(suite.browser, suite.app.url);
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('الصفحة غير موجودة');
    await context.close();
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor from a protected route to /', async () => {
    const { page, context } = await openPage(suite.browser, suite.app.url);
    await page.goto('/profile');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto('/manage-courses');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('lets a signed-in trainee in, shows the learner menu, and signs out keeping the language', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    const { email, password } = DEMO_ACCOUNTS.trainee;
    const login = await (
      await fetch(`${suite.app.url}/api/v1/user/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password }),
      })
    ).json();
    await context.addCookies(
      [
        ['access-token', login.access_token],
        ['refresh-token', login.refresh_token],
        ['role', login.data.role],
      ].map(([name, value]) => ({ name: String(name), value: String(value), url: suite.app.url })),
    );
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Profile');
    await page.getByRole('button', { name: /My account/ }).click();
    const entries = await page.getByRole('menuitem').allTextContents();
    expect(entries).toEqual([
      'Profile',
      'Enrolled Courses',
      'Ongoing Courses',
      'Attendance History',
      'Course History',
      'Messages',
      'Log Out',
    ]);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect.poll(() => page.getByText('Successfully signed out').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    const cookies = (await context.cookies()).map((cookie) => cookie.name);
    expect(cookies).not.toContain('access-token');
    expect(cookies).not.toContain('role');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.goto('/profile');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('phone', () => {
  it('opens the side menu with links, search, language and auth buttons, and closes it on navigation', async () => {
    const { page, context } = await openPage(suite.browser, suite.app.url, 'phone');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // The dialog element itself has no box: wait for its panel's content.
    await menu.getByRole('heading', { name: 'Menu' }).waitFor();
    expect(await menu.getByRole('combobox', { name: 'Search courses' }).count()).toBe(1);
    expect(await menu.getByRole('combobox', { name: 'Language' }).count()).toBe(1);
    expect(await menu.getByRole('button', { name: 'Log In' }).count()).toBe(1);
    expect(await menu.getByRole('button', { name: 'Sign Up' }).count()).toBe(1);
    await menu.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    const arabicMenu = page.getByRole('dialog', { name: 'القائمة' });
    expect(await arabicMenu.getByRole('button', { name: 'تسجيل الدخول' }).count()).toBe(1);
    await arabicMenu.getByRole('link', { name: 'من نحن' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/about-us');
    await context.close();
  });
});

describe('accessibility', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`home has no axe violations (${language}, ${viewport})`, async () => {
        const { page, context } = await openPage(suite.browser, suite.app.url, viewport);
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect
          .poll(() => footer(page).textContent())
          .toContain(language === 'ar' ? centre.location_ar : centre.location);
        await expectNoAxeViolations(page);
        await context.close();
      });
    }
  }
});
