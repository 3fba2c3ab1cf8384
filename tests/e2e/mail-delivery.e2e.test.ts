import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { startTestRelay, type TestRelay } from '../support/smtp-relay';
import { callApi, readApi } from './support/api';
import { expectNoAxeViolations, type Width } from './support/browser';
import { latestCode, newPerson } from './support/identity';
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
    const { code, html } = await codeMailedTo(person.email);
    // One mail in both languages: the Arabic part right-to-left, the code in it.
    expect(html).toContain('dir="rtl" lang="ar"');
    expect(html).toContain(code);
    await otp.enter(code);
    await otp.confirm();
    await expect.poll(() => signUp.text()).toContain(t('Your registration is successfully completed!'));
    expect(problems).toEqual([]);
  });
});

describe('a password reset asked for by phone', () => {
  it('sends the code to that phone by text; typed in Arabic-Indic digits, it resets the password (ar, phone)', async () => {
    const { t, screen, sideMenu, signIn, passwordReset, otp, problems, page } = await visitHome(
      'ar',
      'phone',
    );
    // A number of this test's own: the code goes to the account that has it.
    const mobile = `05${String(Date.now()).slice(-8)}`;
    const person = { ...newPerson('trainee'), phone_number: mobile };
    const form = new FormData();
    for (const [key, value] of Object.entries(person)) form.append(key, value);
    form.append('confirm_password', person.password);
    form.append('role', 'TRAINEE');
    expect(
      (await fetch(`${suite.app.url}/api/v1/user/registration/`, { method: 'POST', body: form })).ok,
    ).toBe(true);
    const signUpCode = await codeMailedTo(person.email);
    expect(
      (
        await callApi(suite.app.url, '/user/otp-verify/', {
          body: { email_or_phone: person.email, otp_code: signUpCode.code },
        })
      ).ok,
    ).toBe(true);

    await sideMenu.open();
    await sideMenu.logIn();
    await signIn.forgotPassword();
    const arabic = mobile.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await passwordReset.requestCode(arabic);
    await expect.poll(() => screen.toast('OTP sent successfully').count()).toBe(1);
    // The code went by text to the simulated provider, not by mail.
    const token = readFileSync(join(suite.app.env.DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
    let text = '';
    await expect
      .poll(async () => {
        const texts = await readApi<{ body: string; encoding: string }[]>(
          suite.app.url,
          `/dev/sms/?to=${encodeURIComponent(mobile)}`,
          { headers: { 'X-Admin-Token': token } },
        );
        text = texts[0]?.body ?? '';
        return texts[0]?.encoding ?? '';
      })
      .toBe('UCS-2');
    const code = /(?<!\d)\d{7}(?!\d)/.exec(text)?.[0] ?? '';
    expect(code).toBe(await latestCode(suite.app, mobile));
    expect(
      relay.received.filter((mail) => /\b\d{7}\b/.test(mail.text ?? '') && mail.text?.includes(code)),
    ).toHaveLength(0);

    await otp.enter(code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))));
    await otp.confirm();
    await expect.poll(() => passwordReset.title()).toBe(t('Reset password'));
    await expectNoAxeViolations(page);
    const fresh = 'Fresh!Start42';
    await passwordReset.choosePassword(fresh);
    await expect.poll(() => screen.toast('Password Reset successfully').count()).toBe(1);
    await signIn.submit({ email: person.email, password: fresh });
    await expect.poll(() => screen.toast('Successfully signed in').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
