import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** About us: the promotion and our story from the CMS. */
export class About extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.about());
  }

  /** The first section heading: our story. */
  storyTitle(): Promise<string | null> {
    return this.page.getByRole('heading', { level: 2 }).first().textContent();
  }
}
