/** What the chat's browser tests share: texts no other test writes, sign-ins and conversations through the API. */

import type { ChatContactList } from '@contract/wire/chat';
import { expect } from 'vitest';
import { callApi, readApi } from './api';
import type { RunningApp } from './app';

let counter = 0;

/** `text` made unique to this run, so a test finds its own message among the seeded ones. */
export function uniqueText(text: string): string {
  counter += 1;
  return `${text} ${Date.now().toString(36)}${counter}`;
}

/** A fresh access token of the account, signed in through the API of this instance. */
export async function accessTokenOf(
  app: RunningApp,
  account: { email: string; password: string },
): Promise<string> {
  const answer = await callApi(app.url, '/user/login/', {
    body: { username: account.email, password: account.password },
  });
  expect(answer.ok).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The direct conversation of the trainee with the person named `peer` (started, or found, through the API). */
export async function directConversationId(
  app: RunningApp,
  trainee: { email: string; password: string },
  peer: string,
): Promise<number> {
  const token = await accessTokenOf(app, trainee);
  const contacts = await readApi<ChatContactList>(app.url, '/chat/contacts/', { token });
  const person = contacts.results.find((contact) => contact.person.name === peer)?.person;
  if (!person) throw new Error(`the trainee may message ${peer}`);
  const started = await callApi(app.url, '/chat/conversations/', { body: { user_id: person.id }, token });
  expect(started.ok).toBe(true);
  return ((await started.json()) as { id: number }).id;
}
