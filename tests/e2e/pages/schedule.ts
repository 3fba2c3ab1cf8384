import { WEEKDAYS, type Weekday } from '@contract/wire/courses';
import type { Locator } from 'playwright-core';
import { paths } from '@/routing/paths';
import { PageObject } from './page-object';

/** The trainer's Manage Schedule: the week by day, its links, the change dialog and the calendar feed. */
export class Schedule extends PageObject {
  async open(week?: string): Promise<void> {
    await this.page.goto(paths.manageSchedule(week));
    await this.day('Saturday').waitFor();
  }

  /** A day's column or box, by its English weekday (the page names it in its own language). */
  day(day: Weekday): Locator {
    return this.page.locator(`section[data-day="${day}"]`);
  }

  /** The days in the order the page lists them. */
  async dayOrder(): Promise<string[]> {
    return this.page
      .locator('section[data-day]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-day') ?? ''));
  }

  get weekdays(): readonly Weekday[] {
    return WEEKDAYS;
  }

  /** The date marked as today (aria-current="date"). */
  async today(): Promise<string | null> {
    const marked = this.page.locator('time[aria-current="date"]');
    return (await marked.count()) ? marked.getAttribute('datetime') : null;
  }

  /** The dates of the week shown, Saturday first. */
  async dates(): Promise<string[]> {
    return this.page
      .locator('section[data-day] h2 time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  }

  /** A session's card: the course and the session's routine date. */
  session(courseId: number, date: string): Locator {
    return this.page.locator(`li[data-session="${courseId}-${date}"]`);
  }

  link(name: 'Previous week' | 'Next week' | 'This week'): Locator {
    return this.page
      .getByRole('navigation', { name: this.t('Weeks') })
      .getByRole('link', { name: this.t(name) });
  }

  /** The change dialog, while it is open. */
  dialog(action: 'cancel' | 'move'): Locator {
    return this.page.getByRole('dialog', {
      name: this.t(action === 'cancel' ? 'Cancel this session?' : 'Move this session'),
    });
  }

  /** Cancels the session of the card with a reason, through the dialog. */
  async cancel(card: Locator, title: string, times: string, reason: string): Promise<void> {
    await card
      .getByRole('button', { name: this.t('Cancel the session of {title} at {times}', { title, times }) })
      .click();
    const dialog = this.dialog('cancel');
    await dialog.getByLabel(this.t('Reason')).fill(reason);
    await dialog.getByRole('button', { name: this.t('Cancel session') }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Puts the card's cancelled or moved session back. */
  async restore(card: Locator, title: string, times: string): Promise<void> {
    await card
      .getByRole('button', { name: this.t('Restore the session of {title} at {times}', { title, times }) })
      .click();
  }

  /** Opens the move dialog of the card and fills it (the values as typed); does not send. */
  async fillMove(
    card: Locator,
    title: string,
    times: string,
    values: { reason: string; date: string; start: string; end: string },
  ): Promise<Locator> {
    await card
      .getByRole('button', { name: this.t('Move the session of {title} at {times}', { title, times }) })
      .click();
    const dialog = this.dialog('move');
    await dialog.getByLabel(this.t('Reason')).fill(values.reason);
    await dialog.getByLabel(this.t('New date')).fill(values.date);
    await dialog.getByLabel(this.t('Starts at')).fill(values.start);
    await dialog.getByLabel(this.t('Ends at')).fill(values.end);
    return dialog;
  }

  moveButton(dialog: Locator): Locator {
    return dialog.getByRole('button', { name: this.t('Move session') });
  }

  /** The calendar feed's address as the page shows it. */
  feedAddress(): Promise<string> {
    return this.page.getByLabel(this.t('Calendar address')).inputValue();
  }

  get copyAddress(): Locator {
    return this.page.getByRole('button', { name: this.t('Copy address') });
  }

  get copied(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('Address copied') });
  }

  /** New address, confirmed. */
  async renewAddress(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('New address') }).click();
    await this.page.getByRole('button', { name: this.t('Make a new address') }).click();
  }
}
