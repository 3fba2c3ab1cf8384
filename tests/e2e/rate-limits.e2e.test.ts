import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { RATE_LIMITS } from '../../server/rate-limits';
import { expectNoAxeViolations } from './support/browser';
import { productSuite } from './support/suite';

// `npm start` runs on the product's thresholds: 10 sign-in attempts per address, then a lock.
const suite = productSuite();

/** The sentence that asks to wait some minutes, as the catalogue holds it. */
const WAIT_MINUTES =
  '{count, plural, one {Too many attempts. Try again in # minute.} other {Too many attempts. Try again in # minutes.}}';

/** Minutes as the wait sentence counts them (rounded up). */
function minutesOf(response: Response): number {
  return Math.ceil(Number(response.headers()['retry-after']) / 60);
}

describe('too many sign-in attempts', () => {
  // Nobody uses this address: the limit counts it all the same, so no demo account gets locked.
  const email = `locked.out.${Date.now()}@example.com`;

  it('says in English how long to wait, and keeps what was typed', async () => {
    const { page, header, signIn, problems } = await suite.open({ language: 'en', path: paths.home() });
    await header.logIn();
    await signIn.email.fill(email);

    let refused: Response | undefined;
    for (let attempt = 1; attempt <= RATE_LIMITS.signInAccount.max + 1 && !refused; attempt += 1) {
      await signIn.password.fill(`Wrong#Pass${attempt}`);
      const answer = await signIn.send();
      if (answer.status() === 429) {
        refused = answer;
      } else {
        expect(answer.status(), `attempt ${attempt}`).toBe(401);
        await expect.poll(() => signIn.alert()).toBe('Invalid email or password');
      }
    }
    if (!refused) throw new Error('the sign-in was never refused');
    const minutes = minutesOf(refused);
    expect(minutes).toBe(RATE_LIMITS.signInAccount.lockSeconds / 60);
    await expect.poll(() => signIn.alert()).toBe(`Too many attempts. Try again in ${minutes} minutes.`);
    expect(await signIn.email.inputValue()).toBe(email);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('says it in Arabic on a phone too, with the Arabic plural and digits, and keeps the e-mail', async () => {
    const { page, t, screen, sideMenu, signIn, problems } = await suite.open({
      language: 'ar',
      width: 'phone',
      path: paths.home(),
    });
    // On a phone, signing in starts from the side menu.
    await sideMenu.open();
    await sideMenu.logIn();
    await signIn.email.fill(email);
    await signIn.password.fill('Wrong#Pass99');
    const refused = await signIn.send();
    expect(refused.status()).toBe(429);
    // The catalogue's Arabic plural: 11 to 99 minutes take the singular noun (the "many" form).
    await expect.poll(() => signIn.alert()).toBe(t(WAIT_MINUTES, { count: minutesOf(refused) }));
    expect(await signIn.email.inputValue()).toBe(email);
    expect(await screen.direction()).toBe('rtl');
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});
