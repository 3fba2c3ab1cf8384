import type { Locator } from 'playwright-core';
import type { Language } from '@/i18n/languages';
import { withAnyNumber } from '../support/text';
import { PageObject } from './page-object';

/** The side menu that replaces the header's controls on a phone. */
export class SideMenu extends PageObject {
  get menu(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Menu') });
  }

  /** The panel's heading: the menu has no box of its own to wait for. */
  get heading(): Locator {
    return this.menu.getByRole('heading', { name: this.t('Menu') });
  }

  open(): Promise<void> {
    return this.page.getByRole('button', { name: this.t('Open menu') }).click();
  }

  get searchBox(): Locator {
    return this.menu.getByRole('combobox', { name: this.t('Search courses') });
  }

  get languageSelect(): Locator {
    return this.menu.getByRole('combobox', { name: this.t('Language') });
  }

  get logInButton(): Locator {
    return this.menu.getByRole('button', { name: this.t('Log In') });
  }

  get signUpButton(): Locator {
    return this.menu.getByRole('button', { name: this.t('Sign Up') });
  }

  /** Opens the Log In dialog from the open menu. */
  logIn(): Promise<void> {
    return this.logInButton.click();
  }

  async chooseLanguage(language: Language): Promise<void> {
    await this.languageSelect.selectOption(language);
    this.tab.language = language;
  }

  navigateTo(link: string): Promise<void> {
    return this.menu.getByRole('link', { name: this.t(link) }).click();
  }

  /** The notifications listed in the open menu of a signed-in user. */
  get notifications(): Locator {
    return this.menu.getByRole('list', { name: this.t('Notifications') }).getByRole('button');
  }

  /** The heading over the notifications, with their unread count. */
  get notificationsHeading(): Locator {
    return this.menu.getByRole('heading', {
      name: withAnyNumber('Notifications ({0})', this.tab.language, '0'),
    });
  }
}
