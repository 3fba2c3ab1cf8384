import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, openPage } from './support/browser';
import { approveTrainer, fillRegistration, LABELS, latestCode, newPerson } from './support/identity';
import { productSuite } from './support/suite';

const suite = productSuite();

async function visit(language: 'en' | 'ar', path = '/') {
  const visit = await openPage(suite.browser, suite.app.url);
  await visit.page.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  await visit.page.goto(path);
  return visit;
}

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });

async function logIn(
  page: Page,
  email: string,
  password: string,
  labels: { email: string; password: string } = LABELS.en,
) {
  await dialog(page).getByLabel(labels.email, { exact: true }).fill(email);
  await dialog(page).getByLabel(labels.password, { exact: true }).fill(password);
  await dialog(page).getByLabel(labels.password, { exact: true }).press('Enter');
}

describe('trainee sign-up', () => {
  it('registers, verifies the mailed code, lands on /profile, signs out and in again (English)', async () => {
    const { page, context, problems } = await visit('en');
    const person = newPerson('trainee');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await fillRegistration(page, person, LABELS.en);
    await dialog(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => toast(page, 'Successfully signed up').count()).toBe(1);
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Verify your e-mail');
    await expect.poll(() => dialog(page).textContent()).toContain(person.email);
    const confirm = dialog(page).getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    const code = await latestCode(suite.app, person.email);
    await dialog(page).getByLabel('Verification code').fill(code);
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await expect
      .poll(() => dialog(page).textContent())
      .toContain('Your registration is successfully completed!');
    await dialog(page).getByRole('button', { name: 'Go to my profile' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Profile');
    await expect.poll(() => page.locator('header').textContent()).toContain(person.full_name);

    await page.getByRole('button', { name: new RegExp(person.full_name) }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect.poll(() => toast(page, 'Successfully signed out').count()).toBe(1);

    await page.getByRole('button', { name: 'Log In' }).click();
    await logIn(page, person.email, person.password);
    await expect.poll(() => toast(page, 'Successfully signed in').count()).toBe(1);
    await expect.poll(() => page.locator('header').textContent()).toContain(person.full_name);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('registers in Arabic with Arabic messages and a wrong code first', async () => {
    const { page, context, problems } = await visit('ar');
    const person = newPerson('trainee');
    await page.getByRole('button', { name: 'إنشاء حساب' }).click();
    await fillRegistration(page, person, LABELS.ar);
    await dialog(page).getByRole('button', { name: 'إنشاء حساب' }).click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('تحقق من بريدك الإلكتروني');
    const code = await latestCode(suite.app, person.email);
    const wrong = code === '1111111' ? '2222222' : '1111111';
    await dialog(page).getByLabel('رمز التحقق').fill(wrong);
    await dialog(page).getByRole('button', { name: 'تأكيد' }).click();
    await expect.poll(() => toast(page, 'رمز التحقق غير صحيح').count()).toBe(1);
    expect(await dialog(page).getByLabel('رمز التحقق').inputValue()).toBe('');
    // Pasted codes keep only digits.
    await dialog(page)
      .getByLabel('رمز التحقق')
      .fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await dialog(page).getByLabel('رمز التحقق').inputValue()).toBe(code);
    await dialog(page).getByRole('button', { name: 'تأكيد' }).click();
    await expect.poll(() => dialog(page).textContent()).toContain('تم إكمال تسجيلك بنجاح!');
    await dialog(page).getByRole('button', { name: 'الانتقال إلى ملفي الشخصي' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the exact validation messages beside the fields, keeps the values and focuses the first', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { page, context } = await visit(language);
      await page.getByRole('button', { name: language === 'en' ? 'Sign Up' : 'إنشاء حساب' }).click();
      const labels = LABELS[language];
      await dialog(page).getByLabel(labels.email, { exact: true }).fill('not-an-email');
      await dialog(page).getByLabel(labels.phone_number, { exact: true }).fill('12a');
      await dialog(page).getByLabel(labels.govt_id_or_iqama_no, { exact: true }).fill('12345');
      await dialog(page).getByLabel(labels.password, { exact: true }).fill('Qwerty#12345');
      await dialog(page).getByLabel(labels.confirm, { exact: true }).fill('Other#12345');
      await dialog(page).getByLabel(labels.confirm, { exact: true }).press('Enter');
      await expect
        .poll(() => dialog(page).textContent())
        .toContain(language === 'en' ? 'Name is required' : 'الاسم مطلوب');
      const text = await dialog(page).textContent();
      const expected =
        language === 'en'
          ? [
              'Name is required',
              'Invalid email',
              'Phone number must contain only numbers',
              'govt id or iqama no must be at least 10 characters',
              'Password must not contain 1234321, asdf or qwert',
              'Passwords must match',
            ]
          : [
              'الاسم مطلوب',
              'البريد الإلكتروني غير صالح',
              'يجب أن يحتوي رقم الجوال على أرقام فقط',
              'يجب ألا يقل رقم الهوية الوطنية أو الإقامة عن 10 أرقام',
              'يجب ألا تحتوي كلمة المرور على 1234321 أو asdf أو qwert',
              'كلمتا المرور غير متطابقتين',
            ];
      for (const message of expected) expect(text).toContain(message);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('full_name');
      expect(await dialog(page).getByLabel(labels.email, { exact: true }).inputValue()).toBe('not-an-email');
      await dialog(page).getByLabel(labels.password, { exact: true }).fill('short');
      await dialog(page).getByLabel(labels.confirm, { exact: true }).press('Enter');
      await expect
        .poll(() => dialog(page).textContent())
        .toContain(
          language === 'en'
            ? 'Password must be at least 10 characters'
            : 'يجب ألا تقل كلمة المرور عن 10 أحرف',
        );
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});

describe('sign-in', () => {
  it('works by keyboard alone and reports a wrong password', async () => {
    const { page, context, problems } = await visit('en');
    await page.getByRole('button', { name: 'Log In' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('username');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).textContent()).toContain('Email is required');
    await expect.poll(() => dialog(page).textContent()).toContain('Password is required');
    await page.keyboard.type(DEMO_ACCOUNTS.trainee.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('abcd');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).textContent()).toContain('Password must be at least 5 characters');
    await page.keyboard.type('efgh');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Invalid email or password');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(DEMO_ACCOUNTS.trainee.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(page, 'Successfully signed in').count()).toBe(1);
    expect(await dialog(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says plainly that KFU ID is not available yet, and the modals pass axe in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { page, context } = await visit(language);
      await page.getByRole('button', { name: language === 'en' ? 'Log In' : 'تسجيل الدخول' }).click();
      await dialog(page)
        .getByRole('button', {
          name: language === 'en' ? 'Continue with KFU ID' : 'المتابعة بحساب جامعة الملك فيصل',
        })
        .click();
      await expect
        .poll(() => dialog(page).getByRole('status').textContent())
        .toContain(language === 'en' ? 'not available yet' : 'غير متاح بعد');
      await expectNoAxeViolations(page);
      await dialog(page)
        .getByRole('button', { name: language === 'en' ? 'Forgot password?' : 'نسيت كلمة المرور؟' })
        .click();
      await expect
        .poll(() => dialog(page).getByRole('heading').textContent())
        .toBe(language === 'en' ? 'Forgot password' : 'نسيت كلمة المرور');
      await dialog(page)
        .getByRole('button', { name: language === 'en' ? 'Send code' : 'إرسال الرمز' })
        .click();
      await expect
        .poll(() => dialog(page).textContent())
        .toContain(language === 'en' ? 'Email/phone is required' : 'البريد الإلكتروني أو رقم الجوال مطلوب');
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});

describe('attendance sign-in', () => {
  it('keeps the login open while a course id is stored, then goes to that attendance page', async () => {
    const { page, context, problems } = await visit('en');
    await page.evaluate(() => localStorage.setItem('course_id', '42'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await dialog(page).getByRole('heading', { name: 'Log In' }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await dialog(page).count()).toBe(1);
    await logIn(page, DEMO_ACCOUNTS.trainee.email, DEMO_ACCOUNTS.trainee.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/trainee/make-attendance/42');
    expect(await page.evaluate(() => localStorage.getItem('course_id'))).toBeNull();
    expect(await dialog(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

const RESET_TEXT = {
  en: {
    logIn: 'Log In',
    forgot: 'Forgot password?',
    emailOrPhone: 'Email or phone number',
    send: 'Send code',
    sent: 'OTP sent successfully',
    code: 'Verification code',
    confirm: 'Confirm',
    reset: 'Reset password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    rule: 'Password must meet be at least one (A-Z),(a-z),(0-9) and one special character (@, #, $, *, !, +)',
    done: 'Password Reset successfully',
    wrong: 'Invalid email or password',
    signedIn: 'Successfully signed in',
  },
  ar: {
    logIn: 'تسجيل الدخول',
    forgot: 'نسيت كلمة المرور؟',
    emailOrPhone: 'البريد الإلكتروني أو رقم الجوال',
    send: 'إرسال الرمز',
    sent: 'تم إرسال رمز التحقق بنجاح',
    code: 'رمز التحقق',
    confirm: 'تأكيد',
    reset: 'إعادة تعيين كلمة المرور',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'تأكيد كلمة المرور',
    rule: 'يجب أن تحتوي كلمة المرور على حرف كبير (A-Z) وحرف صغير (a-z) ورقم (0-9) ورمز خاص واحد على الأقل (@، #، $، *، !، +)',
    done: 'تمت إعادة تعيين كلمة المرور بنجاح',
    wrong: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    signedIn: 'تم تسجيل الدخول بنجاح',
  },
} as const;

/** A verified trainee account made through the API. */
async function verifiedTrainee() {
  const person = newPerson('trainee');
  const form = new FormData();
  for (const [key, value] of Object.entries(person)) form.append(key, value);
  form.append('confirm_password', person.password);
  form.append('role', 'TRAINEE');
  expect((await fetch(`${suite.app.url}/api/v1/user/registration/`, { method: 'POST', body: form })).ok).toBe(
    true,
  );
  const code = await latestCode(suite.app, person.email);
  const verified = await fetch(`${suite.app.url}/api/v1/user/otp-verify/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_or_phone: person.email, otp_code: code }),
  });
  expect(verified.ok).toBe(true);
  return { person, code };
}

describe('password reset', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`forgot → code → new password → sign in with it (${language})`, async () => {
      const text = RESET_TEXT[language];
      const { page, context, problems } = await visit(language);
      const { person, code: signUpCode } = await verifiedTrainee();

      await page.getByRole('button', { name: text.logIn }).click();
      await dialog(page).getByRole('button', { name: text.forgot }).click();
      await dialog(page).getByLabel(text.emailOrPhone).fill(person.email);
      await dialog(page).getByRole('button', { name: text.send }).click();
      await expect.poll(() => toast(page, text.sent).count()).toBe(1);
      await expect.poll(async () => (await latestCode(suite.app, person.email)) !== signUpCode).toBe(true);
      const code = await latestCode(suite.app, person.email);
      await dialog(page).getByLabel(text.code).fill(code);
      await dialog(page).getByRole('button', { name: text.confirm }).click();
      await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe(text.reset);
      await dialog(page).getByLabel(text.newPassword).fill('weakpassword');
      await dialog(page).getByLabel(text.confirmPassword).fill('weakpassword');
      await dialog(page).getByRole('button', { name: text.reset }).click();
      await expect.poll(() => dialog(page).textContent()).toContain(text.rule);
      await expectNoAxeViolations(page);
      const fresh = 'Fresh!Start42';
      await dialog(page).getByLabel(text.newPassword).fill(fresh);
      await dialog(page).getByLabel(text.confirmPassword).fill(fresh);
      await dialog(page).getByRole('button', { name: text.reset }).click();
      await expect.poll(() => toast(page, text.done).count()).toBe(1);
      await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe(text.logIn);
      await logIn(page, person.email, person.password, LABELS[language]);
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe(text.wrong);
      await logIn(page, person.email, fresh, LABELS[language]);
      await expect.poll(() => toast(page, text.signedIn).count()).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('trainer', () => {
  it('applies with a CV, is refused until the admin approves, then signs in to the trainer menu', async () => {
    const { page, context, problems } = await visit('en');
    const person = newPerson('trainer');
    await page.getByRole('button', { name: 'Trainer Login' }).click();
    await dialog(page).getByRole('button', { name: 'Become a Trainer' }).click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Become a Trainer');
    await fillRegistration(page, person, LABELS.en);
    await dialog(page).getByLabel('CV (optional)').setInputFiles('tests/fixtures/cv.pdf');
    await dialog(page).getByRole('button', { name: 'Apply as Trainer' }).click();
    const code = await latestCode(suite.app, person.email);
    await dialog(page).getByLabel('Verification code').fill(code);
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => dialog(page).textContent())
      .toContain(
        'Your registration for Trainer has been taken. Once admin approve you will notify and then able to login.',
      );
    await expectNoAxeViolations(page);
    await dialog(page).getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'Trainer Login' }).click();
    await logIn(page, person.email, person.password);
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent())
      .toBe('Your trainer account is waiting for admin approval');

    await approveTrainer(suite.app.env, person.email);
    await dialog(page).getByRole('button', { name: 'Log In as Trainer' }).click();
    await expect.poll(() => toast(page, 'Successfully signed in').count()).toBe(1);
    await page.getByRole('button', { name: new RegExp(person.full_name) }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([
      'Profile',
      'Manage Courses',
      'Course History',
      'Manage Schedule',
      'Manage Class Attendance',
      'Messages',
      'Log Out',
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
