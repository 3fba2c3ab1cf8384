import type { Page } from 'playwright-core';
import type { Tab } from '../support/browser';
import { text } from '../support/text';

/** A part of the product as a user meets it, named in the tab's current language. */
export abstract class PageObject {
  constructor(protected readonly tab: Tab) {}

  get page(): Page {
    return this.tab.page;
  }

  /** A message of the catalogue in the language the tab shows now. */
  protected t(message: string, values?: Record<string, unknown>): string {
    return text(message, this.tab.language, values);
  }
}
