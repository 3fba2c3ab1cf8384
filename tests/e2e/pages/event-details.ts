import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** An event's page and registering for it. */
export class EventDetails extends PageObject {
  async open(eventId: number): Promise<void> {
    await this.page.goto(paths.eventDetails(eventId));
  }

  get registerButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Register for this event') });
  }

  register(): Promise<void> {
    return this.registerButton.click();
  }

  /** What the page says about the user's registration. */
  registration(): Promise<string | null> {
    return this.page.getByRole('main').getByRole('status').textContent();
  }
}
