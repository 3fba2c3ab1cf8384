import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** The trainee's enrolled courses, and the withdraw modals. */
export class EnrolledCourses extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.enrolledCourses());
  }

  /** The row of a course, by its title as the page shows it. */
  row(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  async status(title: string): Promise<string | null> {
    return this.row(title).locator('span.rounded-full').textContent();
  }

  /** Withdraw (after the start) or Drop course (before it). */
  async startWithdrawal(title: string): Promise<void> {
    await this.row(title)
      .getByRole('button', { name: new RegExp(`^(${this.t('Withdraw')}|${this.t('Drop course')})$`) })
      .click();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async reason(text: string): Promise<void> {
    await this.dialog.getByLabel(this.t('Reason')).fill(text);
  }

  async send(): Promise<void> {
    await this.dialog.getByRole('button', { name: this.t('Send request') }).click();
  }

  /** The success modal's own Close button (the corner's × is named Close too). */
  async closeSuccess(): Promise<void> {
    await this.dialog
      .getByRole('button', { name: this.t('Close'), exact: true })
      .last()
      .click();
  }
}
