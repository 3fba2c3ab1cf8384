import type { MessagePage } from '@contract/wire/chat';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { accessTokenOf, directConversationId, uniqueText } from './support/chat';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

// As `npm start` runs the product: on the embedded database in its data folder.
const suite = productSuite({ embedded: true });

const TRAINEE = DEMO_ACCOUNTS.trainee;
const TRAINER = DEMO_ACCOUNTS.trainer;

/** A fresh access token of the demo trainee (the server may have restarted since the last). */
async function traineeToken(): Promise<string> {
  return accessTokenOf(suite.app, TRAINEE);
}

/** How many messages of the conversation's newest page the server stores with exactly this text. */
async function storedCount(conversation: number, body: string): Promise<number> {
  const page = await suite.read<MessagePage>(`/chat/conversations/${conversation}/messages/?limit=100`, {
    token: await traineeToken(),
  });
  return page.results.filter((message) => message.body === body).length;
}

/** Both sides with the conversation open: the trainee in English on a desktop, the trainer in Arabic on a phone. */
async function openBothSides() {
  const conversation = await directConversationId(suite.app, TRAINEE, TRAINER.full_name);
  const trainee = await suite.open({ language: 'en', width: 'desktop' });
  await signInWithTokens(suite.app, trainee.context, TRAINEE);
  const trainer = await suite.open({ language: 'ar', width: 'phone' });
  await signInWithTokens(suite.app, trainer.context, TRAINER);
  await trainee.goto(paths.messages(conversation));
  await trainer.goto(paths.messages(conversation));
  await expect.poll(() => trainee.messages.composer.isVisible()).toBe(true);
  await expect.poll(() => trainer.messages.composer.isVisible()).toBe(true);
  return { conversation, trainee, trainer };
}

/** A moment for what must not happen (nothing the user sees would tell it did not). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

describe('messages across network drops and server restarts', () => {
  it("a message sent while the trainee's network is down goes out once it is back, and arrives once", async () => {
    const { conversation, trainee, trainer } = await openBothSides();

    await trainee.context.setOffline(true);
    const body = uniqueText('Sent while offline');
    await trainee.messages.send(body);
    await expect.poll(() => trainee.messages.markOf(body)).toBe('sending');
    await expect.poll(() => trainee.messages.connectionText()).not.toBe('');
    // Offline, it must not go: neither stored nor shown to the trainer.
    await settle();
    expect(await storedCount(conversation, body)).toBe(0);
    expect(await trainer.messages.message(body).count()).toBe(0);

    await trainee.context.setOffline(false);
    await expect.poll(() => trainer.messages.message(body).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => trainee.messages.markOf(body), { timeout: 30_000 }).toBe('read');
    await expect.poll(() => trainee.messages.connectionText()).toBe('');
    // Acknowledged, it has left the outbox: nothing sends it again, so what the server stores is final.
    expect(await storedCount(conversation, body)).toBe(1);
    expect(await trainer.messages.message(body).count()).toBe(1);
    expect(await trainee.messages.message(body).count()).toBe(1);

    // Read again from the server, it is there once.
    await trainer.page.reload();
    await expect.poll(() => trainer.messages.message(body).count()).toBe(1);
  });

  it('the server restarts: the history stays and what was written meanwhile is delivered', async () => {
    const { conversation, trainee, trainer } = await openBothSides();
    const before = uniqueText('Before the restart');
    await trainee.messages.send(before);
    await expect.poll(() => trainer.messages.message(before).count()).toBe(1);

    const during = uniqueText('While the server was down');
    await suite.app.restart(async () => {
      await expect.poll(() => trainee.messages.connectionText(), { timeout: 20_000 }).not.toBe('');
      await trainee.messages.send(during);
      await expect.poll(() => trainee.messages.markOf(during)).toBe('sending');
    });

    await expect.poll(() => trainer.messages.message(during).count(), { timeout: 40_000 }).toBe(1);
    await expect.poll(() => trainee.messages.markOf(during), { timeout: 30_000 }).not.toBe('sending');
    // Acknowledged, it has left the outbox: stored once, and shown once.
    expect(await storedCount(conversation, during)).toBe(1);
    expect(await trainer.messages.message(during).count()).toBe(1);

    for (const visit of [trainee, trainer]) {
      await visit.page.reload();
      await expect.poll(() => visit.messages.message(during).count()).toBe(1);
      expect(await visit.messages.message(before).count()).toBe(1);
    }
  });
});
