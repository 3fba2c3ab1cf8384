import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The "Find a course" box on home and in the catalogue. */
export class CourseSearch extends PageObject {
  get box(): Locator {
    return this.page.getByRole('searchbox', { name: this.t('Find a course') });
  }

  async search(text: string): Promise<void> {
    await this.box.fill(text);
    await this.box.press('Enter');
  }
}
