import type { Locator, Response } from 'playwright-core';
import type { Account } from '../support/identity';
import { Dialog } from './dialog';

/** The Log In and Trainer Login dialog. */
export class SignInDialog extends Dialog {
  get email(): Locator {
    return this.labelled('Email');
  }

  get password(): Locator {
    return this.labelled('Password');
  }

  /** The dialog's heading when it is the trainee's Log In. */
  get heading(): Locator {
    return this.root.getByRole('heading', { name: this.t('Log In') });
  }

  /** Signs in and waits for the dialog to close. */
  async as(account: Account): Promise<void> {
    await this.submit(account);
    await this.waitUntilClosed();
  }

  /** Types the account and sends it with Enter, as most people do; the answer may be a refusal. */
  async submit(account: Account): Promise<void> {
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.password.press('Enter');
  }

  /** Presses the Log In button and returns the server's answer to it. */
  async send(): Promise<Response> {
    const answer = this.page.waitForResponse((response) => response.url().includes('/api/v1/user/login/'));
    await this.button('Log In', { exact: true }).click();
    return answer;
  }

  logInAsTrainer(): Promise<void> {
    return this.button('Log In as Trainer').click();
  }

  forgotPassword(): Promise<void> {
    return this.button('Forgot password?').click();
  }

  continueWithKfuId(): Promise<void> {
    return this.button('Continue with KFU ID').click();
  }

  /** What the dialog says in its status line (the KFU ID notice). */
  notice(): Promise<string | null> {
    return this.root.getByRole('status').textContent();
  }

  /** In Trainer Login, after a trainee account's password: go on as a trainee. */
  get continueAsTraineeButton(): Locator {
    return this.button('Continue as a trainee');
  }

  continueAsTrainee(): Promise<void> {
    return this.continueAsTraineeButton.click();
  }

  /** Back to the form from the notice about the account's role. */
  back(): Promise<void> {
    return this.button('Back', { exact: true }).click();
  }

  /** After 'Please verify your email address first': the account's code step. */
  enterCode(): Promise<void> {
    return this.button('Enter the verification code').click();
  }

  /** From Log In: on to Sign Up. */
  signUp(): Promise<void> {
    return this.button('Sign Up').click();
  }

  /** From Trainer Login: apply to teach. */
  becomeTrainer(): Promise<void> {
    return this.button('Become a Trainer').click();
  }
}
