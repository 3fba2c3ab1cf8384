import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, VIEWPORTS } from './support/browser';
import { approveTrainer, latestCode, newPerson, verifiedTrainee } from './support/identity';
import { productSuite } from './support/suite';

// As `npm start` runs the product: on the embedded database in its data folder.
const suite = productSuite({ embedded: true });

/** Home in a language a returning visitor chose before. */
function visitHome(language: Language) {
  return suite.open({ language, path: paths.home() });
}

describe('trainee sign-up', () => {
  it('registers, verifies the mailed code, lands on /profile, signs out and in again (English)', async () => {
    const { screen, header, signUp, otp, signIn, problems } = await visitHome('en');
    const person = newPerson('trainee');
    await header.signUp();
    await signUp.register(person);
    await expect.poll(() => screen.toast('Successfully signed up').count()).toBe(1);
    await expect.poll(() => otp.title()).toBe('Verify your e-mail');
    await expect.poll(() => otp.text()).toContain(person.email);
    expect(await otp.confirmButton.isDisabled()).toBe(true);
    const code = await latestCode(suite.app, person.email);
    await otp.enter(code);
    expect(await otp.confirmButton.isEnabled()).toBe(true);
    await otp.confirm();
    await expect.poll(() => signUp.text()).toContain('Your registration is successfully completed!');
    await signUp.goToProfile();
    await expect.poll(() => screen.pathname()).toBe(paths.profile());
    await expect.poll(() => screen.title()).toBe('Profile');
    await expect.poll(() => header.text()).toContain(person.full_name);

    await header.openAccountMenu(person.full_name);
    await header.logOut();
    await expect.poll(() => screen.toast('Successfully signed out').count()).toBe(1);

    await header.logIn();
    await signIn.submit(person);
    await expect.poll(() => screen.toast('Successfully signed in').count()).toBe(1);
    await expect.poll(() => header.text()).toContain(person.full_name);
    expect(problems).toEqual([]);
  });

  it('registers in Arabic with Arabic messages and a wrong code first', async () => {
    const { t, screen, header, signUp, otp, problems } = await visitHome('ar');
    const person = newPerson('trainee');
    await header.signUp();
    await signUp.register(person);
    await expect.poll(() => otp.title()).toBe(t('Verify your e-mail'));
    const code = await latestCode(suite.app, person.email);
    const wrong = code === '1111111' ? '2222222' : '1111111';
    await otp.enter(wrong);
    await otp.confirm();
    await expect.poll(() => screen.toast('Invalid OTP Code').count()).toBe(1);
    expect(await otp.code.inputValue()).toBe('');
    // Pasted codes keep only digits.
    await otp.enter(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await otp.code.inputValue()).toBe(code);
    await otp.confirm();
    await expect.poll(() => signUp.text()).toContain(t('Your registration is successfully completed!'));
    await signUp.goToProfile();
    await expect.poll(() => screen.pathname()).toBe(paths.profile());
    expect(await screen.direction()).toBe('rtl');
    expect(problems).toEqual([]);
  });

  it('takes an id, a phone and a code typed with Arabic-Indic digits, and says when a code is too long (ar, phone)', async () => {
    const { page, t, header, signUp, otp, problems } = await visitHome('ar');
    const arabic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const person = newPerson('trainee');
    await header.signUp();
    await page.setViewportSize(VIEWPORTS.phone);
    await signUp.register({
      ...person,
      phone_number: arabic(person.phone_number),
      govt_id_or_iqama_no: arabic(person.govt_id_or_iqama_no),
    });
    await expect.poll(() => otp.title()).toBe(t('Verify your e-mail'));
    const code = await latestCode(suite.app, person.email);

    // One digit too many is kept and said, and the code cannot be sent.
    await otp.enter(arabic(`${code}1`));
    expect(await otp.code.inputValue()).toBe(`${code}1`);
    await expect.poll(() => otp.text()).toContain(t('OTP have maximum 7 digit'));
    expect(await otp.confirmButton.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await otp.enter(arabic(code));
    expect(await otp.code.inputValue()).toBe(code);
    expect(await otp.text()).not.toContain(t('OTP have maximum 7 digit'));
    await otp.confirm();
    await expect.poll(() => signUp.text()).toContain(t('Your registration is successfully completed!'));
    expect(problems).toEqual([]);
  });

  it('shows the exact validation messages beside the fields, keeps the values and focuses the first', async () => {
    // In Arabic: the messages as the catalogue words them.
    const { page, t, screen, header, signUp } = await visitHome('ar');
    await header.signUp();
    await signUp.fill({
      email: 'not-an-email',
      phone_number: '12a',
      govt_id_or_iqama_no: '12345',
      password: 'Qwerty#12345',
      confirm: 'Other#12345',
    });
    await signUp.field('confirm').press('Enter');
    await expect.poll(() => signUp.text()).toContain(t('Name is required'));
    const shown = await signUp.text();
    for (const message of [
      'Name is required',
      'Invalid email',
      'Phone number must contain only numbers',
      'govt id or iqama no must be at least 10 characters',
      'Password must not contain 1234321, asdf or qwert',
      'Passwords must match',
    ]) {
      expect(shown).toContain(t(message));
    }
    await expect.poll(() => screen.focusedField()).toBe('full_name');
    expect(await signUp.field('email').inputValue()).toBe('not-an-email');
    await signUp.fill({ password: 'short' });
    await signUp.field('confirm').press('Enter');
    await expect.poll(() => signUp.text()).toContain(t('Password must be at least 10 characters'));
    await expectNoAxeViolations(page);

    // An id number another account uses is said at its field, the form kept, the field focused.
    const person = newPerson('trainee');
    const taken = DEMO_ACCOUNTS.trainee.govt_id_or_iqama_no;
    await signUp.register({ ...person, govt_id_or_iqama_no: taken });
    await expect
      .poll(() => signUp.message('govt_id_or_iqama_no'))
      .toBe(t('A user with this govt id or iqama no already exists'));
    expect(await signUp.root.getByRole('alert').count()).toBe(0);
    await expect.poll(() => screen.focusedField()).toBe('govt_id_or_iqama_no');
    expect(await signUp.field('email').inputValue()).toBe(person.email);
  });
});

describe('sign-in', () => {
  it('works by keyboard alone and reports a wrong password', async () => {
    const { page, screen, header, signIn, problems } = await visitHome('en');
    await header.logInButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => screen.focusedField()).toBe('username');
    await page.keyboard.press('Enter');
    await expect.poll(() => signIn.text()).toContain('Email is required');
    await expect.poll(() => signIn.text()).toContain('Password is required');
    await page.keyboard.type(DEMO_ACCOUNTS.trainee.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('abcd');
    await page.keyboard.press('Enter');
    await expect.poll(() => signIn.text()).toContain('Password must be at least 5 characters');
    await page.keyboard.type('efgh');
    await page.keyboard.press('Enter');
    await expect.poll(() => signIn.alert()).toBe('Invalid email or password');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(DEMO_ACCOUNTS.trainee.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => screen.toast('Successfully signed in').count()).toBe(1);
    expect(await signIn.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('says plainly that KFU ID is not available yet, and the modals pass axe in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { page, t, header, signIn, passwordReset } = await visitHome(language);
      await header.logIn();
      await signIn.continueWithKfuId();
      await expect
        .poll(() => signIn.notice())
        .toContain(t('Signing in with KFU ID is not available yet. Please use your e-mail and password.'));
      await expectNoAxeViolations(page);
      await signIn.forgotPassword();
      await expect.poll(() => passwordReset.title()).toBe(t('Forgot password'));
      await passwordReset.sendCode();
      await expect.poll(() => passwordReset.text()).toContain(t('Email/phone is required'));
      await expectNoAxeViolations(page);
    }
  });
});

describe('attendance sign-in', () => {
  it('keeps the login open while a course id is stored, then goes to that attendance page', async () => {
    const { page, screen, header, signIn, problems } = await visitHome('en');
    await page.evaluate(() => localStorage.setItem('course_id', '42'));
    await header.logIn();
    await signIn.heading.waitFor();
    expect(await signIn.closeButton.count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await signIn.count()).toBe(1);
    await signIn.submit(DEMO_ACCOUNTS.trainee);
    await expect.poll(() => screen.pathname()).toBe(paths.makeAttendance(42));
    expect(await page.evaluate(() => localStorage.getItem('course_id'))).toBeNull();
    expect(await signIn.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('password reset', () => {
  it('forgot → code → new password → sign in with it (en)', async () => {
    const { t, screen, header, signIn, passwordReset, otp, problems, page } = await visitHome('en');
    const { person, code: signUpCode } = await verifiedTrainee(suite.app);

    await header.logIn();
    await signIn.forgotPassword();
    await passwordReset.requestCode(person.email);
    await expect.poll(() => screen.toast('OTP sent successfully').count()).toBe(1);
    await expect.poll(async () => (await latestCode(suite.app, person.email)) !== signUpCode).toBe(true);
    await otp.enter(await latestCode(suite.app, person.email));
    await otp.confirm();
    await expect.poll(() => passwordReset.title()).toBe(t('Reset password'));
    await passwordReset.choosePassword('weakpassword');
    await expect
      .poll(() => passwordReset.text())
      .toContain(
        t(
          'Password must meet be at least one (A-Z),(a-z),(0-9) and one special character (@, #, $, *, !, +)',
        ),
      );
    await expectNoAxeViolations(page);
    const fresh = 'Fresh!Start42';
    await passwordReset.choosePassword(fresh);
    await expect.poll(() => screen.toast('Password Reset successfully').count()).toBe(1);
    await expect.poll(() => signIn.title()).toBe(t('Log In'));
    await signIn.submit(person);
    await expect.poll(() => signIn.alert()).toBe(t('Invalid email or password'));
    await signIn.submit({ email: person.email, password: fresh });
    await expect.poll(() => screen.toast('Successfully signed in').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe('an account that waits for its code', () => {
  const CODE_SENT = 'A code was sent to this email a moment ago. Check your inbox, or try again in a minute';

  it('a trainer who closed the code step finds it again by applying or signing in, and a new code verifies', async () => {
    const { screen, footer, signIn, signUp, otp, problems } = await visitHome('en');
    const person = newPerson('trainer');
    await footer.trainerLogIn();
    await signIn.becomeTrainer();
    await signUp.fillIn(person);
    await signUp.applyAsTrainer();
    await expect.poll(() => otp.title()).toBe('Verify your e-mail');
    const first = await latestCode(suite.app, person.email);
    await otp.close();
    await otp.waitUntilClosed();

    // Applying again at once: told at the e-mail field that a code is on its way, and led to it.
    await footer.trainerLogIn();
    await signIn.becomeTrainer();
    await signUp.fillIn(person);
    await signUp.applyAsTrainer();
    await expect.poll(() => signUp.message('email')).toBe(CODE_SENT);
    await signUp.enterSentCode();
    await expect.poll(() => otp.text()).toContain(person.email);
    await otp.close();
    await otp.waitUntilClosed();

    // Signing in: told to verify first, and led to the code step, where a new code replaces the first.
    await footer.trainerLogIn();
    await signIn.submit(person);
    await expect.poll(() => signIn.alert()).toBe('Please verify your email address first');
    await signIn.enterCode();
    await expect.poll(() => otp.text()).toContain(person.email);
    await otp.resend();
    await expect.poll(() => screen.toast('OTP sent successfully').count()).toBe(1);
    await expect.poll(() => latestCode(suite.app, person.email)).not.toBe(first);
    await otp.enter(await latestCode(suite.app, person.email));
    await otp.confirm();
    await expect
      .poll(() => signUp.text())
      .toContain(
        'Your registration for Trainer has been taken. Once admin approve you will notify and then able to login.',
      );
    expect(problems).toEqual([]);
  });

  it('a trainee signing in on a phone in Arabic goes to the code step and back, and is signed in by a new code', async () => {
    const { t, screen, sideMenu, signIn, signUp, otp, problems, page } = await suite.open({
      language: 'ar',
      width: 'phone',
      path: paths.home(),
    });
    const person = newPerson('trainee');
    await sideMenu.open();
    await sideMenu.signUpButton.click();
    await signUp.register(person);
    await expect.poll(() => otp.title()).toBe(t('Verify your e-mail'));
    const first = await latestCode(suite.app, person.email);
    await otp.close();
    await otp.waitUntilClosed();

    await sideMenu.open();
    await sideMenu.logIn();
    await signIn.submit(person);
    await expect.poll(() => signIn.alert()).toBe(t('Please verify your email address first'));
    await expectNoAxeViolations(page);
    await signIn.enterCode();
    await expect.poll(() => otp.text()).toContain(person.email);
    await otp.backToLogIn();
    await expect.poll(() => signIn.heading.count()).toBe(1);
    await signIn.submit(person);
    await signIn.enterCode();
    await otp.resend();
    await expect.poll(() => screen.toast('OTP sent successfully').count()).toBe(1);
    await expectNoAxeViolations(page);
    await expect.poll(() => latestCode(suite.app, person.email)).not.toBe(first);
    await otp.enter(await latestCode(suite.app, person.email));
    await otp.confirm();
    await expect.poll(() => signUp.text()).toContain(t('Your registration is successfully completed!'));
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});

describe('trainer', () => {
  it('applies with a CV, is refused until the admin approves, then signs in to the trainer menu', async () => {
    const { screen, header, footer, signIn, signUp, otp, problems, page } = await visitHome('en');
    const person = newPerson('trainer');
    await footer.trainerLogIn();
    await signIn.becomeTrainer();
    await expect.poll(() => signUp.title()).toBe('Become a Trainer');
    await signUp.fillIn(person);
    await signUp.attachCv('tests/fixtures/cv.pdf');
    await signUp.applyAsTrainer();
    await otp.enter(await latestCode(suite.app, person.email));
    await otp.confirm();
    await expect
      .poll(() => signUp.text())
      .toContain(
        'Your registration for Trainer has been taken. Once admin approve you will notify and then able to login.',
      );
    await expectNoAxeViolations(page);
    await signUp.close();

    await footer.trainerLogIn();
    await signIn.submit(person);
    await expect.poll(() => signIn.alert()).toBe('Your trainer account is waiting for admin approval');

    await approveTrainer(suite.app.env, person.email);
    await signIn.logInAsTrainer();
    await expect.poll(() => screen.toast('Successfully signed in').count()).toBe(1);
    await header.openAccountMenu(person.full_name);
    expect(await header.accountMenuEntries()).toEqual([
      'Profile',
      'Manage Courses',
      'Course History',
      'Manage Schedule',
      'Manage Class Attendance',
      'Messages',
      'Log Out',
    ]);
    expect(problems).toEqual([]);
  });
});
