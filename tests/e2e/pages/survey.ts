import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { numberText } from '../support/text';
import { PageObject } from './page-object';

/** A survey lecture of the course player: the pre- or post-course evaluation, answered once. */
export class SurveyLecture extends PageObject {
  async open(courseId: number, lectureId: number): Promise<void> {
    await this.page.goto(paths.courseLectures(courseId, lectureId));
  }

  /** A question's group (rating, choice) by its text as the page shows it. */
  question(text: string): Locator {
    return this.page.getByRole('group').filter({ hasText: text });
  }

  async rate(question: string, rating: number): Promise<void> {
    const language = this.tab.language;
    await this.question(question)
      .getByRole('radio', {
        name: this.t('{digit} of {of}', { digit: numberText(rating, language), of: numberText(5, language) }),
      })
      .check({ force: true });
  }

  async choose(question: string, option: string): Promise<void> {
    await this.question(question).getByRole('radio', { name: option }).check();
  }

  async write(question: string, text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: question }).fill(text);
  }

  async send(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Send answers') }).click();
  }

  /** The messages said next to the questions. */
  messages(): Promise<string[]> {
    return this.page.getByText(this.t('Please answer this question')).allTextContents();
  }

  get popup(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Survey sent') });
  }

  async closePopup(): Promise<void> {
    await this.popup.getByRole('button', { name: this.t('OK') }).click();
  }

  /** "You answered this survey on …", once answered. */
  answered(): Locator {
    return this.page.locator('[data-answered]');
  }

  get form(): Locator {
    return this.page.getByRole('button', { name: this.t('Send answers') });
  }
}
