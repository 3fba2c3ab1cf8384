import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { messageFromBody } from '@contract/messages/errors';
import { loginResponseSchema, secondFactorResponseSchema } from '@contract/wire/identity';
import { cliTokenResponseSchema, STAFF_TOKEN_SCHEME } from '@contract/wire/staff-cli';
import * as z from 'zod/mini';

/**
 * Personal staff tokens of `npm run admin` (server/staff/cli-tokens.ts): `login EMAIL` signs in as
 * the back office does (password, then the mailed code) and keeps the token the server makes in a
 * file only its owner reads; the other commands then send it, so their decisions are recorded
 * under that person; `logout` revokes it.
 */

/** Where the token is kept: $KFU_STAFF_TOKEN_FILE, else ~/.config/kfu-training/staff-token. */
export function staffTokenFile(env: NodeJS.ProcessEnv): string | undefined {
  if (env.KFU_STAFF_TOKEN_FILE) return env.KFU_STAFF_TOKEN_FILE;
  const config = env.XDG_CONFIG_HOME || (env.HOME ? join(env.HOME, '.config') : undefined);
  return config ? join(config, 'kfu-training', 'staff-token') : undefined;
}

const storedTokenSchema = z.object({
  token: z.string(),
  email: z.string(),
  full_name: z.string(),
  server: z.string(),
  expires_at: z.string(),
});
type StoredToken = z.infer<typeof storedTokenSchema>;

/** The personal token the commands send: $KFU_STAFF_TOKEN, else the one `login` stored. */
export async function readStaffToken(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const fromEnv = env.KFU_STAFF_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const file = staffTokenFile(env);
  if (!file) return undefined;
  try {
    const stored = storedTokenSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return stored.success ? stored.data.token : undefined;
  } catch {
    return undefined;
  }
}

export function staffAuthorization(token: string): Record<string, string> {
  return { Authorization: `${STAFF_TOKEN_SCHEME} ${token}` };
}

async function storeToken(file: string, stored: StoredToken): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  // A file that was there keeps its old mode through writeFile.
  await chmod(file, 0o600);
}

/** Asks on the terminal; `hidden`: what is typed is not shown (a password). */
export type Ask = (question: string, hidden: boolean) => Promise<string>;

/** The terminal's question, or undefined when the command runs without one (a script). */
export function terminalAsk(): Ask | undefined {
  if (!process.stdin.isTTY) return undefined;
  return async (question, hidden) => {
    if (!hidden) {
      const lines = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await lines.question(question);
      } finally {
        lines.close();
      }
    }
    const { stdin, stderr } = process;
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    return new Promise<string>((resolve, reject) => {
      let typed = '';
      const finish = () => {
        stdin.off('data', read);
        stdin.setRawMode(false);
        stdin.pause();
        stderr.write('\n');
      };
      const read = (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n' || char === '\u0004') {
            finish();
            resolve(typed);
            return;
          }
          if (char === '\u0003') {
            finish();
            reject(new Error('Cancelled.'));
            return;
          }
          typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
        }
      };
      stdin.on('data', read);
    });
  };
}

/** Everything piped to the command (`--password-stdin`). */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** A call to the server: its status and body, or 'no-server' when nothing answers. */
export type Call = (
  path: string,
  init: RequestInit,
) => Promise<{ status: number; body: unknown; url: string } | 'no-server'>;

export interface LoginOptions {
  email: string;
  passwordStdin: boolean;
  code: string | undefined;
  env: NodeJS.ProcessEnv;
  ask: Ask | undefined;
  readStdin: () => Promise<string>;
  call: Call;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

function failure(status: number, body: unknown): string {
  return messageFromBody(body) ?? `HTTP ${status}`;
}

/** `npm run admin -- login EMAIL [--password-stdin] [--code CODE]`: lines to print, or throws. */
export async function login(options: LoginOptions): Promise<string[]> {
  const { email, env, ask, call } = options;
  const file = staffTokenFile(env);
  if (!file) throw new Error('Set KFU_STAFF_TOKEN_FILE (or HOME): the token needs a file to be kept in.');
  let password: string;
  if (options.passwordStdin) {
    password = (await options.readStdin()).replace(/\r?\n$/, '');
  } else if (ask) {
    password = await ask(`Password for ${email}: `, true);
  } else {
    throw new Error('No terminal to ask the password on: pipe it with --password-stdin.');
  }

  const first = await call('/user/login/', json({ username: email, password }));
  if (first === 'no-server') throw new Error('No server answers: start it (npm start), or give --url.');
  if (first.status !== 200) throw new Error(failure(first.status, first.body));
  const challenge = secondFactorResponseSchema.safeParse(first.body);
  if (!challenge.success) {
    throw new Error(`${email} is not a staff account: only the centre's staff sign in to this tool.`);
  }
  const { sent_to } = challenge.data.second_factor;
  let code = options.code;
  if (code === undefined) {
    if (!ask) throw new Error(`A code was mailed to ${sent_to}: give it with --code.`);
    code = await ask(`The code mailed to ${sent_to}: `, false);
  }
  const second = await call(
    '/user/login/code/',
    json({ challenge: challenge.data.second_factor.challenge, code: code.trim() }),
  );
  if (second === 'no-server') throw new Error('The server stopped answering.');
  const session = second.status === 200 ? loginResponseSchema.safeParse(second.body) : undefined;
  if (!session?.success) throw new Error(failure(second.status, second.body));

  const made = await call('/staff/cli-tokens/', {
    ...json({ name: `npm run admin (${env.USER || env.USERNAME || 'terminal'})`.slice(0, 100) }),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.data.access_token}` },
  });
  if (made === 'no-server') throw new Error('The server stopped answering.');
  const token = made.status === 201 ? cliTokenResponseSchema.safeParse(made.body) : undefined;
  if (!token?.success) throw new Error(failure(made.status, made.body));
  const { staff, expires_at } = token.data.data;
  await storeToken(file, {
    token: token.data.data.token,
    email: staff.email,
    full_name: staff.full_name,
    server: made.url,
    expires_at,
  });
  return [
    `Signed in as ${staff.full_name} <${staff.email}> (the server at ${made.url}).`,
    `Your personal token is kept in ${file} (only you can read it) until ${expires_at}.`,
    'Decisions made with npm run admin are now recorded in the audit log under your name.',
  ];
}

/** `npm run admin -- logout`: revokes the personal token and forgets it. */
export async function logout(env: NodeJS.ProcessEnv, call: Call): Promise<string[]> {
  const token = await readStaffToken(env);
  if (!token) return ['No personal staff token is kept here: nothing to sign out of.'];
  const answer = await call('/staff/cli-tokens/current/', {
    method: 'DELETE',
    headers: staffAuthorization(token),
  });
  if (answer === 'no-server') throw new Error('No server answers: start it (npm start), or give --url.');
  const file = staffTokenFile(env);
  // A token the server no longer accepts (expired, revoked) is forgotten all the same.
  if (answer.status !== 200 && answer.status !== 401) throw new Error(failure(answer.status, answer.body));
  if (file && !env.KFU_STAFF_TOKEN) await rm(file, { force: true });
  return [
    answer.status === 200
      ? 'Signed out: the personal token is revoked.'
      : 'The personal token had already expired or been revoked.',
    ...(env.KFU_STAFF_TOKEN ? ['Unset KFU_STAFF_TOKEN too.'] : file ? [`Removed ${file}.`] : []),
  ];
}
