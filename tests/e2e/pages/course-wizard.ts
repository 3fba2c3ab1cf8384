import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The steps as the step list names them (English source messages). */
export const WIZARD_STEP_NAMES = {
  basics: 'Basic info',
  about: 'About',
  syllabus: 'Syllabus',
  surveys: 'Evaluation surveys',
  routine: 'Class routine',
  facilitators: 'Facilitators',
  review: 'Review',
} as const;
export type WizardStepName = keyof typeof WIZARD_STEP_NAMES;

/** The course wizard (/add-new-course, /edit-course/{id}): its step list, fields and buttons. */
export class CourseWizard extends PageObject {
  /** The step list above the form. */
  get stepList(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Steps of the course wizard') });
  }

  stepButton(step: WizardStepName): Locator {
    return this.stepList.getByRole('button', { name: this.t(WIZARD_STEP_NAMES[step]), exact: true });
  }

  /** The step the list marks as the current one. */
  async currentStep(): Promise<string | null> {
    return this.stepList.locator('[aria-current="step"]').textContent();
  }

  /** The heading of the step shown. */
  get stepHeading(): Locator {
    return this.page.getByRole('heading', { level: 2 });
  }

  /** Waits until the step shown is `step`. */
  async isOn(step: WizardStepName): Promise<boolean> {
    return (await this.stepHeading.first().textContent()) === this.t(WIZARD_STEP_NAMES[step]);
  }

  goTo(step: WizardStepName): Promise<void> {
    return this.stepButton(step).click();
  }

  /** A field by its label (the English source message, with its placeholders' values). */
  field(label: string, values?: Record<string, unknown>): Locator {
    return this.page.getByLabel(this.t(label, values), { exact: true });
  }

  async fill(fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await this.field(label).fill(value);
  }

  /** Chooses an option of a select by its label, or the first real option when none is given. */
  async choose(label: string, option?: string): Promise<void> {
    const select = this.field(label);
    if (option) await select.selectOption({ label: option });
    else await select.selectOption({ index: 1 });
  }

  /** Ticks a checkbox of a group (its legend) by the option's label. */
  async tick(group: string, option: string): Promise<void> {
    await this.page
      .getByRole('group', { name: this.t(group) })
      .getByRole('checkbox', { name: this.t(option), exact: true })
      .check();
  }

  /** Ticks a checkbox with its own label (Female Only, a day of the routine). */
  async check(label: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: this.t(label), exact: true }).check();
  }

  /** Chooses the cover picture and waits until it is uploaded. */
  async uploadCover(name: string, buffer: Buffer, mimeType: string): Promise<void> {
    const input = this.page.locator('input[type="file"]');
    await input.setInputFiles({ name, mimeType, buffer });
  }

  get coverPreview(): Locator {
    return this.page.getByRole('img', { name: this.t('The course cover as it will be shown') });
  }

  /** The message shown next to a field, read from its aria-describedby. */
  async messageOf(field: Locator): Promise<string> {
    const ids = (await field.getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(
      ids
        .split(' ')
        .filter(Boolean)
        .map((id) => this.page.locator(`[id="${id}"]`).textContent()),
    );
    return texts.join(' ').trim();
  }

  async invalid(field: Locator): Promise<boolean> {
    return (await field.getAttribute('aria-invalid')) === 'true';
  }

  /** Finds a facilitator by e-mail address and adds them. */
  async addFacilitator(email: string): Promise<void> {
    await this.field("Facilitator's e-mail address").fill(email);
    await this.page.getByRole('button', { name: this.t('Find and add') }).click();
  }

  get nextButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Next'), exact: true });
  }

  next(): Promise<void> {
    return this.nextButton.click();
  }

  back(): Promise<void> {
    return this.page.getByRole('button', { name: this.t('Back'), exact: true }).click();
  }

  /** The submit button of the review: 'Submit', 'Save changes' or 'Send again for approval'. */
  submitButton(label: 'Submit' | 'Save changes' | 'Send again for approval'): Locator {
    return this.page.getByRole('button', { name: this.t(label), exact: true });
  }

  /** What the form shows, messages included. */
  text(): Promise<string | null> {
    return this.page.getByRole('main').textContent();
  }
}
