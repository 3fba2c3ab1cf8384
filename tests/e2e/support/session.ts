import { type LoginResponse, loginResponseSchema } from '@contract/wire/auth';
import type { BrowserContext } from 'playwright-core';
import { COOKIE } from '@/session/storage';
import { callApi } from './api';
import type { RunningApp } from './app';
import type { Account } from './identity';

/** A cookie of the context as the app wrote it (decoded), if any. */
export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const found = (await context.cookies()).find((entry) => entry.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

/** The access token of the context's session; fails when nobody is signed in. */
export async function accessToken(context: BrowserContext): Promise<string> {
  const token = await cookie(context, COOKIE.access);
  if (!token) throw new Error('not signed in');
  return token;
}

/**
 * Signs the context in without the dialog: logs in through the API and stores the cookies the app
 * keeps a session in, so the next page load starts signed in.
 */
export async function signInWithTokens(
  app: RunningApp,
  context: BrowserContext,
  account: Account,
): Promise<LoginResponse> {
  const answer = await callApi(app.url, '/user/login/', {
    body: { username: account.email, password: account.password },
  });
  const login = loginResponseSchema.parse(await answer.json());
  const cookies: Array<[string, string]> = [
    [COOKIE.access, login.access_token],
    [COOKIE.refresh, login.refresh_token],
    [COOKIE.role, login.data.role],
  ];
  await context.addCookies(cookies.map(([name, value]) => ({ name, value, url: app.url })));
  return login;
}
