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
}
