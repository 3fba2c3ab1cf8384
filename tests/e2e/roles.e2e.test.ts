import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, VIEWPORTS } from './support/browser';
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
