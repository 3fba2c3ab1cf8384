import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { anyOf, numberText } from '../support/text';
import { PageObject } from './page-object';

/** An assignment lecture of the course player: the brief, the assignment details modal, the attempts. */
export class AssignmentLecture extends PageObject {
  async open(courseId: number, lectureId: number): Promise<void> {
    await this.page.goto(paths.courseLectures(courseId, lectureId));
  }

  /** Opens the assignment details modal. */
  async openDetails(): Promise<void> {
    await this.page
      .getByRole('button', {
        name: anyOf(this.t('Open the assignment and submit'), this.t('Assignment details')),
      })
      .click();
  }

  get details(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Assignment details') });
  }

  /** Chooses a file in the details modal (the hidden input the Choose a file button opens). */
  async choose(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.details.locator('input[type="file"]').setInputFiles(file);
  }

  get chooseButton(): Locator {
    return this.details.getByRole('button', {
      name: anyOf(this.t('Choose a file'), this.t('Choose another file')),
    });
  }

  get submitButton(): Locator {
    return this.details.getByRole('button', { name: this.t('Submit assignment') });
  }

  get progressBar(): Locator {
    return this.details.getByRole('progressbar');
  }

  /** What the modal says of the chosen file (its name, its size, why it is refused). */
  chosenFile(): Promise<string | null> {
    return this.details.getByText(this.t('Chosen file:')).locator('xpath=../..').textContent();
  }

  get popup(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Assignment submitted') });
  }

  async closePopup(): Promise<void> {
    await this.popup.getByRole('button', { name: this.t('OK') }).click();
  }

  /** The toasts shown now. */
  toasts(): Promise<string[]> {
    return this.page.locator('[data-toast]').allTextContents();
  }

  /** One attempt of the list, by its number. */
  attempt(number: number): Locator {
    return this.page.getByRole('listitem').filter({
      has: this.page.getByRole('heading', {
        name: this.t('Attempt {attempt}', { attempt: numberText(number, this.tab.language) }),
      }),
    });
  }

  /** The attempts' headings in the order shown (newest first). */
  attempts(): Promise<string[]> {
    return this.page.locator('li[data-attempt] h4').allTextContents();
  }

  status(number: number): Promise<string | null> {
    return this.attempt(number).locator('[data-status]').textContent();
  }

  grade(number: number): Promise<string | null> {
    return this.attempt(number).locator('[data-grade]').textContent();
  }

  async submitAgain(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Submit again') }).click();
  }
}
