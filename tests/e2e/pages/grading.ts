import type { GradeStatistics } from '@contract/wire/grading';
import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/**
 * The grading page (/student-assignment/{courseId}): the course's assignments and quizzes, one
 * item with its statistics and every trainee's work, the grading form and Next ungraded.
 */
export class GradingPage extends PageObject {
  async open(courseId: number): Promise<void> {
    await this.page.goto(paths.studentAssignments(courseId));
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** The list of every item (the page's first view). */
  get items(): Locator {
    return this.main.getByRole('list', { name: this.t('Assignments and quizzes') });
  }

  async openItem(title: string): Promise<void> {
    await this.main.getByRole('button', { name: this.t('Open {title}', { title }) }).click();
  }

  get nextUngraded(): Locator {
    return this.main.getByRole('button', { name: this.t('Next ungraded') });
  }

  /** "Waiting for a grade: N" under Next ungraded. */
  get waiting(): Locator {
    return this.main.getByRole('status');
  }

  /** One figure of the item's statistics, as the page writes it. */
  statistic(name: keyof Omit<GradeStatistics, 'bands'>): Promise<string | null> {
    return this.main.locator(`[data-statistic="${name}"]`).textContent();
  }

  /** The distribution table, band by band: [band, count] as written. */
  async distribution(): Promise<string[][]> {
    const table = this.main.getByRole('table', { name: this.t('Distribution of grades out of 10') });
    return table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('th')?.textContent ?? '',
          row.querySelector('td')?.textContent ?? '',
        ]),
      );
  }

  /** The Grade (or Regrade) button of a trainee's work. */
  gradeButton(name: string): Locator {
    return this.main.getByRole('button', { name: this.t('Grade {0}', { 0: name }), exact: true });
  }

  /** The grading form of a trainee's submission, by its heading. */
  form(name: string): Locator {
    return this.main.getByRole('region', { name: this.t('Grade the work of {0}', { 0: name }) });
  }

  /** The open grading form, whoever's it is. */
  get anyForm(): Locator {
    return this.main.locator('[data-grading-form]');
  }

  get gradeField(): Locator {
    return this.anyForm.getByLabel(this.t('Grade (out of 10)'));
  }

  get feedbackField(): Locator {
    return this.anyForm.getByLabel(this.t('Feedback'), { exact: true });
  }

  /** The message under the grade field (its aria-describedby error). */
  async gradeError(): Promise<string | null> {
    const ids = (await this.gradeField.getAttribute('aria-describedby')) ?? '';
    const id = ids.split(' ').find((each) => each.endsWith('-error'));
    return id ? this.page.locator(`[id="${id}"]`).textContent() : null;
  }

  get saveButton(): Locator {
    return this.anyForm.getByRole('button', { name: this.t('Save grade') });
  }

  get returnButton(): Locator {
    return this.anyForm.getByRole('button', { name: this.t('Return for resubmission') });
  }

  /** A trainee's row (desktop) or card (phone). */
  work(name: string): Locator {
    return this.tab.width === 'phone'
      ? this.main.getByRole('listitem').filter({ hasText: name })
      : this.main.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }
}
