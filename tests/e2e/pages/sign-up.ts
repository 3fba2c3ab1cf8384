import type { Locator } from 'playwright-core';
import type { Tab } from '../support/browser';
import type { Person } from '../support/identity';
import { Dialog } from './dialog';
import { Form } from './form';

const REGISTRATION_LABELS = {
  full_name: 'Full name',
  email: 'Email',
  phone_number: 'Phone number (optional)',
  govt_id_or_iqama_no: 'Govt ID or Iqama number',
  password: 'Password',
  confirm: 'Confirm password',
} as const;

export type RegistrationField = keyof typeof REGISTRATION_LABELS;

/** The Sign Up and Become a Trainer dialog, and what it shows once registration is complete. */
export class SignUpDialog extends Dialog {
  private readonly form: Form<RegistrationField>;

  constructor(tab: Tab) {
    super(tab);
    this.form = new Form(tab, () => this.root, REGISTRATION_LABELS, 'Sign Up');
  }

  field(name: RegistrationField): Locator {
    return this.form.field(name);
  }

  fill(values: Partial<Record<RegistrationField, string>>): Promise<void> {
    return this.form.fill(values);
  }

  /** Fills every field for `person`, the password twice. */
  fillIn(person: Person): Promise<void> {
    return this.form.fill({ ...person, confirm: person.password });
  }

  /** Fills every field for `person` and sends the form. */
  async register(person: Person): Promise<void> {
    await this.fillIn(person);
    await this.submit();
  }

  attachCv(file: string): Promise<void> {
    return this.labelled('CV (optional)').setInputFiles(file);
  }

  submit(): Promise<void> {
    return this.form.send();
  }

  /** Once the form's address has a code on its way: its code step. */
  enterSentCode(): Promise<void> {
    return this.button('Enter the code we sent').click();
  }

  /** The message beside a field, or '' when none. */
  message(name: RegistrationField): Promise<string> {
    return this.form.message(name);
  }

  applyAsTrainer(): Promise<void> {
    return this.button('Apply as Trainer').click();
  }

  goToProfile(): Promise<void> {
    return this.button('Go to my profile').click();
  }
}
