import { paths } from '@/routing/paths';
import type { Tab } from '../support/browser';
import { Form } from './form';

type IssueField = 'name' | 'subject' | 'description';

/** Report an Issue: the form (sending it needs sign-in). */
export class ReportIssue extends Form<IssueField> {
  constructor(tab: Tab) {
    super(
      tab,
      () => tab.page.getByRole('main'),
      { name: 'Name', subject: 'Subject', description: 'Description' },
      'Send report',
    );
  }

  async open(): Promise<void> {
    await this.page.goto(paths.reportIssue());
  }
}
