import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The footer: the centre's details from the CMS, the menu groups and the social links. */
export class Footer extends PageObject {
  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }

  text(): Promise<string | null> {
    return this.footer.textContent();
  }

  /** Where the Facebook, X and LinkedIn links go, in that order. */
  socialLinks(): Promise<Array<string | null>> {
    return Promise.all(
      ['Facebook', 'X (Twitter)', 'LinkedIn'].map((network) =>
        this.footer.getByRole('link', { name: this.t(network), exact: true }).getAttribute('href'),
      ),
    );
  }

  get requestCourseLink(): Locator {
    return this.footer.getByRole('link', { name: this.t('Request Course') });
  }

  requestCourse(): Promise<void> {
    return this.requestCourseLink.click();
  }

  /** Opens the Trainer Login dialog. */
  trainerLogIn(): Promise<void> {
    return this.footer.getByRole('button', { name: this.t('Trainer Login') }).click();
  }
}
