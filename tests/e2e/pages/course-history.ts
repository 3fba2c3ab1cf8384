import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** The value (dd) of the term (dt) that says exactly `term`, inside `within`. */
function definitionOf(within: Locator, term: string): Locator {
  return within
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The trainer's Course History: a card per past course with its status and figures. */
export class CourseHistory extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.trainerCourseHistory());
  }

  /** The card of a course, by its title as the page shows it. */
  entry(title: string): Locator {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The titles of the listed courses, in order. */
  titles(): Promise<string[]> {
    return this.page
      .getByRole('main')
      .getByRole('listitem')
      .getByRole('heading', { level: 2 })
      .allTextContents();
  }

  /** The English status of a card's badge (Completed, Rejected, Deleted). */
  status(title: string): Promise<string | null> {
    return this.entry(title).locator('[data-status]').getAttribute('data-status');
  }

  /** A figure of a card (Enrolled, Attendance rate …), as the page writes it. */
  figure(title: string, label: string): Promise<string | null> {
    return definitionOf(this.entry(title), this.t(label)).textContent();
  }

  detailsLink(title: string): Locator {
    return this.entry(title).getByRole('link', { name: this.t('View details of {title}', { title }) });
  }
}

/** One completed course's record: statistics, the trainees' outcomes, reviews. */
export class CompletedCourseDetails extends PageObject {
  async open(courseId?: number): Promise<void> {
    await this.page.goto(paths.completedCourseDetails(courseId));
  }

  /** A part of the page by its heading (Statistics, Trainees, Reviews …). */
  section(name: string): Locator {
    return this.page.getByRole('region', { name: this.t(name), exact: true });
  }

  /** A statistic by its label, as the page writes it. */
  stat(label: string): Promise<string | null> {
    return definitionOf(this.section('Statistics'), this.t(label)).textContent();
  }

  /** A trainee's row of the trainees' table. */
  trainee(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  /** A trainee's outcome: 'completed' or 'not-completed'. */
  outcome(name: string): Promise<string | null> {
    return this.trainee(name).locator('[data-outcome]').getAttribute('data-outcome');
  }

  reviews(): Locator {
    return this.section('Reviews').getByRole('listitem');
  }

  get backToHistory(): Locator {
    return this.page.getByRole('link', { name: this.t('Back to Course History') });
  }
}

/** The Completion section of the trainer's course page: the rule, and Close course. */
export class CourseCompletion extends PageObject {
  get section(): Locator {
    return this.page.getByRole('region', { name: this.t('Completion') });
  }

  /** The rule as the page states it ('75/5'). */
  rule(): Promise<string | null> {
    return this.section.locator('[data-rule]').getAttribute('data-rule');
  }

  get attendanceField(): Locator {
    return this.section.getByLabel(this.t('Minimum attendance (per cent)'));
  }

  get gradeField(): Locator {
    return this.section.getByLabel(this.t('Minimum average grade (out of 10)'));
  }

  async editRule(attendance: string, grade: string): Promise<void> {
    if ((await this.attendanceField.count()) === 0) {
      await this.section.getByRole('button', { name: this.t('Change the completion rule') }).click();
    }
    await this.attendanceField.fill(attendance);
    await this.gradeField.fill(grade);
    await this.section.getByRole('button', { name: this.t('Save the rule') }).click();
  }

  get closeButton(): Locator {
    return this.section.getByRole('button', { name: this.t('Close course') });
  }

  get closeDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Close this course?') });
  }

  async askClose(): Promise<void> {
    await this.closeButton.click();
    await this.closeDialog.getByRole('heading', { name: this.t('Close this course?') }).waitFor();
  }

  async confirmClose(): Promise<void> {
    await this.closeDialog.getByRole('button', { name: this.t('Close course') }).click();
    await this.closeDialog.waitFor({ state: 'detached' });
  }

  async keepOpen(): Promise<void> {
    await this.closeDialog.getByRole('button', { name: this.t('Keep it open') }).click();
    await this.closeDialog.waitFor({ state: 'detached' });
  }

  get recordLink(): Locator {
    return this.section.getByRole('link', { name: this.t('See how trainees finished') });
  }
}
