import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/**
 * The course player: the sidebar (beside the lecture on desktops, a drawer on phones), the lecture,
 * Previous and Next, the grades.
 */
export class CoursePlayer extends PageObject {
  async open(courseId: number, lecture?: number | 'grades'): Promise<void> {
    await this.page.goto(paths.courseLectures(courseId, lecture));
  }

  /** On a phone the sidebar is a drawer. */
  get isPhone(): boolean {
    return this.tab.width === 'phone';
  }

  /** The drawer, while it is open. */
  get drawer(): Locator {
    return this.page.getByRole('dialog', { name: this.t('Course content') });
  }

  get contentButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Course content'), exact: true });
  }

  /** The drawer's title: the dialog has no box of its own to wait for. */
  get drawerHeading(): Locator {
    return this.drawer.getByRole('heading', { name: this.t('Course content') });
  }

  async openDrawer(): Promise<void> {
    await this.contentButton.click();
    await this.drawerHeading.waitFor();
  }

  /** The lecture list: the drawer (opened) on a phone, the sidebar beside the lecture otherwise. */
  async sidebar(): Promise<Locator> {
    if (this.isPhone) {
      if ((await this.drawer.count()) === 0) await this.openDrawer();
      return this.drawer;
    }
    return this.page.getByRole('navigation', { name: this.t('Course content') });
  }

  /** A lecture's link in the list, by its title. */
  async item(title: string): Promise<Locator> {
    return (await this.sidebar()).getByRole('link').filter({ hasText: title });
  }

  /** The title of the lecture marked as the current page. */
  async currentTitle(): Promise<string | null> {
    const current = (await this.sidebar()).locator('[aria-current="page"]');
    return current.locator('span.block').first().textContent();
  }

  /** Whether the list shows the read icon for the lecture. */
  async isRead(title: string): Promise<boolean> {
    return (await (await this.item(title)).getByText(this.t('Read'), { exact: true }).count()) === 1;
  }

  /** Chooses a lecture from the list (the drawer closes on a phone). */
  async choose(title: string): Promise<void> {
    await (await this.item(title)).click();
  }

  /** Closes the drawer with Escape, and waits for it to be gone. */
  async escape(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.drawer.waitFor({ state: 'detached' });
  }

  /** The lecture's title (the main part's heading). */
  get lectureTitle(): Locator {
    return this.page.locator('[data-lecture-title]');
  }

  get next(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Lectures') }).getByRole('link', {
      name: new RegExp(`^${this.t('Next')}`),
    });
  }

  get previous(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Lectures') }).getByRole('link', {
      name: new RegExp(`^${this.t('Previous')}`),
    });
  }

  get video(): Locator {
    return this.page.locator('video');
  }

  /** Where the video stands, in seconds. */
  async videoTime(): Promise<number> {
    return this.video.evaluate((element: HTMLVideoElement) => element.currentTime);
  }

  /** Moves the video to `seconds` as the trainee dragging the bar would. */
  async seekVideo(seconds: number): Promise<void> {
    await this.video.evaluate(async (element: HTMLVideoElement, to: number) => {
      if (element.readyState < 1) {
        await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
      }
      element.currentTime = to;
    }, seconds);
  }

  get speed(): Locator {
    return this.page.getByLabel(this.t('Playback speed'));
  }

  get pdfFrame(): Locator {
    return this.page.locator('iframe');
  }

  get openPdf(): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${this.t('Open the PDF')}`) });
  }

  get downloadPdf(): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${this.t('Download')}`) });
  }

  /** The grades: the table on wider screens, the cards on phones. */
  get grades(): Locator {
    return this.isPhone
      ? this.page.getByRole('list', { name: this.t('Grades of assignments and quizzes') })
      : this.page.getByRole('table', { name: this.t('Grades of assignments and quizzes') });
  }

  /** The row (or card) of a graded item, by its title. */
  gradeOf(title: string): Locator {
    return this.isPhone
      ? this.grades.getByRole('listitem').filter({ hasText: title })
      : this.grades.getByRole('row').filter({ hasText: title });
  }
}
