import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { startTestRelay, type TestRelay } from '../support/smtp-relay';
import { expectNoAxeViolations, type Width } from './support/browser';
import { newPerson } from './support/identity';
import { productSuite } from './support/suite';

// The product mails through a real SMTP server (npm's smtp-server), as it would through the
// centre's relay: the code is read from the mail that arrived, not from the outbox.
let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => {
  await relay?.stop();
});
const suite = productSuite({
  env: () => ({ SMTP_URL: relay.url, MAIL_FROM: 'KFU Training <no-reply@training.example.edu.sa>' }),
});

/** The code of the newest mail that reached the relay for `email`. */
async function codeMailedTo(email: string): Promise<{ code: string; html: string }> {
  let found: { code: string; html: string } | undefined;
  await expect
    .poll(
      () => {
        const mail = [...relay.received]
          .reverse()
          .find((m) => (m.to && 'text' in m.to ? m.to.text : '') === email);
        const code = /(?<!\d)\d{7}(?!\d)/.exec(mail?.text ?? '')?.[0];
        found = code ? { code, html: typeof mail?.html === 'string' ? mail.html : '' } : undefined;
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as { code: string; html: string };
}

function visitHome(language: Language, width: Width) {
  return suite.open({ language, width, path: paths.home() });
}

describe('a sign-up code that arrives by mail', () => {
  it('signs a trainee up with the code from the mail (en, desktop)', async () => {
    const { screen, header, signUp, otp, problems } = await visitHome('en', 'desktop');
    const person = newPerson('trainee');
    await header.signUp();
    await signUp.register(person);
    await expect.poll(() => otp.title()).toBe('Verify your e-mail');
    const { code } = await codeMailedTo(person.email);
    await otp.enter(code);
    await otp.confirm();
    await expect.poll(() => signUp.text()).toContain('Your registration is successfully completed!');
    await signUp.goToProfile();
    await expect.poll(() => screen.pathname()).toBe(paths.profile());
    expect(problems).toEqual([]);
  });

  it('signs a trainee up in Arabic on a phone with the code from the mail', async () => {
    const { page, t, sideMenu, signUp, otp, problems } = await visitHome('ar', 'phone');
    const person = newPerson('trainee');
    await sideMenu.open();
    await sideMenu.signUpButton.click();
    await signUp.register(person);
    await expect.poll(() => otp.title()).toBe(t('Verify your e-mail'));
    await expectNoAxeViolations(page);
    const { code } = await codeMailedTo(person.email);
    await otp.enter(code);
    await otp.confirm();
    await expect.poll(() => signUp.text()).toContain(t('Your registration is successfully completed!'));
    expect(problems).toEqual([]);
  });
});
