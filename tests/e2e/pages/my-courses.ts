import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** The trainer's My courses: a card per course with its status, and open, edit and delete. */
export class MyCourses extends PageObject {
  async open(): Promise<void> {
    await this.page.goto(paths.manageCourses());
  }

  /** The card of a course, by its title as the page shows it. */
  card(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The status the card's badge says (the English status, whatever the page's language). */
  status(title: string): Promise<string | null> {
    return this.card(title).locator('[data-status]').getAttribute('data-status');
  }

  /** The badge's text, in the page's language. */
  statusText(title: string): Promise<string | null> {
    return this.card(title).locator('[data-status]').textContent();
  }

  openLink(title: string): Locator {
    return this.card(title).getByRole('link', { name: this.t('Open {title}', { title }) });
  }

  editLink(title: string): Locator {
    return this.card(title).getByRole('link', { name: this.t('Edit {title}', { title }) });
  }

  deleteButton(title: string): Locator {
    return this.card(title).getByRole('button', { name: this.t('Delete {title}', { title }) });
  }

  get addNewCourse(): Locator {
    return this.page.getByRole('link', { name: this.t('Add New Course') }).first();
  }

  /** The delete dialog, while it is open. */
  get deleteDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Delete this course?') });
  }

  /** Presses Delete on a card: the dialog asks first. */
  async askDelete(title: string): Promise<void> {
    await this.deleteButton(title).click();
    // The dialog has no box of its own to wait for: its title has.
    await this.deleteDialog.getByRole('heading', { name: this.t('Delete this course?') }).waitFor();
  }

  async confirmDelete(): Promise<void> {
    await this.deleteDialog.getByRole('button', { name: this.t('Delete course') }).click();
  }

  async cancelDelete(): Promise<void> {
    await this.deleteDialog.getByRole('button', { name: this.t('Cancel') }).click();
    await this.deleteDialog.waitFor({ state: 'detached' });
  }

  /** The dialog's refusal: the server's sentence. */
  deleteRefusal(): Promise<string | null> {
    return this.deleteDialog.getByRole('alert').textContent();
  }
}
