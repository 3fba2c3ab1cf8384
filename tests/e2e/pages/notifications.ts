import type { Locator } from 'playwright-core';
import { numberOf, numberText, startingWith } from '../support/text';
import { PageObject } from './page-object';

/** The header's bell of a signed-in user and the panel it opens. */
export class Notifications extends PageObject {
  get bell(): Locator {
    return this.page
      .getByRole('banner')
      .getByRole('button', { name: startingWith('Notifications', this.tab.language) });
  }

  /** The unread count the bell shows (0 when it shows none). */
  async unread(): Promise<number> {
    const count = this.page.getByTestId('unread-count');
    return (await count.count()) ? numberOf((await count.textContent()) ?? '') : 0;
  }

  /** What the bell says to a screen reader with `unread` unread notifications. */
  bellLabel(unread: number): string {
    return this.t('Notifications, {0} unread', { 0: numberText(unread, this.tab.language) });
  }

  openPanel(): Promise<void> {
    return this.bell.click();
  }

  /** The panel's heading, with the unread count. */
  heading(unread: number): Locator {
    return this.page.getByRole('heading', {
      name: this.t('Notifications ({0})', { 0: numberText(unread, this.tab.language) }),
    });
  }

  /** The listed notifications, newest first. */
  get items(): Locator {
    return this.page.getByRole('list', { name: this.t('Notifications') }).getByRole('button');
  }

  /** Opens the newest notification whose name matches (which marks it seen and follows its link). */
  open(title: RegExp): Promise<void> {
    return this.page
      .getByRole('list', { name: this.t('Notifications') })
      .getByRole('button', { name: title })
      .first()
      .click();
  }
}
