import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { QuizForm } from './quiz-form';

/**
 * Edit lecture (/edit-lecture/{id}): the course's classes beside the form (folded above it on a
 * phone), the class-type select, Save and Close. The form's fields are the builder's (QuizForm).
 */
export class EditLecture extends QuizForm {
  async open(lectureId: number): Promise<void> {
    await this.page.goto(paths.editLecture(lectureId));
  }

  get sidebar(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Course classes') });
  }

  /** Unfolds the list of classes where it is folded (a phone). */
  async showClasses(): Promise<void> {
    const toggle = this.sidebar.getByRole('button', { name: this.t('Show') });
    if (await toggle.isVisible()) await toggle.click();
  }

  lectureLink(title: string): Locator {
    return this.sidebar.getByRole('link', { name: title, exact: true });
  }

  /** The title of the class marked as the current page. */
  currentLecture(): Promise<string | null> {
    return this.sidebar.locator('[aria-current="page"]').textContent();
  }

  get addNewClass(): Locator {
    return this.sidebar.getByRole('link', { name: this.t('Add New Class') });
  }

  get classType(): Locator {
    return this.page.getByLabel(this.t('Class type'));
  }

  async setClassType(type: 'Class' | 'Assignment' | 'Quiz'): Promise<void> {
    await this.classType.selectOption({ label: this.t(type) });
  }

  get close(): Locator {
    return this.page.getByRole('link', { name: this.t('Close'), exact: true });
  }

  closeHref(courseId: number): string {
    return paths.studentAssignments(courseId);
  }
}
