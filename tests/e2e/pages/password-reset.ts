import { Dialog } from './dialog';

/** Forgot password: ask for a code, then choose a new password (the code step is the OTP dialog). */
export class PasswordResetDialog extends Dialog {
  async requestCode(emailOrPhone: string): Promise<void> {
    await this.labelled('Email or phone number').fill(emailOrPhone);
    await this.sendCode();
  }

  sendCode(): Promise<void> {
    return this.button('Send code').click();
  }

  async choosePassword(password: string): Promise<void> {
    await this.labelled('New password').fill(password);
    await this.labelled('Confirm password').fill(password);
    await this.button('Reset password').click();
  }
}
