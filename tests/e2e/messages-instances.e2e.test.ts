import type { MessagePage } from '@contract/wire/chat';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { readApi } from './support/api';
import type { RunningApp } from './support/app';
import { expectNoAxeViolations } from './support/browser';
import { accessTokenOf, directConversationId, uniqueText } from './support/chat';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

/** Two instances of the product on one PostgreSQL database, as behind a load balancer. */
const suite = productSuite({ instances: 2 });

const TRAINEE = DEMO_ACCOUNTS.trainee;
const TRAINER = DEMO_ACCOUNTS.trainer;

/** The conversation's newest messages as an instance answers them: sequence and text. */
async function historyOn(app: RunningApp, conversation: number): Promise<[number, string][]> {
  const token = await accessTokenOf(app, TRAINER);
  const page = await readApi<MessagePage>(app.url, `/chat/conversations/${conversation}/messages/`, {
    token,
  });
  return page.results.map((message) => [message.seq, message.body]);
}

describe('messages on two instances of the product sharing one PostgreSQL database', () => {
  it('the trainee on one instance (Arabic, phone) and the trainer on the other (English, desktop) chat live, and both instances keep one history', async () => {
    const conversation = await directConversationId(suite.instance(0), TRAINEE, TRAINER.full_name);
    const trainee = await suite.open({ instance: 0, language: 'ar', width: 'phone' });
    await signInWithTokens(suite.instance(0), trainee.context, TRAINEE);
    const trainer = await suite.open({ instance: 1, language: 'en', width: 'desktop' });
    await signInWithTokens(suite.instance(1), trainer.context, TRAINER);
    await trainee.goto(paths.messages(conversation));
    await trainer.goto(paths.messages(conversation));
    await expect.poll(() => trainee.messages.composer.isVisible()).toBe(true);
    await expect.poll(() => trainer.messages.composer.isVisible()).toBe(true);

    // Instance 0 stores the trainee's message; the trainer's socket on instance 1 gets it, once, and
    // the trainer's reading travels back as the read mark.
    const question = uniqueText('سؤال عن الـ assignment الثالث');
    await trainee.messages.send(question);
    await expect.poll(() => trainer.messages.message(question).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => trainee.messages.markOf(question), { timeout: 20_000 }).toBe('read');

    // And the other way round.
    const answer = uniqueText('Yes, it is due on Thursday.');
    await trainer.messages.send(answer);
    await expect.poll(() => trainee.messages.message(answer).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => trainer.messages.markOf(answer), { timeout: 20_000 }).toBe('read');
    await expectNoAxeViolations(trainee.page);
    await expectNoAxeViolations(trainer.page);

    // Typing on one instance shows on the other.
    await trainee.messages.composer.fill('…');
    await expect
      .poll(() => trainer.messages.typing(), { timeout: 20_000 })
      .toBe(trainer.messages.typingText(TRAINEE.full_name));

    // Each message was stored once, in order, and both instances answer the same history.
    const first = await historyOn(suite.instance(0), conversation);
    const second = await historyOn(suite.instance(1), conversation);
    expect(second).toEqual(first);
    const ours = first.filter(([, body]) => body === question || body === answer);
    expect(ours.map(([, body]) => body)).toEqual([question, answer]);
    expect(ours[1]?.[0]).toBe((ours[0]?.[0] ?? 0) + 1);

    expect(trainee.problems).toEqual([]);
    expect(trainer.problems).toEqual([]);
  });
});
