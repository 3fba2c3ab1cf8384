import type { Locator } from 'playwright-core';
import { numberText } from '../support/text';
import { Dialog } from './dialog';
import { PageObject } from './page-object';

/** The invite-friends dialog of the course page and the profile. */
export class InviteDialog extends Dialog {
  /** The course page's (or the profile card's) "Invite friends" button. */
  get openButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Invite friends') });
  }

  /** The n-th address field (1-based). */
  field(n: number): Locator {
    return this.root.getByLabel(this.t('E-mail address {0}', { 0: numberText(n, this.tab.language) }), {
      exact: true,
    });
  }

  /** Types the addresses, adding a field for each after the first. */
  async fill(addresses: readonly string[]): Promise<void> {
    for (const [index, address] of addresses.entries()) {
      if (index > 0 && (await this.field(index + 1).count()) === 0) {
        await this.button('Add another address').click();
      }
      await this.field(index + 1).fill(address);
    }
  }

  send(): Promise<void> {
    return this.button('Send', { exact: true }).click();
  }

  /** What the field says is wrong with it. */
  async errorOf(n: number): Promise<string | null> {
    const id = ((await this.field(n).getAttribute('aria-describedby')) ?? '').split(' ')[0] ?? '';
    return id ? this.page.locator(`[id="${id}"]`).textContent() : null;
  }

  /** The "… is not a valid e-mail address" sentence, in the tab's language. */
  invalid(address: string): string {
    return this.t('{0} is not a valid e-mail address', { 0: address });
  }
}

/** The invitation page (`/invitations/{token}`). */
export class InvitationPage extends PageObject {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get acceptButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Accept invitation') });
  }

  get signUpButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: this.t('Sign up'), exact: true });
  }

  get logInButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: this.t('Log In'), exact: true });
  }

  status(message: string): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(message) });
  }
}
