import { paths } from '@/routing/paths';
import type { Tab } from '../support/browser';
import { Form } from './form';

type ContactField = 'full_name' | 'email' | 'subject' | 'message';

/** Contact us: the get-in-touch form. */
export class Contact extends Form<ContactField> {
  constructor(tab: Tab) {
    super(
      tab,
      () => tab.page.getByRole('main'),
      { full_name: 'Full name', email: 'Email', subject: 'Subject', message: 'Message' },
      'Send message',
    );
  }

  async open(): Promise<void> {
    await this.page.goto(paths.contact());
  }
}
