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

  /** The facts of the course (category, dates, number of weeks …). */
  factsText(): Promise<string | null> {
    return this.page.getByRole('main').locator('dl').first().textContent();
  }

  /** The syllabus weeks' labels and counts ('Week 1', '3 lectures' …), without their titles. */
  async syllabusNumbers(): Promise<string[]> {
    const syllabus = this.page.getByRole('region', { name: this.t('Syllabus') });
    const weeks = await syllabus.locator('ol > li > p:first-child').allTextContents();
    const counts = await syllabus.locator('ol > li ul > li').allTextContents();
    return [...weeks, ...counts];
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
