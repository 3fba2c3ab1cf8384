import type { Locator } from 'playwright-core';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/languages';
import { PageObject } from './page-object';

/** What any page shows: its title, its main content, alerts and toasts, and where it is. */
export class Screen extends PageObject {
  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** The page's level-1 heading. */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  title(): Promise<string | null> {
    return this.heading.textContent();
  }

  mainText(): Promise<string | null> {
    return this.main.textContent();
  }

  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  /** The "Try again" button a failed load offers. */
  get retryButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Try again') });
  }

  /** A toast (a status) saying `message`. */
  toast(message: string): Locator {
    // Found by role without `includeHidden`: a toast raised while a dialog is open must be drawn
    // inside the dialog, not in the page behind it that the dialog makes inert.
    return this.page.getByRole('status').filter({ hasText: this.t(message) });
  }

  /** The address after the origin: path, query and hash. */
  address(): string {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}${url.hash}`;
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  /** The writing direction of the document (`ltr` or `rtl`). */
  direction(): Promise<string | null> {
    return this.page.locator('html').getAttribute('dir');
  }

  /** The document's language (`<html lang>`). */
  language(): Promise<string | null> {
    return this.page.locator('html').getAttribute('lang');
  }

  /** The language kept for the next visit. */
  storedLanguage(): Promise<string | null> {
    return this.page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY);
  }

  /** The `name` of the focused form field. */
  focusedField(): Promise<string | null | undefined> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('name'));
  }

  /** How wide the document is laid out, in CSS pixels (wider than the screen: it scrolls sideways). */
  layoutWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}
