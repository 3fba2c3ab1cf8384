import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../server/rate-limits';
import { expectNoAxeViolations, openPage } from './support/browser';
import { LABELS } from './support/identity';
import { productSuite } from './support/suite';

// `npm start` runs on the product's thresholds: 10 sign-in attempts per address, then a lock.
const suite = productSuite();

async function visit(language: 'en' | 'ar', viewport: 'phone' | 'desktop') {
  const visit = await openPage(suite.browser, suite.app.url, viewport);
  await visit.page.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  await visit.page.goto('/');
  return visit;
}

const dialog = (page: Page) => page.getByRole('dialog');
const LOG_IN = { en: 'Log In', ar: 'تسجيل الدخول' } as const;

/** Sends the open login form and returns the server's answer to it. */
async function submitLogin(page: Page, password: string, language: 'en' | 'ar'): Promise<Response> {
  await dialog(page).getByLabel(LABELS[language].password, { exact: true }).fill(password);
  const answer = page.waitForResponse((response) => response.url().includes('/api/v1/user/login/'));
  await dialog(page).getByRole('button', { name: LOG_IN[language], exact: true }).click();
  return answer;
}

/** Minutes as the wait sentence counts them (rounded up). */
function minutesOf(response: Response): number {
  return Math.ceil(Number(response.headers()['retry-after']) / 60);
}

describe('too many sign-in attempts', () => {
  // Nobody uses this address: the limit counts it all the same, so no demo account gets locked.
  const email = `locked.out.${Date.now()}@example.com`;

  it('says in English how long to wait, and keeps what was typed', async () => {
    const { page, context, problems } = await visit('en', 'desktop');
    await page.getByRole('button', { name: LOG_IN.en }).click();
    await dialog(page).getByLabel(LABELS.en.email, { exact: true }).fill(email);

    let refused: Response | undefined;
    for (let attempt = 1; attempt <= RATE_LIMITS.signInAccount.max + 1 && !refused; attempt += 1) {
      const answer = await submitLogin(page, `Wrong#Pass${attempt}`, 'en');
      if (answer.status() === 429) {
        refused = answer;
      } else {
        expect(answer.status(), `attempt ${attempt}`).toBe(401);
        await expect
          .poll(() => dialog(page).getByRole('alert').textContent())
          .toBe('Invalid email or password');
      }
    }
    if (!refused) throw new Error('the sign-in was never refused');
    const minutes = minutesOf(refused);
    expect(minutes).toBe(RATE_LIMITS.signInAccount.lockSeconds / 60);
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent())
      .toBe(`Too many attempts. Try again in ${minutes} minutes.`);
    expect(await dialog(page).getByLabel(LABELS.en.email, { exact: true }).inputValue()).toBe(email);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says it in Arabic on a phone too, with the Arabic plural and digits, and keeps the e-mail', async () => {
    const { page, context, problems } = await visit('ar', 'phone');
    // On a phone, signing in starts from the side menu.
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.getByRole('dialog', { name: 'القائمة' }).getByRole('button', { name: LOG_IN.ar }).click();
    await dialog(page).getByLabel(LABELS.ar.email, { exact: true }).fill(email);
    const refused = await submitLogin(page, 'Wrong#Pass99', 'ar');
    expect(refused.status()).toBe(429);
    const minutes = minutesOf(refused);
    const number = await page.evaluate((value) => new Intl.NumberFormat('ar').format(value), minutes);
    // 11 to 99 take the singular noun in Arabic ("many" form): 15 دقيقة.
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent())
      .toBe(`محاولات كثيرة جدًا. حاول مرة أخرى بعد ${number} دقيقة.`);
    expect(await dialog(page).getByLabel(LABELS.ar.email, { exact: true }).inputValue()).toBe(email);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
