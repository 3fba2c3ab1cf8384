import type { BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resolveTokenSecret } from '../../server/auth/secret';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from '../../server/auth/tokens';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { loginResponseSchema } from '../../src/contract/auth';
import { openPage } from './support/browser';
import { signInThroughDialog } from './support/identity';
import { productSuite } from './support/suite';

const suite = productSuite();
const trainee = DEMO_ACCOUNTS.trainee;

const WORDS = {
  en: {
    logIn: 'Log In',
    account: /My account|Sara/,
    logOut: 'Log Out',
    signedOut: 'Successfully signed out',
  },
  ar: {
    logIn: 'تسجيل الدخول',
    account: /حسابي|Sara/,
    logOut: 'تسجيل الخروج',
    signedOut: 'تم تسجيل الخروج بنجاح',
  },
} as const;
type Language = keyof typeof WORDS;

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const found = (await context.cookies()).find((entry) => entry.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

function api(path: string, init: { token?: string; body?: unknown } = {}) {
  return fetch(`${suite.app.url}/api/v1${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A browser context signed in as the trainee through the API (the cookies the app stores). */
async function signedInContext(language: Language) {
  const visit = await openPage(suite.browser, suite.app.url);
  await visit.page.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  const login = loginResponseSchema.parse(
    await (
      await api('/user/login/', { body: { username: trainee.email, password: trainee.password } })
    ).json(),
  );
  await visit.context.addCookies(
    [
      ['access-token', login.access_token],
      ['refresh-token', login.refresh_token],
      ['role', login.data.role],
    ].map(([name, value]) => ({ name: String(name), value: String(value), url: suite.app.url })),
  );
  return { ...visit, login };
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

function logInButton(page: Page, language: Language) {
  return page.getByRole('banner').getByRole('button', { name: WORDS[language].logIn, exact: true });
}

describe('sessions across tabs', () => {
  it('two tabs with an expired access token renew it once between them and both stay signed in', async () => {
    const { context, page: first, problems, login } = await signedInContext('en');
    const second = await context.newPage();
    const opened = [listLoaded(first), listLoaded(second)];
    await first.goto('/profile');
    await second.goto('/profile');
    await Promise.all(opened);

    // The access token both tabs will start from has expired; the refresh token is still good.
    const tokens = createTokenService(
      await resolveTokenSecret({ env: process.env.TOKEN_SECRET, dataDir: suite.app.env.DATA_DIR }),
    );
    const past = Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS - 60;
    const expired = (await tokens.issue('access', login.data, { issuedAt: past })).token;
    await context.addCookies([{ name: 'access-token', value: expired, url: suite.app.url }]);
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
    expect(refreshes.every((status) => status === 200)).toBe(true);
    for (const page of [first, second]) {
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(await logInButton(page, 'en').count()).toBe(0);
    }
    const renewed = await cookie(context, 'access-token');
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(expired);
    expect((await api('/notification/', { token: renewed })).status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signing out (Arabic) ends the session on the server and in the other tab', async () => {
    const { context, page, problems } = await openPage(suite.browser, suite.app.url);
    await page.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'ar');
    });
    await page.goto('/');
    await logInButton(page, 'ar').click();
    await signInThroughDialog(page, trainee, 'ar');
    const other = await context.newPage();
    await other.goto('/profile');
    await expect.poll(() => logInButton(other, 'ar').count()).toBe(0);
    const refreshToken = await cookie(context, 'refresh-token');
    expect(refreshToken).toBeDefined();

    const signedOut = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/user/logout/') && response.request().method() === 'POST',
    );
    await page.getByRole('banner').getByRole('button', { name: WORDS.ar.account }).click();
    await page.getByRole('menuitem', { name: WORDS.ar.logOut }).click();
    const answer = await signedOut;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ refresh_token: refreshToken });
    await expect.poll(() => page.locator('[data-toast]', { hasText: WORDS.ar.signedOut }).count()).toBe(1);

    // The other tab follows without a reload.
    await expect.poll(() => logInButton(other, 'ar').count()).toBe(1);
    expect(new URL(other.url()).pathname).toBe('/');
    // The refresh token left behind can no longer be exchanged.
    expect((await api('/user/refresh-token/', { body: { refresh_token: refreshToken } })).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs out locally when the sign-out call fails', async () => {
    const { context, page } = await signedInContext('en');
    await page.route('**/api/v1/user/logout/', (route) => route.abort('connectionrefused'));
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Profile');
    await page.getByRole('banner').getByRole('button', { name: WORDS.en.account }).click();
    await page.getByRole('menuitem', { name: WORDS.en.logOut }).click();
    await expect.poll(() => page.locator('[data-toast]', { hasText: WORDS.en.signedOut }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await cookie(context, 'refresh-token')).toBeUndefined();
    await expect.poll(() => logInButton(page, 'en').count()).toBe(1);
    await context.close();
  });
});
