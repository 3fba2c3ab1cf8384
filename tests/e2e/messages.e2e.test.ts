import type { ConversationList } from '@contract/wire/chat';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations } from './support/browser';
import { accessTokenOf, directConversationId, uniqueText } from './support/chat';
import { verifiedTrainee } from './support/identity';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();

const TRAINEE = DEMO_ACCOUNTS.trainee;
const TRAINER = DEMO_ACCOUNTS.trainer;

const tokens = new Map<string, string>();

/** An access token of the account (one sign-in per account and file). */
async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const known = tokens.get(account.email);
  if (known) return known;
  const token = await accessTokenOf(suite.app, account);
  tokens.set(account.email, token);
  return token;
}

/** What the server counts unread for the account: in all, and in its conversation with `peer`. */
async function unreadOf(account: { email: string; password: string }, peer: string) {
  const list = await suite.read<ConversationList>('/chat/conversations/', { token: await tokenOf(account) });
  const direct = list.results.find((conversation) => conversation.peer?.name === peer);
  return { total: list.unread_total, direct: direct?.unread ?? 0, id: direct?.id ?? null };
}

describe('messages', () => {
  it('the demo trainee (English, desktop) and the demo trainer (Arabic, phone) chat live: typing, delivered then read, the header count', async () => {
    const trainee = await suite.open({ language: 'en', width: 'desktop' });
    await signInWithTokens(suite.app, trainee.context, TRAINEE);
    const trainer = await suite.open({ language: 'ar', width: 'phone' });
    await signInWithTokens(suite.app, trainer.context, TRAINER);

    // The trainee opens the list, then the New message dialog, and chooses the trainer.
    await trainee.goto(paths.messages());
    await expect.poll(() => trainee.messages.list.isVisible()).toBe(true);
    await expectNoAxeViolations(trainee.page);
    await trainee.messages.newMessageButton.click();
    await expect.poll(() => trainee.messages.contact(TRAINER.full_name).isVisible()).toBe(true);
    await expectNoAxeViolations(trainee.page);
    await trainee.messages.contact(TRAINER.full_name).click();
    await expect.poll(() => trainee.messages.openConversationId()).not.toBeNull();
    await expect.poll(() => trainee.messages.threadHeading.textContent()).toBe(TRAINER.full_name);
    await expect.poll(() => trainee.messages.activeConversation.count()).toBe(1);

    // The trainer is on the home page: the header's link counts the message, delivered to the device.
    const before = await unreadOf(TRAINER, TRAINEE.full_name);
    await trainer.goto(paths.home());
    await expect.poll(() => trainer.messages.unread()).toBe(before.total);
    const first = uniqueText('Hello, I have a question about lab 3.');
    await trainee.messages.send(first);
    await expect.poll(() => trainee.messages.composer.inputValue()).toBe('');
    await expect.poll(() => trainee.messages.markOf(first)).toBe('delivered');
    await expect.poll(() => trainer.messages.unread()).toBe(before.total + 1);
    expect(await trainer.messages.link.getAttribute('aria-label')).toBe(
      trainer.messages.linkLabel(before.total + 1),
    );

    // The trainer follows the link and opens the conversation: read, and the count is gone.
    await trainer.messages.link.click();
    await expect
      .poll(() => trainer.messages.conversation(new RegExp(TRAINEE.full_name)).isVisible())
      .toBe(true);
    await expectNoAxeViolations(trainer.page);
    await trainer.messages.conversation(new RegExp(TRAINEE.full_name)).click();
    await expect.poll(() => trainer.messages.message(first).isVisible()).toBe(true);
    await expect.poll(() => trainee.messages.markOf(first)).toBe('read');
    await expect.poll(() => trainer.messages.unread()).toBe(before.total - before.direct);
    await expect
      .poll(() => trainee.messages.message(first).getByText(trainee.messages.markText('read')).count())
      .toBe(1);

    // The trainer types: the trainee sees it; then the trainer's answer in Arabic arrives.
    await trainer.messages.composer.pressSequentially('أهلاً');
    await expect.poll(() => trainee.messages.typing()).toBe(trainee.messages.typingText(TRAINER.full_name));
    const answer = uniqueText('أهلاً سارة، نعم. Lab 3 is due on Sunday.');
    await trainer.messages.composer.fill(answer);
    await trainer.messages.sendButton.click();
    await expect.poll(() => trainee.messages.message(answer).isVisible()).toBe(true);
    await expect.poll(() => trainee.messages.typing()).toBe('');
    // The trainee has it open in front: read at once, so the trainer's mark turns read and no count shows.
    await expect.poll(() => trainer.messages.markOf(answer)).toBe('read');
    await expect.poll(async () => (await unreadOf(TRAINEE, TRAINER.full_name)).direct).toBe(0);
    await expect
      .poll(() => trainee.messages.unread())
      .toBe((await unreadOf(TRAINEE, TRAINER.full_name)).total);
    await expectNoAxeViolations(trainee.page);
    await expectNoAxeViolations(trainer.page);

    // On the phone, the thread has a back link to the list.
    await trainer.messages.backToList.click();
    await expect.poll(() => trainer.messages.list.isVisible()).toBe(true);
    expect(trainee.problems).toEqual([]);
    expect(trainer.problems).toEqual([]);
  });

  it('two tabs of one user stay in step (Arabic, phone)', async () => {
    const conversation = await directConversationId(suite.app, TRAINEE, TRAINER.full_name);
    const first = await suite.open({ language: 'ar', width: 'phone' });
    await signInWithTokens(suite.app, first.context, TRAINEE);
    const second = await suite.openSecondTab(first);
    const trainer = await suite.open({ language: 'en', width: 'desktop' });
    await signInWithTokens(suite.app, trainer.context, TRAINER);

    await first.goto(paths.home());
    await second.goto(paths.messages());
    await trainer.goto(paths.messages(conversation));
    await expect.poll(() => second.messages.list.isVisible()).toBe(true);
    await expect.poll(() => trainer.messages.composer.isVisible()).toBe(true);

    // The trainer writes: both tabs count it.
    const before = await unreadOf(TRAINEE, TRAINER.full_name);
    await expect.poll(() => second.messages.unread()).toBe(before.total);
    const note = uniqueText('Reminder: the session starts at 10.');
    await trainer.messages.send(note);
    await expect.poll(() => first.messages.unread()).toBe(before.total + 1);
    await expect.poll(() => second.messages.unread()).toBe(before.total + 1);

    // Reading it in the first tab clears the count in the second.
    await first.goto(paths.messages(conversation));
    await expect.poll(() => first.messages.message(note).isVisible()).toBe(true);
    await expect.poll(() => second.messages.unread()).toBe(before.total - before.direct);
    await expect.poll(() => first.messages.unread()).toBe(before.total - before.direct);

    // A message sent in the first tab shows in the second's list and, opened, in its thread.
    const reply = uniqueText('شكراً، سأكون هناك');
    await first.messages.send(reply);
    await expect
      .poll(() => second.messages.conversation(new RegExp(TRAINER.full_name)).textContent())
      .toContain(reply);
    await second.messages.conversation(new RegExp(TRAINER.full_name)).click();
    await expect.poll(() => second.messages.message(reply).isVisible()).toBe(true);
    await expect.poll(() => second.messages.markOf(reply)).not.toBe('sending');
    await expectNoAxeViolations(second.page);
  });

  it('a message sent before the trainer opened the app turns delivered once it opens, unread (English desktop, Arabic phone)', async () => {
    const conversation = await directConversationId(suite.app, TRAINEE, TRAINER.full_name);
    const trainee = await suite.open({ language: 'en', width: 'desktop' });
    await signInWithTokens(suite.app, trainee.context, TRAINEE);
    await trainee.goto(paths.messages(conversation));
    await expect.poll(() => trainee.messages.composer.isVisible()).toBe(true);

    // No device of the trainer's is open: sent, not delivered.
    const body = uniqueText('Are the slides for week 2 online?');
    await trainee.messages.send(body);
    await expect.poll(() => trainee.messages.markOf(body)).toBe('sent');
    const before = await unreadOf(TRAINER, TRAINEE.full_name);

    // The trainer opens the app on the home page: the message reached their device, still unread.
    const trainer = await suite.open({ language: 'ar', width: 'phone' });
    await signInWithTokens(suite.app, trainer.context, TRAINER);
    await trainer.goto(paths.home());
    await expect.poll(() => trainer.messages.unread()).toBe(before.total);
    await expect.poll(() => trainee.messages.markOf(body)).toBe('delivered');
    expect(
      await trainee.messages.message(body).getByText(trainee.messages.markText('delivered')).count(),
    ).toBe(1);
    expect((await unreadOf(TRAINER, TRAINEE.full_name)).direct).toBe(before.direct);
    await expectNoAxeViolations(trainee.page);
    await expectNoAxeViolations(trainer.page);
    expect(trainee.problems).toEqual([]);
    expect(trainer.problems).toEqual([]);
  });

  it('New message starts a conversation with a trainer not written to before, opens it once, and Back returns to the list (Arabic, phone)', async () => {
    const trainee = await suite.open({ language: 'ar', width: 'phone' });
    await signInWithTokens(suite.app, trainee.context, TRAINEE);
    await trainee.goto(paths.messages());
    await expect.poll(() => trainee.messages.list.isVisible()).toBe(true);
    const other = 'Eng. Abdullah Al-Otaibi';
    await trainee.messages.startWith(other);
    await expect.poll(() => trainee.messages.threadHeading.textContent()).toBe(other);
    await expect.poll(() => trainee.page.getByRole('dialog').count()).toBe(0);
    expect(trainee.messages.openConversationId()).not.toBeNull();
    // One step back is the list, not the same conversation a second time.
    await trainee.page.goBack();
    await expect.poll(() => trainee.messages.openConversationId()).toBeNull();
    await expect.poll(() => trainee.messages.list.isVisible()).toBe(true);
    expect(trainee.problems).toEqual([]);
  });

  it("a trainee who is not a member is refused someone else's conversation (English, phone)", async () => {
    const conversation = await directConversationId(suite.app, TRAINEE, TRAINER.full_name);
    const { person } = await verifiedTrainee(suite.app);
    const stranger = await suite.open({ language: 'en', width: 'phone' });
    await signInWithTokens(suite.app, stranger.context, person);
    await stranger.goto(paths.messages(conversation));
    await expect.poll(() => stranger.messages.notAvailable.isVisible()).toBe(true);
    expect(await stranger.messages.messages.count()).toBe(0);
    expect(await stranger.messages.composer.count()).toBe(0);
    await expectNoAxeViolations(stranger.page);
    await stranger.messages.backToList.click();
    await expect.poll(() => stranger.messages.openConversationId()).toBeNull();
    await expect.poll(() => stranger.messages.list.isVisible()).toBe(true);
  });

  it('Enter sends, Shift+Enter starts a new line, and markup shows as text (Arabic, desktop)', async () => {
    const conversation = await directConversationId(suite.app, TRAINEE, TRAINER.full_name);
    const trainee = await suite.open({ language: 'ar', width: 'desktop' });
    await signInWithTokens(suite.app, trainee.context, TRAINEE);
    await trainee.goto(paths.messages(conversation));
    const { composer } = trainee.messages;
    await expect.poll(() => composer.isVisible()).toBe(true);

    const firstLine = uniqueText('السطر الأول');
    await composer.click();
    await composer.pressSequentially(firstLine);
    await composer.press('Shift+Enter');
    await composer.pressSequentially('second line');
    expect(await composer.inputValue()).toBe(`${firstLine}\nsecond line`);
    expect(await trainee.messages.message(firstLine).count()).toBe(0);
    await composer.press('Enter');
    await expect.poll(() => trainee.messages.message(firstLine).count()).toBe(1);
    expect(await trainee.messages.bodyOf(firstLine)).toBe(`${firstLine}\nsecond line`);
    expect(await composer.inputValue()).toBe('');

    const markup = uniqueText('<img src=x onerror="window.__chatInjected=1"> <b>bold</b>');
    await trainee.messages.send(markup);
    await expect.poll(() => trainee.messages.message(markup).count()).toBe(1);
    expect(await trainee.messages.bodyOf(markup)).toBe(markup);
    expect(await trainee.messages.thread.locator('img[src="x"], b').count()).toBe(0);
    expect(
      await trainee.page.evaluate(() => (window as { __chatInjected?: number }).__chatInjected),
    ).toBeUndefined();
    await expectNoAxeViolations(trainee.page);
    expect(trainee.problems).toEqual([]);
  });
});
