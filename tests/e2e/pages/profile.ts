import type { Locator } from 'playwright-core';
import type { Tab } from '../support/browser';
import { Dialog } from './dialog';
import { Form } from './form';
import { PageObject } from './page-object';

/** The edit form's text fields, by their labels (English source messages). */
const FIELDS = {
  full_name: 'Full name',
  email: 'Email',
  phone_number: 'Phone number',
  govt_id_or_iqama_no: 'Govt ID or Iqama number',
} as const;

export type ProfileField = keyof typeof FIELDS;

/** A picture the photo chooser is given. */
export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A password dialog of the profile: change password, close account. */
class PasswordDialog extends Dialog {
  field(label: string): Locator {
    return this.labelled(label);
  }

  send(label: string): Promise<void> {
    return this.button(label, { exact: true }).click();
  }
}

/** /profile: the details and their form, the photo, the password and closing the account. */
export class ProfilePage extends PageObject {
  readonly form: Form<ProfileField>;
  readonly dialog: PasswordDialog;

  constructor(tab: Tab) {
    super(tab);
    this.form = new Form(tab, () => this.details, FIELDS, 'Save');
    this.dialog = new PasswordDialog(tab);
  }

  /** The details card (its heading names it). */
  get details(): Locator {
    return this.page.getByRole('region', { name: this.t('Details') });
  }

  detailsText(): Promise<string | null> {
    return this.details.textContent();
  }

  /** Opens the edit form. */
  edit(): Promise<void> {
    return this.details.getByRole('button', { name: this.t('Edit profile') }).click();
  }

  get editButton(): Locator {
    return this.details.getByRole('button', { name: this.t('Edit profile') });
  }

  /** Picks the user type by what the list shows in the tab's language. */
  async chooseUserType(type: string): Promise<void> {
    await this.details.getByLabel(this.t('User type'), { exact: true }).selectOption({ label: this.t(type) });
  }

  /** The alert box over the form (the server's refusal). */
  alert(): Promise<string | null> {
    return this.details.getByRole('alert').textContent();
  }

  /** The photo card. */
  get photo(): Locator {
    return this.page.getByRole('region', { name: this.t('Photo') });
  }

  /** Chooses a picture with the photo button's file chooser. */
  async choosePhoto(file: PhotoFile): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.photo.getByRole('button', { name: this.t('Choose a photo') }).click();
    await (await chooser).setFiles(file);
  }

  /** The picture the card shows: the preview of a chosen photo, else the saved one or the stock avatar. */
  shownPhoto(kind: 'preview' | 'saved'): Locator {
    return this.photo.getByRole('img', {
      name: this.t(kind === 'preview' ? 'Preview of your new photo' : 'Your photo'),
    });
  }

  uploadPhoto(): Promise<void> {
    return this.photo.getByRole('button', { name: this.t('Upload photo') }).click();
  }

  photoAlert(): Promise<string | null> {
    return this.photo.getByRole('alert').textContent();
  }

  /** Opens the change-password dialog. */
  openChangePassword(): Promise<void> {
    return this.page.getByRole('button', { name: this.t('Change password'), exact: true }).click();
  }

  /** Fills the change-password dialog and sends it; the answer may be a refusal. */
  async changePassword(current: string, next: string, confirm = next): Promise<void> {
    await this.dialog.field('Current password').fill(current);
    await this.dialog.field('New password').fill(next);
    await this.dialog.field('Confirm password').fill(confirm);
    await this.dialog.send('Change password');
  }

  /** Opens the close-account dialog. */
  openCloseAccount(): Promise<void> {
    return this.page.getByRole('button', { name: this.t('Close account'), exact: true }).click();
  }

  /** Confirms closing the account with the password. */
  async closeAccount(password: string): Promise<void> {
    await this.dialog.field('Password').fill(password);
    await this.dialog.send('Close my account');
  }

  /** The "Mail notifications" section (its heading names it). */
  get mailNotices(): Locator {
    return this.page.getByRole('region', { name: this.t('Mail notifications') });
  }

  /** The switch of a kind of notice, by its label (English source message). */
  mailSwitch(label: string): Locator {
    return this.mailNotices.getByRole('checkbox', { name: this.t(label) });
  }

  /** Saves the section's switches. */
  saveMailNotices(): Promise<void> {
    return this.mailNotices.getByRole('button', { name: this.t('Save') }).click();
  }

  /** Whether the top of the section is in the window (an address ending in its anchor scrolls to it). */
  mailNoticesInView(): Promise<boolean> {
    return this.page.evaluate(() => {
      const top = document.getElementById('notification-settings')?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < window.innerHeight;
    });
  }
}
