import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/**
 * The trainer's Manage Class Attendance: the courses to choose from, today's QR code with its live
 * count and full-screen mode, the trainees marked by hand, and the sheet printed or exported.
 */
export class ClassAttendance extends PageObject {
  async open(courseId?: number): Promise<void> {
    await this.page.goto(
      courseId === undefined
        ? paths.manageClassAttendance()
        : `${paths.manageClassAttendance()}?course=${courseId}`,
    );
  }

  /** A course's card in the list, by its title as the page shows it. */
  courseCard(title: string): Locator {
    return this.page.getByRole('button').filter({ hasText: title });
  }

  /** Once a course is chosen: the field to choose another. */
  get courseField(): Locator {
    return this.page.getByRole('combobox', { name: this.t('Course'), exact: true });
  }

  /** The QR code, named for the course. */
  qrCode(title: string): Locator {
    return this.page.getByRole('img', { name: this.t('Attendance QR code for {title}', { title }) });
  }

  /** The address the QR code carries (held in a data attribute, never printed). */
  async codeAddress(title: string): Promise<string> {
    const address = await this.qrCode(title).getAttribute('data-attendance-url');
    if (!address) throw new Error('the QR code carries no address');
    return address;
  }

  get count(): Locator {
    return this.page.getByTestId('attendance-count');
  }

  get codePanel(): Locator {
    return this.page.locator('[data-projector]');
  }

  get showFullScreen(): Locator {
    return this.page.getByRole('button', { name: this.t('Show full screen') });
  }

  get leaveFullScreen(): Locator {
    return this.page.getByRole('button', { name: this.t('Leave full screen') });
  }

  get sessionDay(): Locator {
    return this.page.getByRole('combobox', { name: this.t('Session day') });
  }

  /** A trainee's row in the roster, by e-mail address (names may repeat). */
  row(email: string): Locator {
    return this.page.getByTestId('roster-row').filter({ hasText: email });
  }

  /** Presses Present or Absent in a trainee's row. */
  async mark(email: string, status: 'Present' | 'Absent'): Promise<void> {
    await this.row(email)
      .getByRole('button', { name: this.t(status), exact: true })
      .click();
  }

  pressed(email: string, status: 'Present' | 'Absent'): Promise<string | null> {
    return this.row(email)
      .getByRole('button', { name: this.t(status), exact: true })
      .getAttribute('aria-pressed');
  }

  get printSheet(): Locator {
    return this.page.getByRole('button', { name: this.t('Print sheet') });
  }

  get exportSheet(): Locator {
    return this.page.getByRole('button', { name: this.t('Export to Excel') });
  }
}
