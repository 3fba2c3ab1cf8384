import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** The trainee's ongoing courses: progress, the next lecture and Continue. */
export class OngoingCourses extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.ongoingCourses());
  }

  /** The card of a course, by its title as the page shows it. */
  card(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The card's progress bar (its value is the lectures read, its maximum all of them). */
  progress(title: string): Locator {
    return this.card(title).getByRole('progressbar', { name: this.t('Course progress') });
  }

  /** What the card says of its progress, as text. */
  async progressText(title: string): Promise<string | null> {
    return this.progress(title).getAttribute('aria-valuetext');
  }

  async continue(title: string): Promise<void> {
    await this.card(title)
      .getByRole('link', { name: this.t('Continue {title}', { title }) })
      .click();
  }
}
