import type { Locator } from 'playwright-core';
import type { Tab } from '../support/browser';
import { PageObject } from './page-object';

/** A form of labelled fields and one send button, inside `scope` (a page region or a dialog). */
export class Form<Field extends string> extends PageObject {
  constructor(
    tab: Tab,
    private readonly scope: () => Locator,
    /** Each field's label: the English source message. */
    private readonly labels: Record<Field, string>,
    private readonly sendLabel: string,
  ) {
    super(tab);
  }

  field(name: Field): Locator {
    return this.scope().getByLabel(this.t(this.labels[name]), { exact: true });
  }

  /** Types the given values, in the order the form shows its fields. */
  async fill(values: Partial<Record<Field, string>>): Promise<void> {
    for (const name in this.labels) {
      const value = values[name];
      if (value !== undefined) await this.field(name).fill(value);
    }
  }

  /** The message shown beside a field (its aria-describedby error), or '' when none. */
  async message(name: Field): Promise<string> {
    const ids = (await this.field(name).getAttribute('aria-describedby')) ?? '';
    const error = ids.split(' ').find((id) => id.endsWith('-error'));
    return error ? ((await this.page.locator(`[id="${error}"]`).textContent()) ?? '').trim() : '';
  }

  value(name: Field): Promise<string> {
    return this.field(name).inputValue();
  }

  get sendButton(): Locator {
    return this.scope().getByRole('button', { name: this.t(this.sendLabel) });
  }

  send(): Promise<void> {
    return this.sendButton.click();
  }

  /** Everything the form shows, messages beside the fields included. */
  text(): Promise<string | null> {
    return this.scope().textContent();
  }
}
