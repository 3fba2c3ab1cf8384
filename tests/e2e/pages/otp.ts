import type { Locator } from 'playwright-core';
import { Dialog } from './dialog';

/** The step that asks for the code mailed to the user (sign-up and password reset). */
export class OtpDialog extends Dialog {
  get code(): Locator {
    return this.labelled('Verification code');
  }

  get confirmButton(): Locator {
    return this.button('Confirm');
  }

  enter(code: string): Promise<void> {
    return this.code.fill(code);
  }

  confirm(): Promise<void> {
    return this.confirmButton.click();
  }

  /** 'Send a new code': a new code replaces the one sent before. */
  resend(): Promise<void> {
    // The button is the marked part of its sentence: the translation decides its words.
    const sentence = this.t("Didn't get the code, or did it expire? <0>Send a new code</0>");
    const name = /<0>(.*)<\/0>/.exec(sentence)?.[1] ?? sentence;
    return this.root.getByRole('button', { name, exact: true }).click();
  }

  /** Back to the sign-in the step was opened from. */
  backToLogIn(): Promise<void> {
    return this.button('Back to Log In').click();
  }
}
