import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { anyOf } from '../support/text';
import { PageObject } from './page-object';

type FileInput = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * The course builder's class and assignment forms (/add-new-class/{id}, /add-new-assignment) and
 * the fields every builder form shares, with the upload widget; the quiz form adds its questions
 * (quiz-form.ts).
 */
export class ClassForm extends PageObject {
  async openClass(courseId: number): Promise<void> {
    await this.page.goto(paths.addNewClass(courseId));
  }

  async openAssignment(courseId?: number): Promise<void> {
    await this.page.goto(paths.addNewAssignment(courseId));
  }

  /** The page's form once loaded (its Save button shown). */
  async ready(): Promise<void> {
    await this.saveButton.waitFor();
  }

  get title(): Locator {
    return this.page.getByLabel(this.t('Title'), { exact: true });
  }

  /** The optional Arabic title beside the English one. */
  get titleAr(): Locator {
    return this.page.getByLabel(this.t('Arabic title (optional)'), { exact: true });
  }

  get description(): Locator {
    const label = anyOf(this.t('Description'), this.t('Description (optional)'));
    // The whole label: the Arabic description's holds the English one's words in Arabic.
    return this.page.getByLabel(new RegExp(`^(?:${label.source})$`));
  }

  get descriptionAr(): Locator {
    return this.page.getByLabel(this.t('Arabic description (optional)'), { exact: true });
  }

  get week(): Locator {
    return this.page.getByLabel(this.t('Week'), { exact: true });
  }

  get saveButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Save'), exact: true });
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  /** The course select asked for when the address names no course. */
  get courseSelect(): Locator {
    return this.page.getByLabel(this.t('Course'), { exact: true });
  }

  async chooseCourse(courseId: number): Promise<void> {
    await this.courseSelect.selectOption(String(courseId));
    await this.page.getByRole('button', { name: this.t('Continue') }).click();
  }

  /** The message shown for a field (its aria-describedby), or '' when none. */
  async messageOf(field: Locator): Promise<string> {
    const ids = (await field.getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(
      ids
        .split(' ')
        .filter((id) => id.endsWith('-error'))
        .map((id) => this.page.locator(`[id="${id}"]`).textContent()),
    );
    return texts.join(' ').trim();
  }

  // ── The upload widget ──

  get fileInput(): Locator {
    return this.page.locator('input[type="file"]');
  }

  async upload(file: FileInput): Promise<void> {
    await this.fileInput.setInputFiles(file);
  }

  get progressBar(): Locator {
    return this.page.getByRole('progressbar');
  }

  get cancelUpload(): Locator {
    return this.page.getByRole('button', { name: this.t('Cancel upload') });
  }

  get replaceButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Replace file') });
  }

  get removeButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Remove file') });
  }

  /** The video or picture previewing the file. */
  preview(kind: 'video' | 'img'): Locator {
    return this.page.locator(`figure ${kind}`);
  }

  /** The card naming the file, its type and size. */
  get fileCard(): Locator {
    return this.page.locator('[data-file-card]');
  }

  /** What the widget says of a refused or failed file (its name and the reason). */
  chosenFile(): Promise<string | null> {
    return this.page.getByText(this.t('Chosen file:')).locator('xpath=../..').textContent();
  }

  /** The toasts shown now. */
  toasts(): Promise<string[]> {
    return this.page.locator('[data-toast]').allTextContents();
  }

  /** The sentence shown instead of the form when the course is not approved. */
  get closedNotice(): Locator {
    return this.page.locator('[data-closed]');
  }

  get alert(): Locator {
    return this.page.getByRole('alert');
  }
}
