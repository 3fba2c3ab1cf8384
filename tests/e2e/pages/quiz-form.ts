import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { numberText } from '../support/text';
import { ClassForm } from './class-form';

export type QuestionKindLabel = 'Single choice' | 'Multiple choice' | 'True or false';

/** The quiz form (/add-new-quiz?course=): the shared fields, the questions and the quiz's settings. */
export class QuizForm extends ClassForm {
  async openQuiz(courseId?: number): Promise<void> {
    await this.page.goto(paths.addNewQuiz(courseId));
  }

  /** Question n (from 1), the group its legend names. */
  question(n: number): Locator {
    return this.page.getByRole('group', {
      name: this.t('Question {number}', { number: numberText(n, this.tab.language) }),
      exact: true,
    });
  }

  questionText(n: number): Locator {
    return this.question(n).getByLabel(this.t('Question text'));
  }

  marks(n: number): Locator {
    return this.question(n).getByLabel(this.t('Marks'), { exact: true });
  }

  async setKind(n: number, kind: QuestionKindLabel): Promise<void> {
    await this.question(n)
      .getByLabel(this.t('Question type'))
      .selectOption({ label: this.t(kind) });
  }

  answer(n: number, answer: number): Locator {
    return this.question(n).getByLabel(
      this.t('Answer {answer}', { answer: numberText(answer, this.tab.language) }),
      { exact: true },
    );
  }

  /** Marks answer `answer` of question n correct (a true/false question's answers by their word). */
  async markCorrect(n: number, answer: number | 'True' | 'False'): Promise<void> {
    const name =
      typeof answer === 'number'
        ? this.t('Answer {answer} is correct', { answer: numberText(answer, this.tab.language) })
        : this.t(answer);
    await this.question(n).getByLabel(name, { exact: true }).check();
  }

  async addAnswer(n: number): Promise<void> {
    await this.question(n)
      .getByRole('button', { name: this.t('Add answer') })
      .click();
  }

  async addQuestion(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Add question') }).click();
  }

  /** 'Marks: x of 10', or the message once the total is above 10. */
  marksTotal(): Promise<string | null> {
    return this.page.locator('[data-marks-total]').textContent();
  }

  /** The quiz's own message ('Quiz field is required'), or null. */
  async quizError(): Promise<string | null> {
    const error = this.page.locator('[data-quiz-error]');
    return (await error.count()) ? error.textContent() : null;
  }

  get timeLimit(): Locator {
    return this.page.getByLabel(this.t('Time limit in minutes (optional)'));
  }

  get attempts(): Locator {
    return this.page.getByLabel(this.t('Attempts allowed'));
  }

  get showAnswers(): Locator {
    return this.page.getByLabel(this.t('Show the correct answers after submitting'));
  }
}
