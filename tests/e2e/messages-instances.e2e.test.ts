import { describe, expect, it } from 'vitest';
import type { ChatContactList, MessagePage } from '@/contract/chat';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { callApi, readApi } from './support/api';
import type { RunningApp } from './support/app';
import { expectNoAxeViolations } from './support/browser';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

/** Two instances of the product on one PostgreSQL database, as behind a load balancer. */
const suite = productSuite({ instances: 2 });

const TRAINEE = DEMO_ACCOUNTS.trainee;
const TRAINER = DEMO_ACCOUNTS.trainer;

let counter = 0;
/** A text no other test writes. */
function unique(text: string): string {
  counter += 1;
  return `${text} ${Date.now().toString(36)}${counter}`;
}

async function tokenOf(app: RunningApp, account: { email: string; password: string }): Promise<string> {
  const answer = await callApi(app.url, '/user/login/', {
    body: { username: account.email, password: account.password },
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The demo trainee's direct conversation with the demo trainer, started (or found) on the first instance. */
async function directConversationId(): Promise<number> {
  const app = suite.instance(0);
  const token = await tokenOf(app, TRAINEE);
  const contacts = await readApi<ChatContactList>(app.url, '/chat/contacts/', { token });
  const person = contacts.results.find((contact) => contact.person.name === TRAINER.full_name)?.person;
  if (!person) throw new Error('the demo trainee may message the demo trainer');
  const started = await callApi(app.url, '/chat/conversations/', { body: { user_id: person.id }, token });
  expect(started.ok).toBe(true);
  return ((await started.json()) as { id: number }).id;
}

/** The conversation's newest messages as an instance answers them: sequence and text. */
async function historyOn(app: RunningApp, conversation: number): Promise<[number, string][]> {
  const token = await tokenOf(app, TRAINER);
  const page = await readApi<MessagePage>(app.url, `/chat/conversations/${conversation}/messages/`, {
    token,
  });
  return page.results.map((message) => [message.seq, message.body]);
}

describe('messages on two instances of the product sharing one PostgreSQL database', () => {
  it('the trainee on one instance (Arabic, phone) and the trainer on the other (English, desktop) chat live, and both instances keep one history', async () => {
    const conversation = await directConversationId();
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
    const question = unique('سؤال عن الـ assignment الثالث');
    await trainee.messages.send(question);
    await expect.poll(() => trainer.messages.message(question).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => trainee.messages.markOf(question), { timeout: 20_000 }).toBe('read');

    // And the other way round.
    const answer = unique('Yes, it is due on Thursday.');
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
