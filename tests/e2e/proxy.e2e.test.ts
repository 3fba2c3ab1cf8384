import type { MessagePage } from '@contract/wire/chat';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { COOKIE } from '@/session/storage';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import type { Visit } from './pages/visit';
import { readApi } from './support/api';
import { freePort, type RunningApp } from './support/app';
import { expectNoAxeViolations } from './support/browser';
import { accessTokenOf, directConversationId, uniqueText } from './support/chat';
import { type Account, runAdmin } from './support/identity';
import { type RunningProxy, startProxy } from './support/proxy';
import { accessToken } from './support/session';
import { EN_DESKTOP, named } from './support/settings';
import { productSuite } from './support/suite';

/**
 * Two instances on one PostgreSQL database behind Debian's nginx, run from the production recipe
 * (deploy/nginx/kfu-training.conf): TLS ends at nginx, TRUST_PROXY=1, round robin.
 */
let proxyPort = 0;
const suite = productSuite({
  instances: 2,
  env: async () => {
    proxyPort = await freePort();
    return { TRUST_PROXY: '1', PUBLIC_ORIGIN: `https://localhost:${proxyPort}` };
  },
});

let running: RunningProxy | undefined;
beforeAll(async () => {
  running = await startProxy({
    port: proxyPort,
    httpPort: await freePort(),
    upstreams: [suite.instance(0).url, suite.instance(1).url],
    // Instance 1 starts out of rotation, as during a rolling deploy: every socket the pages open
    // is on instance 0, the one the test stops.
    down: [1],
  });
});
afterAll(() => running?.stop());

function proxy(): RunningProxy {
  if (!running) throw new Error('nginx is not running');
  return running;
}

const TRAINEE = DEMO_ACCOUNTS.trainee;
const TRAINER = DEMO_ACCOUNTS.trainer;

/** "127.0.0.1:PORT": how nginx's log names an instance. */
const upstreamOf = (app: RunningApp) => `127.0.0.1:${new URL(app.url).port}`;

/** A page on nginx's https address, signed in through the header's Log In form. */
async function signedIn(account: Account): Promise<Visit> {
  const visit = await suite.open({ ...EN_DESKTOP, url: proxy().url, path: paths.home() });
  await visit.header.logIn();
  await visit.signIn.as(account);
  return visit;
}

/** The conversation's newest messages (sequence and text), read through nginx with the context's session. */
async function historyThroughProxy(
  context: BrowserContext,
  conversation: number,
): Promise<[number, string][]> {
  const answer = await context.request.get(
    `${proxy().url}/api/v1/chat/conversations/${conversation}/messages/?limit=100`,
    { headers: { Authorization: `Bearer ${await accessToken(context)}` } },
  );
  expect(answer.status()).toBe(200);
  const page = (await answer.json()) as MessagePage;
  return page.results.map((message) => [message.seq, message.body]);
}

/** The same, straight from one instance. */
async function historyOn(app: RunningApp, conversation: number): Promise<[number, string][]> {
  const token = await accessTokenOf(app, TRAINEE);
  const page = await readApi<MessagePage>(
    app.url,
    `/chat/conversations/${conversation}/messages/?limit=100`,
    {
      token,
    },
  );
  return page.results.map((message) => [message.seq, message.body]);
}

describe('two instances behind nginx', () => {
  it(`over https through nginx: a sign-in, live chat and notifications; an instance stops and starts again, the sockets move to the other and nothing is lost ${named(EN_DESKTOP)}`, async () => {
    const [first, second] = [suite.instance(0), suite.instance(1)];
    const conversation = await directConversationId(first, TRAINEE, TRAINER.full_name);
    const trainee = await signedIn(TRAINEE);
    const trainer = await signedIn(TRAINER);
    await trainee.goto(paths.messages(conversation));
    await trainer.goto(paths.messages(conversation));
    await expect.poll(() => trainee.messages.composer.isVisible()).toBe(true);
    await expect.poll(() => trainer.messages.composer.isVisible()).toBe(true);

    // The server saw https through the proxy (TRUST_PROXY=1, X-Forwarded-Proto): it sends HSTS
    // there, and not on its own plain HTTP. The web app keeps the session in Secure cookies.
    const page = await trainee.context.request.get(`${proxy().url}${paths.messages(conversation)}`);
    expect(page.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await fetch(`${first.url}/`)).headers.get('strict-transport-security')).toBeNull();
    const cookies = await trainee.context.cookies();
    expect(cookies.find((cookie) => cookie.name === COOKIE.access)?.secure).toBe(true);
    // Plain HTTP only redirects to https.
    const redirect = await fetch(`${proxy().httpUrl}${paths.messages(conversation)}`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`https://localhost${paths.messages(conversation)}`);

    const before = uniqueText('Before the restart');
    await trainer.messages.send(before);
    await expect.poll(() => trainee.messages.message(before).count(), { timeout: 20_000 }).toBe(1);
    const unread = await trainee.notifications.unread();
    await runAdmin(first.env, ['notify', TRAINEE.email, 'Room change', 'The lecture moved to room 12.']);
    await expect.poll(() => trainee.notifications.unread(), { timeout: 20_000 }).toBe(unread + 1);
    await expectNoAxeViolations(trainee.page);

    // Instance 1 joins; instance 0 stops (SIGTERM) and starts again while the pages stay open.
    await proxy().reload();
    const during = uniqueText('While instance 0 was down');
    await first.restart(async () => {
      await trainer.messages.send(during);
      await expect.poll(() => trainee.messages.message(during).count(), { timeout: 30_000 }).toBe(1);
      await runAdmin(second.env, ['notify', TRAINEE.email, 'Online today', 'Today the lecture is online.']);
      await expect.poll(() => trainee.notifications.unread(), { timeout: 30_000 }).toBe(unread + 2);
    });
    const restarted = proxy().requests().length;

    const after = uniqueText('After instance 0 is back');
    await trainee.messages.send(after);
    await expect.poll(() => trainer.messages.message(after).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => trainee.messages.markOf(after), { timeout: 20_000 }).toBe('read');
    // No sticky sessions: once back, instance 0 answers requests again.
    await expect
      .poll(
        async () => {
          await historyThroughProxy(trainee.context, conversation);
          return proxy()
            .requests()
            .slice(restarted)
            .some(
              (request) => request.path.startsWith('/api/') && request.upstreams.at(-1) === upstreamOf(first),
            );
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);

    // Nothing lost, nothing twice: one history through nginx and on each instance, with each
    // message once and in order, and each shown once.
    const history = await historyThroughProxy(trainee.context, conversation);
    expect(await historyOn(first, conversation)).toEqual(history);
    expect(await historyOn(second, conversation)).toEqual(history);
    const ours = history.filter(([, body]) => [before, during, after].includes(body));
    expect(ours.map(([, body]) => body)).toEqual([before, during, after]);
    for (const visit of [trainee, trainer]) {
      for (const body of [before, during, after]) expect(await visit.messages.message(body).count()).toBe(1);
    }
    expect(trainee.problems).toEqual([]);
    expect(trainer.problems).toEqual([]);

    // nginx's log: the sockets opened on instance 0, and after it stopped both channels opened on
    // instance 1; a request nginx tried on the stopped instance went on to the other; no token.
    await trainee.context.close();
    await trainer.context.close();
    // (nginx logs a socket when it closes.)
    const expected = ['/ws/chat', '/ws/notifications'].flatMap((path) =>
      [first, second].map((app) => `${path} on ${upstreamOf(app)}`),
    );
    const missing = () => {
      const requests = proxy().requests();
      const sockets = requests
        .filter((request) => request.path.startsWith('/ws/') && request.status === 101)
        .map((request) => `${request.path} on ${request.upstreams.at(-1)}`);
      const passedOn = requests.some(
        (request) =>
          request.upstreams.length === 2 &&
          request.upstreams[0] === upstreamOf(first) &&
          request.upstreams[1] === upstreamOf(second),
      );
      return [
        ...expected.filter((entry) => !sockets.includes(entry)),
        ...(passedOn ? [] : ['a request passed on from the stopped instance']),
      ];
    };
    await expect.poll(missing).toEqual([]);
    expect(proxy().accessLog()).not.toContain('token=');
  });
});
