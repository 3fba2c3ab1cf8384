import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import type { Tab } from '../support/browser';
import { CourseSearch } from './course-search';
import { Form } from './form';
import { PageObject } from './page-object';

/** Home: banner, the first courses, benefits, the trainer block, events and the request form. */
export class Home extends PageObject {
  private readonly courseSearch: CourseSearch;
  /** The request-a-course form near the bottom. */
  readonly requestCourse: Form<'full_name' | 'email' | 'course'>;

  constructor(tab: Tab) {
    super(tab);
    this.courseSearch = new CourseSearch(tab);
    this.requestCourse = new Form(
      tab,
      () => this.page.getByRole('region', { name: this.t('Request a course') }),
      { full_name: 'Full name', email: 'Email', course: 'Which course would you like?' },
      'Send request',
    );
  }

  /** The heading of the request-a-course form. */
  get requestCourseHeading(): Locator {
    return this.page.getByRole('heading', { name: this.t('Request a course'), level: 2 });
  }

  /** Searches with the "Find a course" box. */
  search(text: string): Promise<void> {
    return this.courseSearch.search(text);
  }

  async open(): Promise<void> {
    await this.page.goto(paths.home());
  }

  get courses(): Locator {
    return this.page.getByRole('region', { name: this.t('Browse our courses') });
  }

  get courseCards(): Locator {
    return this.courses.getByRole('listitem');
  }

  /** The course cards' links, to each course's page. */
  get courseLinks(): Locator {
    return this.courses.getByRole('link');
  }

  get viewAllLink(): Locator {
    return this.page.getByRole('link', { name: this.t('View all') });
  }

  get events(): Locator {
    return this.page.getByRole('region', { name: this.t('Latest events') });
  }

  get eventCards(): Locator {
    return this.events.getByRole('listitem');
  }

  /** The titles of the event cards shown now, in order. */
  eventTitles(): Promise<string[]> {
    return this.eventCards.getByRole('heading').allTextContents();
  }

  /** The carousel's Previous or Next button. */
  eventsButton(direction: 'Previous' | 'Next'): Locator {
    return this.events.getByRole('button', { name: this.t(direction) });
  }

  /** Whether the carousel's button says it is unavailable (at an end). */
  async eventsButtonDisabled(direction: 'Previous' | 'Next'): Promise<boolean> {
    const button = this.eventsButton(direction);
    return (await button.getAttribute('aria-disabled')) === 'true' || (await button.isDisabled());
  }

  openEvent(title: string): Promise<void> {
    return this.events.getByRole('link', { name: title }).click();
  }

  /** Opens the trainer application from the trainer block. */
  becomeTrainer(): Promise<void> {
    return this.page
      .getByRole('button', { name: this.t('Become a Trainer') })
      .first()
      .click();
  }
}
