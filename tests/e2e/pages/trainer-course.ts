import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/**
 * The trainer's view of a course: its status, the sidebar (beside the preview on desktops, a drawer
 * on phones) with Add New Class and Take Action, and the preview of the chosen lecture.
 */
export class TrainerCourse extends PageObject {
  async open(courseId: number, lectureId?: number): Promise<void> {
    await this.page.goto(paths.manageCourseLectures(courseId, lectureId));
  }

  get isPhone(): boolean {
    return this.tab.width === 'phone';
  }

  /** The course's status badge (the English status in `data-status`). */
  status(): Promise<string | null> {
    return this.page.getByRole('main').locator('[data-status]').first().getAttribute('data-status');
  }

  /** The panel under the title: the admin's reason, or the wait for the approval. */
  get statusPanel(): Locator {
    return this.page.getByRole('main').getByRole('status');
  }

  get drawer(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Course content') });
  }

  get contentButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Course content'), exact: true });
  }

  async openDrawer(): Promise<void> {
    await this.contentButton.click();
    await this.drawer.getByRole('heading', { name: this.t('Course content') }).waitFor();
  }

  /** The lecture list: the drawer (opened) on a phone, the sidebar beside the preview otherwise. */
  async sidebar(): Promise<Locator> {
    if (this.isPhone) {
      if ((await this.drawer.count()) === 0) await this.openDrawer();
      return this.drawer;
    }
    return this.page.getByRole('navigation', { name: this.t('Course content') });
  }

  async closeDrawer(): Promise<void> {
    if (!this.isPhone || (await this.drawer.count()) === 0) return;
    await this.page.keyboard.press('Escape');
    await this.drawer.waitFor({ state: 'detached' });
  }

  async addNewClass(): Promise<Locator> {
    return (await this.sidebar()).getByRole('link', { name: this.t('Add New Class') });
  }

  /** A lecture's link in the list, by its title. */
  async item(title: string): Promise<Locator> {
    return (await this.sidebar()).getByRole('link').filter({ hasText: title });
  }

  async choose(title: string): Promise<void> {
    await (await this.item(title)).click();
  }

  async takeAction(title: string): Promise<Locator> {
    return (await this.sidebar()).getByRole('button', { name: this.t('Take Action: {title}', { title }) });
  }

  /** Opens a lecture's 'Take Action' menu and answers its Edit lecture item. */
  async editLectureItem(title: string): Promise<Locator> {
    await (await this.takeAction(title)).click();
    return this.page.getByRole('menuitem', { name: this.t('Edit lecture') });
  }

  /** The preview of the chosen lecture. */
  get preview(): Locator {
    return this.page.getByRole('region', { name: this.t('Preview') });
  }

  get previewTitle(): Locator {
    return this.preview.locator('[data-lecture-title]');
  }
}
