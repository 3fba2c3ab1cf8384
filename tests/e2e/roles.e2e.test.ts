import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, VIEWPORTS } from './support/browser';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();

const CASES = [
  {
    language: 'en',
    width: 'desktop',
    account: DEMO_ACCOUNTS.trainee,
    opens: paths.manageCourses(),
    heading: 'This page is for trainers',
    link: 'Go to my enrolled courses',
    home: paths.enrolledCourses(),
  },
  {
    language: 'ar',
    width: 'phone',
    account: DEMO_ACCOUNTS.trainer,
    opens: paths.enrolledCourses(),
    heading: 'This page is for trainees',
    link: 'Go to my courses',
    home: paths.manageCourses(),
  },
] as const;

describe('a screen of the other role', () => {
  for (const test of CASES) {
    it(`says whom ${test.opens} is for and leads home (${test.language}, ${test.width})`, async () => {
      // Signed in from the header at desktop width, then read at the width under test.
      const { page, t, screen, header, signIn, problems } = await suite.open({
        language: test.language,
        path: paths.home(),
      });
      await header.logIn();
      await signIn.as(test.account);
      await page.setViewportSize(VIEWPORTS[test.width]);

      await page.goto(test.opens);
      await expect.poll(() => screen.title()).toBe(t(test.heading));
      const link = screen.main.getByRole('link', { name: t(test.link) });
      expect(await link.getAttribute('href')).toBe(test.home);
      await expectNoAxeViolations(page);
      await link.click();
      await expect.poll(() => screen.pathname()).toBe(test.home);
      await expect.poll(() => page.getByTestId('wrong-role').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  }
});

describe('chat, for trainees and trainers only', () => {
  for (const [language, width] of [
    ['ar', 'desktop'],
    ['en', 'phone'],
  ] as const) {
    it(`tells the centre's staff that /messages is not theirs and leads to the approvals (${language}, ${width})`, async () => {
      const { page, context, t, screen, problems } = await suite.open({
        language,
        width,
        path: paths.home(),
      });
      await signInWithTokens(suite.app, context, DEMO_ACCOUNTS.staff);
      await page.goto(paths.messages());
      await expect.poll(() => screen.title()).toBe(t('This page is for trainees and trainers'));
      expect(await screen.mainText()).toContain(t('You are signed in with a staff account.'));
      const link = screen.main.getByRole('link', { name: t('Go to the approvals') });
      expect(await link.getAttribute('href')).toBe(paths.staffApprovals());
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }
});
