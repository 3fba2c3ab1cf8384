import type { DeliveryMark } from '@machines/chat.view';
import type { Locator } from 'playwright-core';
import { numberOf, numberText, startingWith } from '../support/text';
import { PageObject } from './page-object';

/** The header's Messages link and the /messages screen: the list, the open thread, the dialog. */
export class Messages extends PageObject {
  /** The header's link, named "Messages" or "Messages, N unread". */
  get link(): Locator {
    return this.page
      .getByRole('banner')
      .getByRole('link', { name: startingWith('Messages', this.tab.language) });
  }

  /** The unread count the header's link shows (0 when it shows none). */
  async unread(): Promise<number> {
    const count = this.page.getByRole('banner').getByTestId('chat-unread-count');
    return (await count.count()) ? numberOf((await count.textContent()) ?? '') : 0;
  }

  /** What the link says to a screen reader with `unread` unread messages. */
  linkLabel(unread: number): string {
    if (unread === 0) return this.t('Messages');
    return this.t('{unread, plural, one {Messages, # unread} other {Messages, # unread}}', { unread });
  }

  /** The conversation list. */
  get list(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Conversations') });
  }

  /** The list's link to the conversation named `title` (a person's name or a course's title). */
  conversation(title: string | RegExp): Locator {
    return this.list.getByRole('link', { name: title });
  }

  /** The list's link marked as the open conversation. */
  get activeConversation(): Locator {
    return this.list.locator('a[aria-current="page"]');
  }

  /** What a list item says of its unread messages to a screen reader. */
  unreadText(count: number): string {
    return this.t('{0, plural, one {# unread message} other {# unread messages}}', { 0: count });
  }

  /** The open conversation's heading. */
  get threadHeading(): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 2 });
  }

  /** The open thread's scrolling area. */
  get thread(): Locator {
    return this.page.getByTestId('thread');
  }

  /** The messages of the open thread, oldest first. */
  get messages(): Locator {
    return this.page.getByRole('list', { name: this.t('Messages') }).locator('li[data-message]');
  }

  /** The message whose text is `body`. */
  message(body: string): Locator {
    return this.messages.filter({ has: this.page.locator('p[dir="auto"]', { hasText: body }) });
  }

  /** The text of the message whose text starts as `body` does (its lines kept). */
  async bodyOf(body: string): Promise<string> {
    return this.message(body)
      .locator('p[dir="auto"]')
      .textContent()
      .then((text) => text ?? '');
  }

  /** An own message's mark: sending, sent, delivered, read or failed. */
  async markOf(body: string): Promise<DeliveryMark | null> {
    const mark = this.message(body).locator('[data-mark]');
    return (await mark.count()) ? ((await mark.getAttribute('data-mark')) as DeliveryMark) : null;
  }

  /** What the screen reader hears for a mark. */
  markText(mark: DeliveryMark): string {
    const names = {
      sending: 'Sending',
      sent: 'Sent',
      delivered: 'Delivered',
      read: 'Read',
      failed: 'Not sent',
    };
    return this.t(names[mark]);
  }

  /** The typing line under the thread ('' when nobody types). */
  async typing(): Promise<string> {
    return ((await this.page.getByTestId('typing').textContent()) ?? '').trim();
  }

  typingText(name: string): string {
    return this.t('{first} is typing…', { first: name });
  }

  get composer(): Locator {
    return this.page.getByRole('textbox', { name: this.t('Message'), exact: true });
  }

  get sendButton(): Locator {
    return this.page.getByRole('button', { name: this.t('Send'), exact: true });
  }

  /** Types a message and presses Enter. */
  async send(body: string): Promise<void> {
    await this.composer.fill(body);
    await this.composer.press('Enter');
  }

  get newMessageButton(): Locator {
    return this.page
      .getByRole('main')
      .getByRole('button', { name: this.t('New message') })
      .first();
  }

  /** The New message dialog's entry for a person. */
  contact(name: string): Locator {
    return this.page.getByRole('dialog').getByRole('button', { name: new RegExp(escapeForPattern(name)) });
  }

  /** Opens the dialog and the conversation with this person. */
  async startWith(name: string): Promise<void> {
    await this.newMessageButton.click();
    await this.contact(name).click();
  }

  get notAvailable(): Locator {
    return this.page.getByText(this.t('This conversation is not available'));
  }

  get backToList(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: this.t('Back to conversations') });
  }

  /** The connection banner's sentence ('' when the chat is connected). */
  async connectionText(): Promise<string> {
    return ((await this.page.getByRole('main').getByRole('status').first().textContent()) ?? '').trim();
  }

  /** The `conversation` query parameter of the page's address, or null. */
  openConversationId(): number | null {
    const value = new URL(this.page.url()).searchParams.get('conversation');
    return value ? Number(value) : null;
  }

  unreadCountText(count: number): string {
    return numberText(count, this.tab.language);
  }
}

function escapeForPattern(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
