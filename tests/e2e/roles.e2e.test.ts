import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as arabic } from '@/i18n/locales/ar/messages.po';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, openPage, type Visit } from './support/browser';
import { signInThroughDialog } from './support/identity';
import { productSuite } from './support/suite';

const suite = productSuite();
const open: Visit[] = [];
afterEach(async () => {
  for (const visit of open.splice(0)) await visit.context.close();
});

/** The text a user reads in the language: the Arabic catalogue's translation of the English source. */
function say(text: string, language: 'en' | 'ar'): string {
  if (language === 'en') return text;
  // A compiled message is a string, or a list of its parts when it was written with placeholders.
  const translated: unknown = arabic[generateMessageId(text)];
  const parts = Array.isArray(translated) ? translated : [translated];
  if (!parts.every((part) => typeof part === 'string')) throw new Error(`no plain Arabic for "${text}"`);
  return parts.join('');
}

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
      const visit = await openPage(suite.browser, suite.app.url, 'desktop');
      open.push(visit);
      const { page, problems } = visit;
      await page.addInitScript((lang) => localStorage.setItem('language', lang), test.language);
      await page.goto(paths.home());
      await page
        .getByRole('banner')
        .getByRole('button', { name: say('Log In', test.language), exact: true })
        .click();
      await signInThroughDialog(page, test.account, test.language);
      if (test.width === 'phone') await page.setViewportSize({ width: 390, height: 844 });

      await page.goto(test.opens);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(say(test.heading, test.language));
      const link = page.getByRole('link', { name: say(test.link, test.language) });
      expect(await link.getAttribute('href')).toBe(test.home);
      await expectNoAxeViolations(page);
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(test.home);
      await expect.poll(() => page.getByTestId('wrong-role').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  }
});
