import { type LoginResponse, loginAnswerSchema, loginResponseSchema } from '@contract/wire/identity';
import type { BrowserContext } from 'playwright-core';
import { COOKIE } from '@/session/storage';
import { callApi } from './api';
import type { RunningApp } from './app';
import { type Account, latestCode } from './identity';

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
 * Logs in through the API: a staff account with the code mailed to it (its second factor).
 */
export async function loginThroughApi(app: RunningApp, account: Account): Promise<LoginResponse> {
  const answer = await callApi(app.url, '/user/login/', {
    body: { username: account.email, password: account.password },
  });
  const first = loginAnswerSchema.parse(await answer.json());
  if (!('second_factor' in first)) return first;
  const code = await latestCode(app, account.email);
  const second = await callApi(app.url, '/user/login/code/', {
    body: { challenge: first.second_factor.challenge, code },
  });
  return loginResponseSchema.parse(await second.json());
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
  const login = await loginThroughApi(app, account);
  const cookies: Array<[string, string]> = [
    [COOKIE.access, login.access_token],
    [COOKIE.refresh, login.refresh_token],
    [COOKIE.role, login.data.role],
  ];
  await context.addCookies(cookies.map(([name, value]) => ({ name, value, url: app.url })));
  return login;
}
