import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { PageObject } from './page-object';

/** The open modal dialog (sign-in, sign-up, a reported issue …). */
export class Dialog extends PageObject {
  get root(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The dialog's heading. */
  title(): Promise<string | null> {
    return this.root.getByRole('heading').textContent();
  }

  text(): Promise<string | null> {
    return this.root.textContent();
  }

  /** The alert box of the dialog (a refusal from the server). */
  alert(): Promise<string | null> {
    return this.root.getByRole('alert').textContent();
  }

  /** How many dialogs are open (the side menu counts too). */
  count(): Promise<number> {
    return this.page.getByRole('dialog').count();
  }

  async waitUntilClosed(): Promise<void> {
    await expect.poll(() => this.count()).toBe(0);
  }

  get closeButton(): Locator {
    return this.root.getByRole('button', { name: this.t('Close') });
  }

  /** Closes the dialog with its first Close button (the corner one). */
  close(): Promise<void> {
    return this.closeButton.first().click();
  }

  protected button(message: string, options: { exact?: boolean } = {}): Locator {
    return this.root.getByRole('button', { name: this.t(message), ...options });
  }

  protected labelled(label: string): Locator {
    return this.root.getByLabel(this.t(label), { exact: true });
  }
}
