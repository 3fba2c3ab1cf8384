import type { Locator } from 'playwright-core';
import { LANGUAGES } from '@/i18n/languages';
import { anyOf } from '../support/text';
import { PageObject } from './page-object';

/** The header on every page: navigation, course search, language, sign-in and the account menu. */
export class Header extends PageObject {
  get banner(): Locator {
    return this.page.getByRole('banner');
  }

  text(): Promise<string | null> {
    return this.banner.textContent();
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Main') }).first();
  }

  /** The navigation link marked as the page being shown. */
  get currentNavLink(): Locator {
    return this.nav.locator('[aria-current="page"]');
  }

  navigateTo(link: string): Promise<void> {
    return this.nav.getByRole('link', { name: this.t(link) }).click();
  }

  get logInButton(): Locator {
    return this.banner.getByRole('button', { name: this.t('Log In'), exact: true });
  }

  /** Opens the Log In dialog. */
  logIn(): Promise<void> {
    return this.logInButton.click();
  }

  /** Opens the Sign Up dialog. */
  signUp(): Promise<void> {
    return this.banner.getByRole('button', { name: this.t('Sign Up') }).click();
  }

  get searchBox(): Locator {
    return this.banner.getByRole('combobox', { name: this.t('Search courses') });
  }

  /** Off home the search box is folded into a button: this unfolds it. */
  openSearch(): Promise<void> {
    return this.banner.getByRole('button', { name: this.t('Search courses') }).click();
  }

  /** Types in the search box, which suggests courses as one types. */
  typeInSearch(text: string): Promise<void> {
    return this.searchBox.fill(text);
  }

  /** Searches for `text` (Enter opens the search results). */
  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await this.searchBox.press('Enter');
  }

  get suggestions(): Locator {
    return this.page.getByRole('listbox', { name: this.t('Suggested courses') }).getByRole('option');
  }

  /** Picks the first suggestion with the keyboard. */
  async pickFirstSuggestion(): Promise<void> {
    await this.searchBox.press('ArrowDown');
    await this.searchBox.press('Enter');
  }

  /** Switches to the other language with the header's language button. */
  async switchLanguage(): Promise<void> {
    const other = LANGUAGES.find((language) => language.code !== this.tab.language);
    if (!other) throw new Error('only one language');
    await this.banner.getByRole('button', { name: other.name }).click();
    this.tab.language = other.code;
  }

  /** Opens the account menu; its button shows the user's name once known. */
  openAccountMenu(name?: string): Promise<void> {
    const names = name ? [this.t('My account'), name] : [this.t('My account')];
    return this.banner.getByRole('button', { name: anyOf(...names) }).click();
  }

  /**
   * How the header's row lies: each navigation link's label and line boxes (one when it sits on one
   * line), the vertical middle of every control in the row, and whether the row overflows its width.
   */
  layout(): Promise<{ links: { label: string; lines: number }[]; middles: number[]; overflows: boolean }> {
    return this.banner.evaluate((banner) => {
      const row = banner.firstElementChild as HTMLElement;
      const shown = [...row.querySelectorAll<HTMLElement>('a, button, input')].filter(
        (element) =>
          element.getClientRects().length > 0 && !element.closest('[role="menu"], [role="dialog"]'),
      );
      return {
        links: [...row.querySelectorAll('nav a')].map((link) => ({
          label: link.textContent ?? '',
          lines: link.getClientRects().length,
        })),
        middles: shown.map((element) => {
          const box = element.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        }),
        overflows: row.scrollWidth > row.clientWidth,
      };
    });
  }

  /** The address of the picture on the account menu's button (the photo, or the stock avatar). */
  avatar(name: string): Promise<string | null> {
    return this.banner
      .getByRole('button', { name: anyOf(this.t('My account'), name) })
      .locator('img')
      .getAttribute('src');
  }

  /** The entries of the open account menu. */
  accountMenuEntries(): Promise<string[]> {
    return this.page.getByRole('menuitem').allTextContents();
  }

  /** Log Out in the open account menu. */
  logOut(): Promise<void> {
    return this.page.getByRole('menuitem', { name: this.t('Log Out') }).click();
  }
}
