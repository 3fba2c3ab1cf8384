import type { Download, Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** The trainee's Course History: the transcript, the status filter and a card per course. */
export class TraineeHistory extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.courseHistory());
    await this.page.getByRole('group', { name: this.t('Filter by status') }).waitFor();
  }

  /** The filter button of a status (`All`, `Pending` …), whose name goes on with its count. */
  filter(status: string): Locator {
    return this.page
      .getByRole('group', { name: this.t('Filter by status') })
      .getByRole('button', { name: new RegExp(`^${this.t(status)}`) });
  }

  async show(status: string): Promise<void> {
    await this.filter(status).click();
  }

  /** The titles of the cards shown, in order. */
  titles(): Promise<string[]> {
    return this.page.getByRole('main').getByRole('listitem').getByRole('heading').allTextContents();
  }

  /** The card of a course by the title the page shows. */
  card(title: string): Locator {
    return this.page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  async openCourse(title: string): Promise<void> {
    await this.card(title)
      .getByRole('link', { name: this.t('View details') })
      .click();
  }

  transcriptButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Download transcript') });
  }

  async downloadTranscript(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.transcriptButton().click(),
    ]);
    return download;
  }
}

/** One course of the trainee's history: figures, completion rule and certificate. */
export class TraineeHistoryDetails extends PageObject {
  async open(courseId: number): Promise<void> {
    await this.page.goto(paths.courseHistoryDetails(courseId));
  }

  /** A figure of the Attendance section by its term (`Sessions held`, `Present`, `Attendance rate`). */
  attendance(term: string): Locator {
    return this.page
      .getByRole('region', { name: this.t('Attendance'), exact: true })
      .locator('dt')
      .filter({ hasText: this.t(term) })
      .locator('xpath=following-sibling::dd[1]');
  }

  certificate(): Locator {
    return this.page.getByRole('region', { name: this.t('Certificate') });
  }

  certificateButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Download certificate') });
  }

  async downloadCertificate(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.certificateButton().click(),
    ]);
    return download;
  }
}
