import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { auditResponseSchema } from '@contract/wire/staff';
import { cliTokenResponseSchema } from '@contract/wire/staff-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../server/cli';
import { findOtp, readOutbox } from '../../server/mail';
import { adminTokenFile } from '../../server/paths';
import { signedInStaff, startTestServer, type TestServer } from '../../server/testing';
import { ensureUser } from '../../server/users';
import { testClient } from '../support/test-client';

const PASSWORD = 'Staff#2026cli';
let server: TestServer;
let folder: string;
let staffEmail: string;
let staffId: number;

beforeAll(async () => {
  server = await startTestServer();
  folder = await mkdtemp(join(tmpdir(), 'kfu-cli-tokens-'));
  await writeFile(adminTokenFile(folder), `${server.adminToken}\n`);
  const staff = await ensureUser(server.db, {
    email: 'cli.registrar@example.com',
    password: PASSWORD,
    full_name: 'Noura Al-Qahtani',
    role: 'ADMIN',
    approved: true,
  });
  staffEmail = staff.email;
  staffId = staff.id;
}, 90_000);

afterAll(async () => {
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const { call } = testClient(() => server);

async function lastCode(email: string): Promise<string> {
  const [mail] = await readOutbox(server.db, { to: email, limit: 1 });
  const code = findOtp(mail?.body ?? '');
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The questions of `login`: the password (hidden), then the code mailed meanwhile. */
function answers(password: string) {
  const asked: { question: string; hidden: boolean }[] = [];
  const ask = async (question: string, hidden: boolean) => {
    asked.push({ question, hidden });
    return hidden ? password : lastCode(staffEmail);
  };
  return { asked, ask };
}

async function trainerWaiting(name: string) {
  return ensureUser(server.db, {
    email: `${name}@example.com`,
    password: 'Trainer#2026xyz',
    full_name: `Trainer ${name}`,
    role: 'TRAINER',
    approved: false,
  });
}

async function cliEntries(): Promise<ReturnType<typeof auditResponseSchema.parse>['data']['results']> {
  const reader = await signedInStaff(server, 'reader');
  const answer = await call('/staff/audit/?limit=100', { token: reader.token });
  return auditResponseSchema.parse(answer.body).data.results;
}

describe('npm run admin -- login', () => {
  const tokenFile = () => join(folder, 'config', 'kfu-training', 'staff-token');
  const env = () => ({ DATA_DIR: folder, KFU_STAFF_TOKEN_FILE: tokenFile() });

  it('signs in with the password and the mailed code, keeps a token only its owner reads, and decisions name the person', async () => {
    const { asked, ask } = answers(PASSWORD);
    const signedIn = await adminCommand(['login', staffEmail, '--url', server.url], { env: env(), ask });
    expect(signedIn.err).toEqual([]);
    expect(signedIn.code).toBe(0);
    expect(signedIn.out[0]).toContain('Noura Al-Qahtani');
    expect(asked.map(({ hidden }) => hidden)).toEqual([true, false]);
    expect(asked[1]?.question).toContain('c•••@example.com');
    expect((await stat(tokenFile())).mode & 0o777).toBe(0o600);

    const trainer = await trainerWaiting('cli.applicant');
    const approved = await adminCommand(['approve-trainer', trainer.email, '--url', server.url], {
      env: env(),
    });
    expect(approved.err).toEqual([]);
    expect(approved.out.join('\n')).not.toContain('Not recorded');
    const entry = (await cliEntries()).find(
      (found) => found.action === 'trainer.approve' && found.subject.id === String(trainer.id),
    );
    expect(entry).toMatchObject({
      actor: { id: staffId, full_name: 'Noura Al-Qahtani', email: staffEmail },
      via: 'cli',
      before: { status: 'waiting' },
      after: { status: 'approved' },
    });

    // Approving again changes nothing and records nothing more.
    await adminCommand(['approve-trainer', trainer.email, '--url', server.url], { env: env() });
    const approvals = (await cliEntries()).filter(
      (found) => found.action === 'trainer.approve' && found.subject.id === String(trainer.id),
    );
    expect(approvals).toHaveLength(1);

    const signedOut = await adminCommand(['logout', '--url', server.url], { env: env() });
    expect(signedOut).toMatchObject({ code: 0, err: [] });
    await expect(stat(tokenFile())).rejects.toThrow();
  });

  it('reads the password from stdin for scripts, and takes the code with --code', async () => {
    const { ask } = answers('unused');
    const scripted = await adminCommand(['login', staffEmail, '--password-stdin', '--url', server.url], {
      env: env(),
      // The code is asked once the password was right: it is mailed then.
      ask: async (question, hidden) => (hidden ? 'wrong' : ask(question, hidden)),
      readStdin: async () => `${PASSWORD}\n`,
    });
    expect(scripted).toMatchObject({ code: 0, err: [] });

    const noTerminal = await adminCommand(['login', staffEmail, '--url', server.url], { env: env() });
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.err[0]).toContain('--password-stdin');

    const wrongCode = await adminCommand(
      ['login', staffEmail, '--password-stdin', '--code', '0000000', '--url', server.url],
      { env: env(), readStdin: async () => PASSWORD },
    );
    expect(wrongCode.code).toBe(1);
    await adminCommand(['logout', '--url', server.url], { env: env() });
  });

  it('refuses an account that is not staff', async () => {
    await ensureUser(server.db, {
      email: 'cli.trainee@example.com',
      password: 'Trainee#2026xyz',
      full_name: 'Trainee',
      role: 'TRAINEE',
      approved: true,
    });
    const refused = await adminCommand(
      ['login', 'cli.trainee@example.com', '--password-stdin', '--url', server.url],
      { env: env(), readStdin: async () => 'Trainee#2026xyz' },
    );
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain('not a staff account');
  });

  it('with the shared admin token alone, decides nothing: it names nobody', async () => {
    const trainer = await trainerWaiting('cli.shared');
    const refused = await adminCommand(['approve-trainer', trainer.email, '--url', server.url], {
      env: { DATA_DIR: folder },
    });
    expect(refused).toMatchObject({ code: 1, out: [], err: [`${STAFF_MESSAGES.personalTokenRequired}.`] });
    // Asked of the server directly, the shared token is refused with the same sentence.
    const asked = await call('/admin/approve-trainer/', {
      headers: { 'X-Admin-Token': server.adminToken },
      body: { email: trainer.email },
    });
    expect(asked).toEqual({
      status: 401,
      body: { success: false, details: [{ message: STAFF_MESSAGES.personalTokenRequired }] },
    });
    expect(asked.headers.get('WWW-Authenticate')).toBe('Staff');
    const { rows } = await server.db.query<{ approved: boolean }>(
      'SELECT approved FROM users WHERE id = $1',
      [trainer.id],
    );
    expect(rows[0]?.approved).toBe(false);
  });
});

describe('personal staff tokens on the server', () => {
  async function newToken(): Promise<string> {
    const staff = await signedInStaff(server, 'holder');
    const made = await call('/staff/cli-tokens/', { token: staff.token, body: { name: 'laptop' } });
    expect(made.status).toBe(201);
    const { data } = cliTokenResponseSchema.parse(made.body);
    const days = (Date.parse(data.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    return data.token;
  }

  const revokeWith = (token: string, code: string) =>
    call('/admin/revoke-certificate/', {
      headers: { Authorization: `Staff ${token}` },
      body: { code, reason: 'Issued by mistake' },
    });

  it('records a revocation through /admin/ under the person, via cli', async () => {
    const token = await newToken();
    const { rows } = await server.db.query<{ code: string }>(
      'SELECT code FROM certificates WHERE revoked_at IS NULL ORDER BY id LIMIT 1',
    );
    const code = rows[0]?.code ?? '';
    const revoked = await revokeWith(token, code);
    expect(revoked.status).toBe(200);
    const entry = (await cliEntries()).find(
      (found) => found.action === 'certificate.revoke' && found.subject.id === code,
    );
    expect(entry).toMatchObject({ via: 'cli', reason: 'Issued by mistake', after: { status: 'revoked' } });
    expect(entry?.actor.full_name).toMatch(/^Holder Staff/);
  });

  it('answers 401 to an expired, revoked or unknown token, even beside a valid admin token', async () => {
    const expired = await newToken();
    await server.db.query(
      `UPDATE staff_tokens SET expires_at = now() - interval '1 second' WHERE last_used_at IS NULL
       AND name = 'laptop' AND created_at = (SELECT max(created_at) FROM staff_tokens)`,
    );
    const refused = await call('/admin/submissions/', { headers: { Authorization: `Staff ${expired}` } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.staffTokenInvalid }] });

    const revoked = await newToken();
    expect(
      (await call('/admin/submissions/', { headers: { Authorization: `Staff ${revoked}` } })).status,
    ).toBe(200);
    const out = await call('/staff/cli-tokens/current/', {
      method: 'DELETE',
      headers: { Authorization: `Staff ${revoked}` },
    });
    expect(out.status).toBe(200);
    const after = await call('/admin/submissions/', {
      admin: true,
      headers: { Authorization: `Staff ${revoked}` },
    });
    expect(after.status).toBe(401);
    const again = await call('/staff/cli-tokens/current/', {
      method: 'DELETE',
      headers: { Authorization: `Staff ${revoked}` },
    });
    expect(again.status).toBe(401);
    expect(
      (await call('/admin/submissions/', { headers: { Authorization: 'Staff kfu_staff_unknown' } })).status,
    ).toBe(401);
  });

  it('stops working when its account is no longer staff', async () => {
    const staff = await signedInStaff(server, 'leaver');
    const made = cliTokenResponseSchema.parse(
      (await call('/staff/cli-tokens/', { token: staff.token, body: {} })).body,
    );
    await server.db.query(`UPDATE users SET role = 'TRAINER' WHERE id = $1`, [staff.user.id]);
    const refused = await call('/admin/submissions/', {
      headers: { Authorization: `Staff ${made.data.token}` },
    });
    expect(refused.status).toBe(401);
  });
});
