import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** The Reviews section of a course's page: the summary, the reviews, and the trainee's own. */
export class CourseReviews extends PageObject {
  /** The course's page at its reviews (`#reviews`, as "Rate this course" links to it). */
  async open(courseId: number): Promise<void> {
    await this.page.goto(`${paths.courseDetails(courseId)}#reviews`);
    await this.section.waitFor();
  }

  get section(): Locator {
    return this.page.getByRole('region', { name: this.t('Reviews') });
  }

  /** The reviews shown, newest first. */
  get list(): Locator {
    return this.section.getByRole('list', { name: this.t('Reviews, newest first') });
  }

  get items(): Locator {
    return this.list.getByRole('listitem');
  }

  /** The text of each review shown, in order. */
  texts(): Promise<string[]> {
    return this.items.locator('article > p').allTextContents();
  }

  /** The ratings' distribution as screen readers read it: one entry a rating, 5 stars first. */
  distribution(): Promise<string[]> {
    return this.section
      .getByRole('list', { name: this.t('Ratings') })
      .getByRole('listitem')
      .allTextContents();
  }

  summaryText(): Promise<string | null> {
    return this.section.locator('> div').first().textContent();
  }

  get showMore(): Locator {
    return this.section.getByRole('button', { name: this.t('Show more') });
  }

  get writeButton(): Locator {
    return this.section.getByRole('button', { name: this.t('Write a review') });
  }

  get editButton(): Locator {
    return this.section.getByRole('button', { name: this.t('Edit your review') });
  }

  get ratingGroup(): Locator {
    return this.section.getByRole('radiogroup', { name: this.t('Your rating') });
  }

  /** The star radio of a rating ("4 stars"). */
  star(rating: number): Locator {
    const name = this.t('{star, plural, one {# star} other {# stars}}', { star: rating });
    return this.ratingGroup.getByRole('radio', { name, exact: true });
  }

  /** Chooses a rating by its star, as a pointer does (the radio itself is drawn as the star). */
  choose(rating: number): Promise<void> {
    return this.star(rating).locator('xpath=..').click();
  }

  get textField(): Locator {
    return this.section.getByRole('textbox', { name: this.t('Your review') });
  }

  save(): Promise<void> {
    return this.section.getByRole('button', { name: this.t('Save') }).click();
  }

  /** A sentence of the section (a field's message, the reason a trainee may not review). */
  sentence(message: string): Locator {
    return this.section.getByText(this.t(message), { exact: true });
  }
}
