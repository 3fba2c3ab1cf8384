import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loginResponseSchema, secondFactorResponseSchema } from '@contract/wire/identity';
import { cliTokenResponseSchema } from '@contract/wire/staff-cli';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../server/demo-accounts';
import { callApi, readApi } from './api';
import type { RunningApp } from './app';
import { ADMIN_BUNDLE_ENV } from './data-template';

let counter = 0;

/** A new person: unique e-mail and 10-digit id for each registration. */
export function newPerson(kind: 'trainee' | 'trainer') {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return {
    full_name: kind === 'trainee' ? 'Noura Al-Harbi' : 'Dr. Faisal Al-Omair',
    email: `${kind}.${stamp}@example.com`,
    phone_number: '050 123 4567',
    govt_id_or_iqama_no: stamp.slice(-10).padStart(10, '1'),
    password: 'Strong#Pass9',
  };
}

export type Person = ReturnType<typeof newPerson>;

/** Who signs in: a demo account or a person registered by the test. */
export interface Account {
  email: string;
  password: string;
}

interface Mail {
  to_address: string;
  subject: string;
  otp: string | null;
}

/**
 * The newest code mailed to `email`, read from the development outbox with the admin token the
 * server wrote to its data folder (as `npm run outbox` does).
 */
export async function latestCode(app: Pick<RunningApp, 'url' | 'env'>, email: string): Promise<string> {
  // A plain loop rather than expect.poll: set-ups outside a test (beforeAll) read codes too.
  for (let tries = 0; ; tries += 1) {
    const token = readFileSync(join(app.env.DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
    const mails = await readApi<Mail[]>(app.url, `/dev/outbox/?to=${encodeURIComponent(email)}`, {
      headers: { 'X-Admin-Token': token },
    });
    const code = mails[0]?.otp ?? '';
    if (/^\d{7}$/.test(code)) return code;
    if (tries >= 50) throw new Error(`No code was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A verified trainee (or trainer applicant) registered through the API, with the code that verified it. */
export async function verifiedTrainee(
  app: RunningApp,
  role: 'TRAINEE' | 'TRAINER' = 'TRAINEE',
): Promise<{ person: Person; code: string }> {
  const person = newPerson(role === 'TRAINER' ? 'trainer' : 'trainee');
  const form = new FormData();
  for (const [key, value] of Object.entries(person)) form.append(key, value);
  form.append('confirm_password', person.password);
  form.append('role', role);
  expect((await fetch(`${app.url}/api/v1/user/registration/`, { method: 'POST', body: form })).ok).toBe(true);
  const code = await latestCode(app, person.email);
  const verified = await callApi(app.url, '/user/otp-verify/', {
    body: { email_or_phone: person.email, otp_code: code },
  });
  expect(verified.ok).toBe(true);
  return { person, code };
}

/** The commands that decide nothing (notices, lists): the shared admin token serves them. */
const UNNAMED_COMMANDS = new Set(['notify', 'certificates', 'list-submissions']);

const staffTokens = new Map<string, Promise<string>>();

/**
 * What `npm run admin -- login staff@example.com` keeps: a personal token of the demo staff, made
 * through the API (password, mailed code, POST /staff/cli-tokens/) once per product while it runs.
 */
export function personalStaffToken(env: Record<string, string>): Promise<string> {
  const app = { url: `http://localhost:${env.PORT}`, env };
  const key = env.DATA_DIR ?? app.url;
  let token = staffTokens.get(key);
  if (!token) {
    token = (async () => {
      const { email, password } = DEMO_ACCOUNTS.staff;
      const first = await callApi(app.url, '/user/login/', { body: { username: email, password } });
      const { second_factor } = secondFactorResponseSchema.parse(await first.json());
      const code = await latestCode(app, email);
      const second = await callApi(app.url, '/user/login/code/', {
        body: { challenge: second_factor.challenge, code },
      });
      const { access_token } = loginResponseSchema.parse(await second.json());
      const made = await callApi(app.url, '/staff/cli-tokens/', {
        token: access_token,
        body: { name: 'browser tests' },
      });
      return cliTokenResponseSchema.parse(await made.json()).data.token;
    })();
    token.catch(() => staffTokens.delete(key));
    staffTokens.set(key, token);
  }
  return token;
}

/** The headers of an /admin/ decision as `npm run admin` sends them after `login`. */
export async function decisionHeaders(env: Record<string, string>): Promise<Record<string, string>> {
  return { Authorization: `Staff ${await personalStaffToken(env)}` };
}

/** `npm run admin -- ARGS` against the running app (or its database while it is stopped). */
export async function runAdmin(env: Record<string, string>, args: string[]): Promise<string> {
  const personal =
    args[0] && UNNAMED_COMMANDS.has(args[0]) ? {} : { KFU_STAFF_TOKEN: await personalStaffToken(env) };
  // The run's compiled command when there is one (support/data-template.ts): the same code, started
  // in about half the time.
  const bundle = process.env[ADMIN_BUNDLE_ENV];
  const [command, commandArgs] = bundle
    ? [process.execPath, [bundle, ...args]]
    : ['npm', ['run', '--silent', 'admin', '--', ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      env: { ...process.env, ...env, ...personal },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`admin exited ${code}: ${output}`)),
    );
  });
}

/** `npm run admin -- approve-trainer EMAIL` against the running app. */
export function approveTrainer(env: Record<string, string>, email: string): Promise<string> {
  return runAdmin(env, ['approve-trainer', email]);
}
