import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { anyOf, numberText } from '../support/text';
import { PageObject } from './page-object';

const UNANSWERED =
  '{0, plural, one {You have # unanswered question} other {You have # unanswered questions}}';
const OFFLINE =
  '{0, plural, one {Offline: # answer will be saved when you are back online} other {Offline: # answers will be saved when you are back online}}';

/**
 * A quiz lecture in the course player: the quiz details modal, the attempt (one question at a time,
 * the question panel, the countdown, the save status), the submit confirmation, the success popup
 * and the review.
 */
export class QuizLecture extends PageObject {
  async open(courseId: number, lectureId: number): Promise<void> {
    await this.page.goto(paths.courseLectures(courseId, lectureId));
  }

  /** The open modal (the quiz details, the confirmation, the success popup). */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /**
   * The page's button that opens the quiz details modal: Start quiz, or Quiz details (beside
   * Continue quiz, or alone when no attempt can be made).
   */
  get detailsButton(): Locator {
    return this.page.getByRole('main').getByRole('button', {
      name: anyOf(this.t('Start quiz'), this.t('Quiz details')),
    });
  }

  /** The page's Continue quiz: it goes straight into the attempt in progress. */
  get continueButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: this.t('Continue quiz') });
  }

  async openDetails(): Promise<void> {
    await this.detailsButton.click();
    await this.dialog.getByRole('heading', { name: this.t('Quiz details') }).waitFor();
  }

  /** A fact of the details modal by its label ('Questions', 'Time limit', 'Attempts' …). */
  fact(label: string): Promise<string | null> {
    return this.dialog
      .locator('dt', { hasText: this.t(label) })
      .locator('xpath=following-sibling::dd')
      .textContent();
  }

  /** The modal's Start (or Continue) button. */
  get startButton(): Locator {
    return this.dialog.getByRole('button', { name: anyOf(this.t('Start quiz'), this.t('Continue quiz')) });
  }

  /** Starts (or continues) from the details modal and waits for the first question. */
  async start(): Promise<void> {
    await this.startButton.click();
    await this.question.waitFor();
  }

  /** 'Question 2 of 5' above the question shown. */
  questionNumberText(number: number, total: number): string {
    return this.t('Question {number} of {total}', { number: this.number(number), total: this.number(total) });
  }

  /** The question shown: its fieldset, named by its number and text. */
  get question(): Locator {
    return this.page.getByRole('group').filter({ has: this.page.locator('legend') });
  }

  /** Answers the shown question with its option at `index` (a radio, or a checkbox to tick). */
  async chooseOption(index: number): Promise<void> {
    await this.question.locator('input').nth(index).check();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Next question') }).click();
  }

  async flag(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Flag for review') }).click();
  }

  get panel(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Questions') });
  }

  /** The aria labels of the question panel's buttons, in order. */
  panelLabels(): Promise<string[]> {
    return this.panel
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  }

  /** What the panel says of question `number` (1-based), as its aria label. */
  panelLabel(number: number, states: string[]): string {
    return this.t('Question {number}: {states}', {
      number: this.number(number),
      states: states.map((state) => this.t(state)).join(', '),
    });
  }

  /** The save status line. */
  saveStatus(): Promise<string | null> {
    return this.page.getByRole('status').filter({ hasNotText: '' }).first().textContent();
  }

  savedText(): string {
    return this.t('All answers saved');
  }

  offlineText(waiting: number): string {
    return this.t(OFFLINE, { 0: waiting });
  }

  get timer(): Locator {
    return this.page.getByRole('timer');
  }

  /** 'Submit quiz' on the attempt screen: the confirmation opens. */
  async submit(): Promise<void> {
    await this.page
      .getByRole('main')
      .getByRole('button', { name: this.t('Submit quiz') })
      .click();
    await this.dialog.getByRole('heading', { name: this.t('Submit your answers?') }).waitFor();
  }

  unansweredText(count: number): string {
    return this.t(UNANSWERED, { 0: count });
  }

  /** The confirmation's Submit button. */
  get confirmButton(): Locator {
    return this.dialog.getByRole('button', { name: this.t('Submit quiz') });
  }

  /** The success popup's OK. */
  async closePopup(): Promise<void> {
    await this.dialog.getByRole('heading', { name: this.t('Quiz submitted') }).waitFor();
    await this.dialog.getByRole('button', { name: this.t('OK') }).click();
  }

  reviewOf(attempt: number): Locator {
    return this.page.getByRole('region', {
      name: this.t('Review of attempt {attempt}', { attempt: this.number(attempt) }),
    });
  }

  scoreText(score: number): string {
    return this.t('{value} / {max}', { value: this.number(score), max: this.number(10) });
  }

  correctText(correct: number, total: number): string {
    return this.t('{correct} of {total} correct', {
      correct: this.number(correct),
      total: this.number(total),
    });
  }

  /** 'Review' of an attempt in the details modal. */
  async openReview(attempt: number): Promise<void> {
    await this.dialog
      .getByRole('button', { name: this.t('Review attempt {number}', { number: this.number(attempt) }) })
      .click();
  }

  private number(value: number): string {
    return numberText(value, this.tab.language);
  }
}
