import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** /trainee/make-attendance/{id}?code=…: where the trainer's QR code leads. */
export class MakeAttendance extends PageObject {
  /** Opens the page as scanning the QR code does. */
  async open(courseId: number, code?: string): Promise<void> {
    const query = code === undefined ? '' : `?code=${encodeURIComponent(code)}`;
    await this.page.goto(`${paths.makeAttendance(courseId)}${query}`);
  }

  /** The outcome's heading (what happened), by its English source. */
  outcome(message: string): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 2, name: this.t(message) });
  }

  /** A link the outcome offers (what to do next). */
  link(message: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: this.t(message) });
  }
}

/** /attendance-history: per course, each session Present or Absent. */
export class AttendanceHistory extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.attendanceHistory());
  }

  /** A course's card, by its title as the page shows it. */
  card(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The rows of a course's sessions (without the header row). */
  rows(title: string): Locator {
    return this.card(title)
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') });
  }

  /** What the page says when there is nothing to show. */
  get empty(): Locator {
    return this.page.getByRole('main').getByText(this.t('No Attendance Found!'));
  }
}
