import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import type { Tab } from '../support/browser';
import { Form } from './form';

/** /verify and /verify/{code}: the certificate code form and the answer for one code. */
export class VerifyCertificate extends Form<'code'> {
  constructor(tab: Tab) {
    super(tab, () => tab.page.getByRole('main'), { code: 'Certificate code' }, 'Check the certificate');
  }

  async open(code?: string): Promise<void> {
    await this.page.goto(paths.verifyCertificate(code));
  }

  /** The heading of the answer: valid, revoked, or no certificate has the code. */
  answer(state: 'valid' | 'revoked' | 'unknown'): Locator {
    const heading = {
      valid: 'This certificate is valid',
      revoked: 'This certificate was revoked',
      unknown: 'No certificate has this code',
    }[state];
    return this.page.getByRole('main').getByRole('heading', { level: 2, name: this.t(heading) });
  }

  /** What the certificate states under one label (English source message). */
  async detail(label: string): Promise<string | null> {
    return this.page
      .getByRole('main')
      .locator('dt')
      .filter({ hasText: new RegExp(`^${this.t(label).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
  }

  /** The answer's card, everything it says. */
  answerText(): Promise<string | null> {
    return this.page.getByRole('main').locator('section[aria-live]').textContent();
  }

  /** The message tied to the code field (aria-describedby), if any. */
  async fieldMessage(): Promise<string> {
    const ids = (await this.field('code').getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(
      ids
        .split(' ')
        .filter(Boolean)
        .map((id) => this.page.locator(`[id="${id}"]`).textContent()),
    );
    return texts.join(' ');
  }
}
