import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** My reported issues; each opens in a dialog. */
export class IssueList extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.issueList());
  }

  /** The listed issue with this subject. */
  issue(subject: string): Locator {
    return this.page.getByRole('button', { name: subject });
  }
}
