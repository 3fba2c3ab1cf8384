import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { COOKIE } from '@/session/storage';
import { resolveTokenSecret } from '../../server/auth/secret';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from '../../server/auth/tokens';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { cookie, signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const trainee = DEMO_ACCOUNTS.trainee;

/** A visit signed in as the trainee through the API (the cookies the app stores). */
async function signedInVisit(language: Language) {
  const visit = await suite.open({ language });
  const login = await signInWithTokens(suite.app, visit.context, trainee);
  return { visit, login };
}

/** The page's own answer to GET /notification/ that succeeds (the bell reads it on every load). */
function listLoaded(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/notification/') &&
      response.request().method() === 'GET' &&
      response.status() === 200,
  );
}

describe('sessions across tabs', () => {
  it('two tabs with an expired access token renew it once between them and both stay signed in', async () => {
    const { visit, login } = await signedInVisit('en');
    const { context, page: first, problems } = visit;
    const secondVisit = await suite.openSecondTab(visit);
    const second = secondVisit.page;
    const opened = [listLoaded(first), listLoaded(second)];
    await visit.goto(paths.profile());
    await secondVisit.goto(paths.profile());
    await Promise.all(opened);

    // The access token both tabs will start from has expired; the refresh token is still good.
    const tokens = createTokenService(
      await resolveTokenSecret({ env: process.env.TOKEN_SECRET, dataDir: suite.app.env.DATA_DIR }),
    );
    const past = Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS - 60;
    const expired = (await tokens.issue('access', login.data, { issuedAt: past })).token;
    await context.addCookies([{ name: COOKIE.access, value: expired, url: suite.app.url }]);
    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/v1/user/refresh-token/')) refreshes.push(response.status());
    });

    // Both tabs load at once and ask for their notifications with the expired token.
    const loaded = [listLoaded(first), listLoaded(second)];
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all(loaded);
    await Promise.all([first.waitForLoadState('networkidle'), second.waitForLoadState('networkidle')]);

    expect(refreshes.length).toBeGreaterThan(0);
    // Every renewal answered 200 (a refusal would show its status here).
    expect(refreshes).toEqual(refreshes.map(() => 200));
    for (const tab of [visit, secondVisit]) {
      expect(tab.screen.pathname()).toBe(paths.profile());
      expect(await tab.header.logInButton.count()).toBe(0);
    }
    const renewed = await cookie(context, COOKIE.access);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(expired);
    expect((await suite.call('/notification/', { token: renewed })).status).toBe(200);
    expect(problems).toEqual([]);
  });

  it('signing out (Arabic) ends the session on the server and in the other tab', async () => {
    const visit = await suite.open({ language: 'ar', path: paths.home() });
    const { context, page, screen, header, signIn, problems } = visit;
    await header.logIn();
    await signIn.as(trainee);
    const other = await suite.openSecondTab(visit);
    await other.goto(paths.profile());
    await expect.poll(() => other.header.logInButton.count()).toBe(0);
    const refreshToken = await cookie(context, COOKIE.refresh);
    expect(refreshToken).toBeDefined();

    const signedOut = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/user/logout/') && response.request().method() === 'POST',
    );
    await header.openAccountMenu(trainee.full_name);
    await header.logOut();
    const answer = await signedOut;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ refresh_token: refreshToken });
    await expect.poll(() => screen.toast('Successfully signed out').count()).toBe(1);

    // The other tab follows without a reload.
    await expect.poll(() => other.header.logInButton.count()).toBe(1);
    expect(other.screen.pathname()).toBe(paths.home());
    // The refresh token left behind can no longer be exchanged.
    expect((await suite.call('/user/refresh-token/', { body: { refresh_token: refreshToken } })).status).toBe(
      401,
    );
    expect(problems).toEqual([]);
  });

  it('signs out locally when the sign-out call fails', async () => {
    const { visit } = await signedInVisit('en');
    const { context, page, screen, header } = visit;
    await page.route('**/api/v1/user/logout/', (route) => route.abort('connectionrefused'));
    await visit.goto(paths.profile());
    await expect.poll(() => screen.title()).toBe('Profile');
    await header.openAccountMenu(trainee.full_name);
    await header.logOut();
    await expect.poll(() => screen.toast('Successfully signed out').count()).toBe(1);
    expect(screen.pathname()).toBe(paths.home());
    expect(await cookie(context, COOKIE.refresh)).toBeUndefined();
    await expect.poll(() => header.logInButton.count()).toBe(1);
  });
});
