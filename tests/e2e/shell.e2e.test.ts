import type { CentreDetails } from '@contract/wire/cms';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { COOKIE } from '@/session/storage';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations } from './support/browser';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';
import { text } from './support/text';

const suite = productSuite();
let centre: CentreDetails;

beforeAll(async () => {
  centre = await suite.read<CentreDetails>('/cms/king-fahad-details/');
});

describe('home shell', () => {
  it('shows the footer from the server in English', async () => {
    const { screen, footer, problems } = await suite.open({ path: paths.home() });
    await expect.poll(() => footer.text()).toContain(centre.location);
    const shown = (await footer.text()) ?? '';
    expect(shown).toContain(centre.footer_header);
    expect(shown).toContain(centre.email);
    expect(shown).toContain(centre.phone_number);
    expect(shown).toContain(centre.copyright);
    for (const label of [
      'About us',
      'Contact us',
      'Trainer Login',
      'Request Course',
      'Report an Issue',
      'Privacy Policy',
      'Terms of Use',
    ]) {
      expect(shown).toContain(label);
    }
    expect(await footer.socialLinks()).toEqual([
      centre.facebook_url,
      centre.twitter_url,
      centre.linkedin_url,
    ]);
    expect(await footer.requestCourseLink.getAttribute('href')).toBe(paths.requestCourse());
    expect(await screen.direction()).toBe('ltr');
    expect(await screen.language()).toBe('en');
    expect(problems).toEqual([]);
  });

  it('switches to Arabic right-to-left and keeps it across a reload', async () => {
    const { page, t, screen, header, footer, problems } = await suite.open({ path: paths.home() });
    await header.switchLanguage();
    await expect.poll(() => screen.direction()).toBe('rtl');
    expect(await screen.language()).toBe('ar');
    await expect.poll(() => footer.text()).toContain(centre.location_ar);
    expect(await footer.text()).toContain(centre.copyright_ar);
    expect(await header.nav.textContent()).toContain(t('About us'));
    await page.reload();
    await expect.poll(() => screen.direction()).toBe('rtl');
    await expect.poll(() => footer.text()).toContain(centre.footer_header_ar);
    expect(await screen.storedLanguage()).toBe('ar');
    // Back to English.
    await header.switchLanguage();
    await expect.poll(() => screen.direction()).toBe('ltr');
    expect(problems).toEqual([]);
  });

  it('marks the current nav link active', async () => {
    const { header } = await suite.open({ path: paths.about() });
    expect(await header.currentNavLink.textContent()).toBe('About us');
    await header.navigateTo('Contact us');
    await expect.poll(() => header.currentNavLink.textContent()).toBe('Contact us');
  });

  it('opens the search results from the header search box, which collapses off home', async () => {
    const { screen, header } = await suite.open({ path: paths.home() });
    await header.search('data science');
    await expect.poll(() => screen.address()).toBe(paths.searchResults({ search: 'data science' }));
    await expect.poll(() => header.searchBox.count()).toBe(0);
    await header.openSearch();
    expect(await header.searchBox.inputValue()).toBe('');
  });

  it('shows a translated not-found page for unknown paths', async () => {
    const { page, screen } = await suite.open({ path: '/no-such-page' });
    await expect.poll(() => screen.title()).toBe('Page not found');
    await page.evaluate((key) => localStorage.setItem(key, 'ar'), LANGUAGE_STORAGE_KEY);
    await page.reload();
    await expect.poll(() => screen.title()).toBe(text('Page not found', 'ar'));
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor from a protected route to /', async () => {
    const { screen, goto } = await suite.open({ path: paths.profile() });
    await expect.poll(() => screen.pathname()).toBe(paths.home());
    await goto(paths.manageCourses());
    await expect.poll(() => screen.pathname()).toBe(paths.home());
  });

  it('asks a signed-out visitor who followed a mail’s link to sign in, then opens that page (ar, phone)', async () => {
    const { page, t, screen, signIn, problems } = await suite.open({
      language: 'ar',
      width: 'phone',
      path: `${paths.profile()}#notification-settings`,
    });
    await expect.poll(() => screen.pathname()).toBe(paths.home());
    await expect.poll(() => signIn.title()).toBe(t('Log In'));
    await signIn.submit(DEMO_ACCOUNTS.trainee);
    await expect.poll(() => screen.pathname()).toBe(paths.profile());
    expect(new URL(page.url()).hash).toBe('#notification-settings');
    await expect.poll(() => page.locator('#notification-settings').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('lets a signed-in trainee in, shows the learner menu, and signs out keeping the language', async () => {
    const { context, page, screen, header, goto, problems } = await suite.open();
    await signInWithTokens(suite.app, context, DEMO_ACCOUNTS.trainee);
    await goto(paths.profile());
    await expect.poll(() => screen.title()).toBe('Profile');
    // The profile page reads the details and the header shows the name from then on.
    await header.openAccountMenu(DEMO_ACCOUNTS.trainee.full_name);
    expect(await header.accountMenuEntries()).toEqual([
      'Profile',
      'Enrolled Courses',
      'Ongoing Courses',
      'Attendance History',
      'Course History',
      'Messages',
      'Log Out',
    ]);
    await page.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);
    await header.logOut();
    await expect.poll(() => screen.toast('Successfully signed out').count()).toBe(1);
    expect(screen.pathname()).toBe(paths.home());
    const cookies = (await context.cookies()).map((entry) => entry.name);
    expect(cookies).not.toContain(COOKIE.access);
    expect(cookies).not.toContain(COOKIE.role);
    expect(await screen.storedLanguage()).toBe('en');
    await goto(paths.profile());
    await expect.poll(() => screen.pathname()).toBe(paths.home());
    expect(problems).toEqual([]);
  });
});

describe('signed-in header from 1024 px', () => {
  for (const role of ['trainee', 'trainer'] as const) {
    for (const language of ['en', 'ar'] as const) {
      it(`holds on one row, each link on one line, at 1024 and 1280 px (${language}, ${role})`, async () => {
        const account = DEMO_ACCOUNTS[role];
        const { context, page, screen, header, goto } = await suite.open({ language });
        await signInWithTokens(suite.app, context, account);
        // The profile page reads the details: the header shows the name from then on.
        await goto(paths.profile());
        await expect.poll(() => screen.title()).toBe(text('Profile', language));
        for (const width of [1024, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          // Home opens the search field; elsewhere it is folded into a button.
          for (const [link, path] of [
            ['Home', paths.home()],
            ['About us', paths.about()],
          ] as const) {
            await header.navigateTo(link);
            await expect.poll(() => screen.pathname()).toBe(path);
            const { links, middles, overflows } = await header.layout();
            expect(links.map(({ label }) => label)).toEqual(
              ['Home', 'Courses', 'About us', 'Contact us'].map((label) => text(label, language)),
            );
            expect(
              links.filter(({ lines }) => lines !== 1),
              `${width} px, ${path}`,
            ).toEqual([]);
            expect(
              Math.max(...middles) - Math.min(...middles),
              `${width} px, ${path}: ${middles}`,
            ).toBeLessThan(3);
            expect(overflows, `${width} px, ${path}`).toBe(false);
          }
        }
      });
    }
  }
});

describe('phone', () => {
  it('opens the side menu with links, search, language and auth buttons, and closes it on navigation', async () => {
    const { screen, sideMenu, dialog } = await suite.open({ width: 'phone', path: paths.home() });
    await sideMenu.open();
    // The dialog element itself has no box: wait for its panel's content.
    await sideMenu.heading.waitFor();
    expect(await sideMenu.searchBox.count()).toBe(1);
    expect(await sideMenu.languageSelect.count()).toBe(1);
    expect(await sideMenu.logInButton.count()).toBe(1);
    expect(await sideMenu.signUpButton.count()).toBe(1);
    await sideMenu.chooseLanguage('ar');
    await expect.poll(() => screen.direction()).toBe('rtl');
    expect(await sideMenu.logInButton.count()).toBe(1);
    await sideMenu.navigateTo('About us');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(screen.pathname()).toBe(paths.about());
  });
});
