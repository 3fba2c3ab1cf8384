import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

const WEEK = ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** A course's page: its fields, syllabus and weekly routine, and enrolment. */
export class CourseDetails extends PageObject {
  async open(courseId: number): Promise<void> {
    await this.page.goto(paths.courseDetails(courseId));
  }

  /** The days the weekly routine lists, in order. */
  routineDays(): Promise<string[]> {
    return this.page.getByRole('table').getByRole('rowheader').allTextContents();
  }

  /** The days of a week from Saturday, as the page names them. */
  week(): string[] {
    return WEEK.map((day) => this.t(day));
  }

  /** Enroll Now for a visitor, who is asked to sign in first. */
  enrol(): Promise<void> {
    return this.page.getByRole('button', { name: this.t('Enroll Now') }).click();
  }

  /** Enroll Now for a trainee: a link on to checkout. */
  get enrolLink(): Locator {
    return this.page.getByRole('link', { name: this.t('Enroll Now') });
  }
}
