import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import { certificateCheckSchema } from '@contract/wire/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '../../server/admin/middleware';
import { seedCertificates } from '../../server/certificates/seed';
import { adminCommand } from '../../server/cli';
import { staffAuthorization } from '../../server/cli-login';
import { openPglite } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { adminTokenFile, pgliteDir } from '../../server/paths';
import { RATE_LIMITS } from '../../server/rate-limits';
import { findCertificate } from '../../server/records/certificates';
import { RECORD_COURSES } from '../../server/records/seed';
import { openSeededPglite } from '../../server/test-database';
import { demoStaffToken, startTestServer, type TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(join(tmpdir(), 'kfu-certificates-'));
  await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function check(code: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/v1/certificates/${encodeURIComponent(code)}/`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** The demo trainee's seeded certificate (Project Management Essentials). */
async function demoCertificate() {
  const trainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  const { rows } = await server.db.query<{ code: string }>(
    `SELECT code FROM certificates c JOIN courses k ON k.id = c.course_id WHERE c.user_id = $1 AND k.slug = $2`,
    [trainee?.id, RECORD_COURSES.completed.slug],
  );
  const code = rows[0]?.code;
  if (!code) throw new Error('The demo trainee has no seeded certificate');
  return code;
}

/** A seeded certificate nobody revoked yet other than the demo trainee's. */
async function anotherCertificate(): Promise<{ code: string; userId: number }> {
  const trainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  const { rows } = await server.db.query<{ code: string; user_id: number }>(
    'SELECT code, user_id FROM certificates WHERE user_id <> $1 AND revoked_at IS NULL ORDER BY id LIMIT 1',
    [trainee?.id],
  );
  const row = rows[0];
  if (!row) throw new Error('No other seeded certificate');
  return { code: row.code, userId: row.user_id };
}

const unknownBody = { success: false, details: [{ message: VERIFICATION_MESSAGES.unknown }] };

describe('GET /certificates/{code}/', () => {
  it('answers a valid certificate with what it states and nothing else', async () => {
    const code = await demoCertificate();
    const { status, headers, body } = await check(code);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    const answer = certificateCheckSchema.parse(body);
    expect(answer).toMatchObject({
      code,
      status: 'valid',
      holder_name: DEMO_ACCOUNTS.trainee.full_name,
      course: { title: RECORD_COURSES.completed.title, title_ar: RECORD_COURSES.completed.title_ar },
      trainer_name: DEMO_ACCOUNTS.trainer.full_name,
      revoked_at: null,
      revoke_reason: null,
    });
    expect(answer.hours).toBeGreaterThan(0);
    expect(Object.keys(body as object).sort()).toEqual(
      [
        'code',
        'status',
        'holder_name',
        'course',
        'trainer_name',
        'start_date',
        'end_date',
        'hours',
        'issued_at',
        'revoked_at',
        'revoke_reason',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toContain(DEMO_ACCOUNTS.trainee.email);
  });

  it('reads the code as people type it: lower case, spaces, no dashes, Arabic-Indic digits', async () => {
    const code = await demoCertificate();
    const arabicDigits = code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    for (const typed of [
      code.toLowerCase(),
      code.replaceAll('-', ' '),
      code.slice(4).replaceAll('-', ''),
      arabicDigits,
    ]) {
      const { status, body } = await check(typed);
      expect(status, typed).toBe(200);
      expect((body as { code: string }).code).toBe(code);
    }
  });

  it('answers an unknown code and one that cannot be a code alike', async () => {
    const unknown = await check('KFU-0000-0000-0000-0000');
    const malformed = await check('not a code');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(unknown.body).toEqual(unknownBody);
    expect(malformed.body).toEqual(unknownBody);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a client over its limit with 429', async () => {
    const limited = await startTestServer({
      rateLimits: {
        ...RATE_LIMITS,
        certificateCheckClient: { ...RATE_LIMITS.certificateCheckClient, max: 2 },
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${limited.url}/api/v1/certificates/KFU-0000-0000-0000-0000/`);
        statuses.push(response.status);
        if (response.status === 429) {
          expect(((await response.json()) as { details: { message: string }[] }).details[0]?.message).toBe(
            SERVER_MESSAGES.tooManyRequests,
          );
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        } else await response.body?.cancel();
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('revoking', () => {
  it('shows at once as revoked, with the date and reason, and tells the holder once', async () => {
    const { code, userId } = await anotherCertificate();
    const revoke = (reason: string) =>
      fetch(`${server.url}/api/v1/admin/revoke-certificate/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...staffAuthorization(server.staffToken) },
        body: JSON.stringify({ code: code.toLowerCase(), reason }),
      });
    const noReason = await revoke('  ');
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { details: { message: string }[] }).details[0]?.message).toBe(
      VERIFICATION_MESSAGES.revokeReasonInvalid,
    );
    const first = await revoke('Issued by mistake');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ data: { already_revoked: false, certificate: { code } } });
    const again = await revoke('Another reason');
    expect(await again.json()).toMatchObject({
      data: { already_revoked: true, certificate: { revoke_reason: 'Issued by mistake' } },
    });
    const { body } = await check(code);
    expect(body).toMatchObject({ code, status: 'revoked', revoke_reason: 'Issued by mistake' });
    expect((body as { revoked_at: string }).revoked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const { rows } = await server.db.query<{ title: string; link: string }>(
      'SELECT title, link FROM notifications WHERE user_id = $1 AND link = $2',
      [userId, `/verify/${code}`],
    );
    expect(rows).toEqual([{ title: 'Your certificate was revoked', link: `/verify/${code}` }]);
  });

  it('needs a personal staff token: the shared admin token names nobody', async () => {
    for (const headers of [{}, { [ADMIN_TOKEN_HEADER]: server.adminToken }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/api/v1/admin/revoke-certificate/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ code: await demoCertificate(), reason: 'x' }),
      });
      expect(response.status).toBe(401);
    }
    expect((await check(await demoCertificate())).body).toMatchObject({ status: 'valid' });
  });
});

describe('npm run admin -- certificates / revoke-certificate', () => {
  it('lists a person’s certificates and revokes one, through the server', async () => {
    const env = { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken };
    const code = await demoCertificate();
    const listed = await adminCommand(['certificates', DEMO_ACCOUNTS.trainee.email, '--url', server.url], {
      env,
    });
    expect(listed.code).toBe(0);
    expect(listed.out.join('\n')).toContain(code);
    expect(listed.out.join('\n')).toContain(RECORD_COURSES.completed.title);
    expect(listed.out.join('\n')).toContain('not revoked');

    const noReason = await adminCommand(['revoke-certificate', code, '--url', server.url], { env });
    expect(noReason.code).toBe(2);
    expect(noReason.err.join('\n')).toContain(VERIFICATION_MESSAGES.revokeReasonInvalid);

    const unknown = await adminCommand(
      ['revoke-certificate', 'KFU-0000-0000-0000-0000', '--reason', 'Fraud', '--url', server.url],
      { env },
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain(VERIFICATION_MESSAGES.unknown);

    const nobody = await adminCommand(['certificates', 'nobody@example.com', '--url', server.url], { env });
    expect(nobody.code).toBe(1);
    expect(nobody.err.join('\n')).toContain(SERVER_MESSAGES.userNotFound);

    const revoked = await adminCommand(
      [
        'revoke-certificate',
        code.toLowerCase(),
        '--reason',
        'Attendance sheet was forged',
        '--url',
        server.url,
      ],
      { env },
    );
    expect(revoked.code).toBe(0);
    expect(revoked.out.join('\n')).toContain(`Revoked certificate ${code}`);
    expect((await check(code)).body).toMatchObject({
      status: 'revoked',
      revoke_reason: 'Attendance sheet was forged',
    });
    const after = await adminCommand(['certificates', DEMO_ACCOUNTS.trainee.email, '--url', server.url], {
      env,
    });
    expect(after.out.join('\n')).toContain('revoked 2');
    expect(after.out.join('\n')).toContain('Attendance sheet was forged');
  });
});

describe('npm run admin with no server running', () => {
  it('lists and revokes on the database of the data folder, and the holder finds the notification', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kfu-certificates-offline-'));
    try {
      let db = await openSeededPglite(pgliteDir(folder));
      let staffToken: string;
      try {
        staffToken = await demoStaffToken(db);
      } finally {
        await db.close();
      }
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const address = probe.address();
          probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
        });
      });
      const url = `http://127.0.0.1:${port}`;
      const env = { DATA_DIR: folder, KFU_STAFF_TOKEN: staffToken };
      const listed = await adminCommand(['certificates', DEMO_ACCOUNTS.trainee.email, '--url', url], { env });
      expect(listed.err).toEqual([]);
      expect(listed.out.join('\n')).toContain(`in the database of ${folder}`);
      const code = /KFU(-[0-9A-Z]{4}){4}/.exec(listed.out.join('\n'))?.[0] ?? '';
      const revoked = await adminCommand(
        ['revoke-certificate', code, '--reason', 'Issued by mistake', '--url', url],
        {
          env,
        },
      );
      expect(revoked.err).toEqual([]);
      expect(revoked.out.join('\n')).toContain(`Revoked certificate ${code}`);
      db = await openPglite(pgliteDir(folder));
      try {
        expect((await findCertificate(db, code))?.revoke_reason).toBe('Issued by mistake');
        const { rows } = await db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM notifications WHERE link = $1',
          [`/verify/${code}`],
        );
        expect(rows[0]?.count).toBe(1);
      } finally {
        await db.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('seed', () => {
  it('issues the completed trainees their certificates once: seeding again changes nothing', async () => {
    const before = await server.db.query<{ code: string }>('SELECT code FROM certificates ORDER BY id');
    expect(before.rows.length).toBeGreaterThan(1);
    await seedCertificates(server.db);
    const after = await server.db.query<{ code: string }>('SELECT code FROM certificates ORDER BY id');
    expect(after.rows).toEqual(before.rows);
    const code = before.rows[0]?.code ?? '';
    expect(await findCertificate(server.db, code)).toBeDefined();
  });
});
