import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

export type MethodName = 'Card' | 'Digital payment' | 'Cash';

/** The checkout of a course, and the payment provider's pages a card payment goes through. */
export class Checkout extends PageObject {
  async open(courseId: number): Promise<void> {
    await this.page.goto(paths.checkoutCourse(courseId));
  }

  /** The order summary: original price, VAT and total as the page writes them. */
  get summary(): Locator {
    return this.page.getByRole('complementary', { name: this.t('Order summary') });
  }

  async summaryAmounts(): Promise<string[]> {
    return this.summary.locator('dd').allTextContents();
  }

  chooseMethod(method: MethodName): Promise<void> {
    return this.page.getByRole('radio', { name: this.t(method) }).check();
  }

  acceptTerms(): Promise<void> {
    return this.page
      .getByRole('checkbox', { name: this.t('I accept the terms of use and the withdrawal policy') })
      .check();
  }

  walletPhone(value: string): Promise<void> {
    return this.page.getByLabel(this.t('Wallet phone number')).fill(value);
  }

  /** The Pay button (its name carries the total). */
  get payButton(): Locator {
    return this.page.locator('main form button[type="submit"]');
  }

  pay(): Promise<void> {
    return this.payButton.click();
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name: this.t(name) });
  }

  tryAgain(): Promise<void> {
    return this.page.getByRole('button', { name: this.t('Try Again') }).click();
  }

  async enterWalletCode(code: string): Promise<void> {
    await this.page.getByLabel(this.t('Wallet code')).fill(code);
    await this.page.getByRole('button', { name: this.t('Confirm payment') }).click();
  }

  /** The gateway's card page: fills it and pays. */
  async payByCard(number: string): Promise<void> {
    await this.page.waitForURL(/\/gateway\/pay\//);
    await this.page.locator('#name').fill('Noura Al-Harbi');
    await this.page.locator('#number').fill(number);
    await this.page.locator('#expiry').fill('12/30');
    await this.page.locator('#cvc').fill('123');
    await this.page.locator('form button[type="submit"]').click();
  }

  /** The gateway's 3-D Secure page: enters the code. */
  async passChallenge(code: string): Promise<void> {
    await this.page.waitForURL(/\/challenge/);
    await this.page.locator('#code').fill(code);
    await this.page.locator('form button[type="submit"]').click();
  }
}
