import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { errorBodySchema } from '@contract/wire/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { addressLimitKey, normaliseAddress } from '../../server/client-address';
import type { Db } from '../../server/db';
import { listen } from '../../server/listen';
import { findOtp } from '../../server/mail';
import { createRateLimiter, RATE_LIMITS } from '../../server/rate-limits';
import { startTestServer, type TestServer } from '../../server/testing';
import { ensureUser } from '../../server/users';

/*
 * Every server here runs on the product's own thresholds (RATE_LIMITS), passed explicitly so that a
 * looser default for other test servers could never weaken these tests.
 */

const PASSWORD = 'Rate#Limit2026';
let people = 0;

/** A verified trainee of its own, so that no test shares an account's counters with another. */
async function newTrainee(db: Db, password = PASSWORD) {
  people += 1;
  const email = `rate.${people}.${Date.now()}@example.com`;
  const user = await ensureUser(db, { full_name: 'Rana Al-Qahtani', email, password, role: 'TRAINEE' });
  return { ...user, email, password };
}

function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function signIn(
  server: TestServer,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return post(server, '/user/login/', { username, password }, headers);
}

/** A 429 in the spec's error shape, with the wait as Retry-After and in the body. */
async function expectRefused(response: Response, message: string, atMostSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('Retry-After'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
  const body = await response.json();
  expect(body).toEqual({ success: false, details: [{ message, retry_after: retryAfter }] });
  // The web app's error schema keeps the extra key.
  expect(errorBodySchema.parse(body).details?.[0]).toMatchObject({ retry_after: retryAfter });
  return retryAfter;
}

/** Lets every window and lock of the server run out, as if the time had passed. */
async function timePasses(db: Db) {
  await db.query(`UPDATE rate_limits SET resets_at = now() - interval '1 second'`);
}

async function mailsTo(db: Db, address: string): Promise<string[]> {
  const { rows } = await db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE to_address = $1 ORDER BY id DESC',
    [address.toLowerCase()],
  );
  return rows.map((row) => row.body);
}

const contact = {
  full_name: 'Fahad Al-Mutairi',
  email: 'fahad@example.com',
  subject: 'Hello',
  description: 'A question.',
};

describe('rate limits on the product thresholds', { timeout: 60_000 }, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ rateLimits: RATE_LIMITS });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('locks an account after 10 wrong passwords: the 11th try and then the right password get 429', async () => {
    const { max, lockSeconds } = RATE_LIMITS.signInAccount;
    const trainee = await newTrainee(server.db);
    for (let attempt = 1; attempt <= max; attempt += 1) {
      const wrong = await signIn(server, trainee.email, `Wrong#${attempt}`);
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
    }
    await expectRefused(
      await signIn(server, trainee.email, 'Wrong#11'),
      SERVER_MESSAGES.tooManyRequests,
      lockSeconds,
    );
    // Upper-case or padded, it is the same account.
    const right = await signIn(server, `  ${trainee.email.toUpperCase()} `, trainee.password);
    const wait = await expectRefused(right, SERVER_MESSAGES.tooManyRequests, lockSeconds);
    expect(wait).toBeGreaterThan(lockSeconds - 60);

    await timePasses(server.db);
    expect((await signIn(server, trainee.email, trainee.password)).status).toBe(200);
  });

  it('lets the owner in with a new password at once, even while guessers keep the account locked', async () => {
    const trainee = await newTrainee(server.db);
    for (let attempt = 0; attempt <= RATE_LIMITS.signInAccount.max; attempt += 1) {
      await signIn(server, trainee.email, `Wrong#${attempt}`);
    }
    expect((await signIn(server, trainee.email, trainee.password)).status).toBe(429);

    expect((await post(server, '/user/reset-password/', { email_or_phone: trainee.email })).status).toBe(200);
    const code = findOtp((await mailsTo(server.db, trainee.email))[0] ?? '');
    const verified = await post(server, '/user/otp-verify/', {
      email_or_phone: trainee.email,
      otp_code: code,
    });
    const { token } = (await verified.json()) as { token: string };
    const newPassword = 'Fresh#Start2026';
    const reset = await post(server, '/user/set-password/', {
      token,
      new_password: newPassword,
      confirm_password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect((await signIn(server, trainee.email, newPassword)).status).toBe(200);
  });

  it('clears the failures of an account when its owner signs in', async () => {
    const trainee = await newTrainee(server.db);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 1; attempt < RATE_LIMITS.signInAccount.max; attempt += 1) {
        expect((await signIn(server, trainee.email, 'Wrong#Pass1')).status).toBe(401);
      }
      expect((await signIn(server, trainee.email, trainee.password)).status).toBe(200);
    }
  });

  it('locks an address nobody uses just the same, so the limit does not tell which accounts exist', async () => {
    const nobody = `nobody.${Date.now()}@example.com`;
    for (let attempt = 1; attempt <= RATE_LIMITS.signInAccount.max; attempt += 1) {
      expect((await signIn(server, nobody, 'Wrong#Pass1')).status).toBe(401);
    }
    const refused = await signIn(server, nobody, 'Wrong#Pass1');
    await expectRefused(refused, SERVER_MESSAGES.tooManyRequests, RATE_LIMITS.signInAccount.lockSeconds);
  });

  it('lets only 10 of 30 simultaneous guesses on one account be checked (one atomic count)', async () => {
    const trainee = await newTrainee(server.db);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => signIn(server, trainee.email, `Wrong#${index}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(RATE_LIMITS.signInAccount.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - RATE_LIMITS.signInAccount.max);
  });

  it('stores neither e-mail addresses nor client addresses, only keyed hashes', async () => {
    const { rows } = await server.db.query<{ bucket: string; key: string }>(
      'SELECT bucket, key FROM rate_limits',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[\w-]{43}$/);
    }
  });

  it('locks code checks across reset rounds: 5 tries per code, but 10 wrong codes in all, then 429', async () => {
    const { max, lockSeconds } = RATE_LIMITS.codeAccount;
    const trainee = await newTrainee(server.db);
    const requestCode = async () => {
      expect((await post(server, '/user/reset-password/', { email_or_phone: trainee.email })).status).toBe(
        200,
      );
      const [latest] = await mailsTo(server.db, trainee.email);
      const code = latest ? findOtp(latest) : null;
      if (!code) throw new Error('no code was mailed');
      return code;
    };
    const verify = (code: string) =>
      post(server, '/user/otp-verify/', { email_or_phone: trainee.email, otp_code: code });
    const wrongFor = (code: string) => (code === '1111111' ? '2222222' : '1111111');

    let tries = 0;
    while (tries < max) {
      const code = await requestCode();
      for (let attempt = 0; attempt < 5 && tries < max; attempt += 1, tries += 1) {
        expect((await verify(wrongFor(code))).status).toBe(400);
      }
    }
    // A fresh code, the right one: still refused, for the lock's length.
    const fresh = await requestCode();
    await expectRefused(await verify(fresh), SERVER_MESSAGES.tooManyWrongCodes, lockSeconds);
    // The same for an address without an account.
    const nobody = `nobody.code.${Date.now()}@example.com`;
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect(
        (await post(server, '/user/otp-verify/', { email_or_phone: nobody, otp_code: '1234567' })).status,
      ).toBe(400);
    }
    const unknown = await post(server, '/user/otp-verify/', { email_or_phone: nobody, otp_code: '1234567' });
    await expectRefused(unknown, SERVER_MESSAGES.tooManyWrongCodes, lockSeconds);

    await timePasses(server.db);
    expect((await verify(fresh)).status).toBe(200);
  });

  it('refuses the 6th reset mail to one address within the hour, and queues no mail for it', async () => {
    const { max, windowSeconds } = RATE_LIMITS.mailRecipient;
    const trainee = await newTrainee(server.db);
    const nobody = `nobody.mail.${Date.now()}@example.com`;
    for (const address of [trainee.email, nobody]) {
      for (let mail = 1; mail <= max; mail += 1) {
        const response = await post(server, '/user/reset-password/', { email_or_phone: address });
        expect(response.status, `${address} mail ${mail}`).toBe(200);
      }
      // Written differently, still the same address; refused the same whether or not it has an account.
      const refused = await post(server, '/user/reset-password/', { email_or_phone: address.toUpperCase() });
      await expectRefused(refused, SERVER_MESSAGES.tooManyRequests, windowSeconds);
    }
    expect(await mailsTo(server.db, trainee.email)).toHaveLength(max);
    expect(await mailsTo(server.db, nobody)).toHaveLength(0);
  });

  it('limits form posts per client: contact, course request, issue report and event registration', async () => {
    const trainee = await newTrainee(server.db);
    const { token } = await server.tokens.issue('access', { id: trainee.id, role: 'TRAINEE' });
    const auth = { Authorization: `Bearer ${token}` };
    const { rows } = await server.db.query<{ id: number }>(
      'SELECT id FROM events WHERE ends_at > now() LIMIT 1',
    );
    const forms = [
      ['contactClient', '/cms/get-in-touch/', contact, {}],
      ['courseRequestClient', '/cms/request-course/', { ...contact, subject: undefined }, {}],
      [
        'issueReportClient',
        '/cms/report-an-issues/',
        { name: 'Rana', subject: 'Video', description: 'Stops.' },
        auth,
      ],
      ['eventRegistrationClient', '/event-registration/', { event: rows[0]?.id }, auth],
    ] as const;
    for (const [limit, path, body, headers] of forms) {
      const { max, windowSeconds } = RATE_LIMITS[limit];
      for (let sent = 1; sent <= max; sent += 1) {
        const response = await post(server, path, body, headers);
        // A repeated event registration is refused as such (400), but it counts all the same.
        expect(response.status, `${path} #${sent}`).toBeLessThan(429);
      }
      await expectRefused(
        await post(server, path, body, headers),
        SERVER_MESSAGES.tooManyRequests,
        windowSeconds,
      );
    }
    const { rows: stored } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM contact_messages WHERE email = $1',
      [contact.email],
    );
    expect(stored[0]?.count).toBe(RATE_LIMITS.contactClient.max);
  });

  it('refuses the 21st withdrawal request of a trainee within the hour, refused ones counted', async () => {
    const { max, windowSeconds } = RATE_LIMITS.withdrawalAccount;
    const trainee = await newTrainee(server.db);
    const headers = { Authorization: `Bearer ${(await server.tokens.issue('access', trainee)).token}` };
    const { rows } = await server.db.query<{ id: number }>(
      `SELECT id FROM courses WHERE status = 'Approved' ORDER BY id LIMIT 1`,
    );
    const request = { course_id: rows[0]?.id, reason: 'Moving away' };
    for (let attempt = 1; attempt <= max; attempt += 1) {
      const refused = await post(server, '/course/enroll-status-update/', request, headers);
      await refused.body?.cancel();
      // Not enrolled: refused, and counted.
      expect(refused.status, `attempt ${attempt}`).toBe(409);
    }
    await expectRefused(
      await post(server, '/course/enroll-status-update/', request, headers),
      SERVER_MESSAGES.tooManyRequests,
      windowSeconds,
    );
  });

  it('keeps the counts in the database: a second app instance on it refuses the same client', async () => {
    // This client uses up its contact form posts on the first instance (if the test above has not
    // already); an app built anew on the same database (a restart, or another instance) refuses it too.
    for (let sent = 0; sent <= RATE_LIMITS.contactClient.max; sent += 1)
      await post(server, '/cms/get-in-touch/', contact);
    const second = buildApp({ db: server.db, secret: server.secret, rateLimits: RATE_LIMITS });
    const http = await listen(second.app, { port: 0, hostname: '127.0.0.1' });
    try {
      const response = await fetch(`http://127.0.0.1:${http.port}/api/v1/cms/get-in-touch/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(contact),
      });
      await expectRefused(response, SERVER_MESSAGES.tooManyRequests, RATE_LIMITS.contactClient.windowSeconds);
    } finally {
      await http.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'shares the counts with another server instance on the same PostgreSQL database',
    async () => {
      for (let sent = 0; sent <= RATE_LIMITS.courseRequestClient.max; sent += 1) {
        await post(server, '/cms/request-course/', { ...contact, subject: undefined });
      }
      const other = await startTestServer({ sameDatabaseAs: server, rateLimits: RATE_LIMITS });
      try {
        const refused = await post(other, '/cms/request-course/', { ...contact, subject: undefined });
        await expectRefused(
          refused,
          SERVER_MESSAGES.tooManyRequests,
          RATE_LIMITS.courseRequestClient.windowSeconds,
        );
      } finally {
        await other.close();
      }
    },
  );

  it('deletes rows whose window is over now and then, on a write', async () => {
    const limiter = createRateLimiter({ db: server.db, secret: server.secret, pruneEvery: 1 });
    await server.db.query(
      `INSERT INTO rate_limits (bucket, key, hits, resets_at)
       VALUES ('contactClient', 'lapsed-row', 3, now() - interval '1 minute')`,
    );
    await limiter.count('contactClient', 'someone');
    const { rows } = await server.db.query("SELECT 1 FROM rate_limits WHERE key = 'lapsed-row'");
    expect(rows).toEqual([]);
  });
});

describe('who the client is', { timeout: 60_000 }, () => {
  let direct: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    direct = await startTestServer({ rateLimits: RATE_LIMITS });
    proxied = await startTestServer({ rateLimits: RATE_LIMITS, trustProxy: true });
  }, 60_000);
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: every forged address is the same client', async () => {
    const { max } = RATE_LIMITS.contactClient;
    for (let sent = 1; sent <= max; sent += 1) {
      const response = await post(direct, '/cms/get-in-touch/', contact, {
        'X-Forwarded-For': `203.0.113.${sent}`,
      });
      expect(response.status).toBe(201);
    }
    const forged = await post(direct, '/cms/get-in-touch/', contact, { 'X-Forwarded-For': '198.51.100.99' });
    expect(forged.status).toBe(429);
  });

  it('under TRUST_PROXY counts the right-most X-Forwarded-For entry, whatever the client put before it', async () => {
    const { max } = RATE_LIMITS.contactClient;
    for (let sent = 1; sent <= max; sent += 1) {
      // The proxy appended 203.0.113.7; the entries before it came from the client.
      const response = await post(proxied, '/cms/get-in-touch/', contact, {
        'X-Forwarded-For': `10.0.0.${sent}, 192.0.2.${sent}, 203.0.113.7`,
      });
      expect(response.status).toBe(201);
    }
    const again = await post(proxied, '/cms/get-in-touch/', contact, {
      'X-Forwarded-For': '10.9.9.9, 203.0.113.7',
    });
    expect(again.status).toBe(429);
    const other = await post(proxied, '/cms/get-in-touch/', contact, {
      'X-Forwarded-For': '203.0.113.7, 203.0.113.8',
    });
    expect(other.status).toBe(201);
  });

  it('under TRUST_PROXY counts an IPv6 client by its /64 network', async () => {
    const { max } = RATE_LIMITS.courseRequestClient;
    const request = { ...contact, subject: undefined };
    for (let sent = 1; sent <= max; sent += 1) {
      const response = await post(proxied, '/cms/request-course/', request, {
        'X-Forwarded-For': `2001:db8:1:2::${sent.toString(16)}`,
      });
      expect(response.status).toBe(201);
    }
    const sameNetwork = await post(proxied, '/cms/request-course/', request, {
      'X-Forwarded-For': '2001:db8:1:2:ffff:ffff:ffff:ffff',
    });
    expect(sameNetwork.status).toBe(429);
  });

  it('lets a class of 40 on one campus address sign in, typing errors included', async () => {
    const hash = await hashPassword(PASSWORD);
    const stamp = Date.now();
    const { rows: students } = await direct.db.query<{ email: string }>(
      `INSERT INTO users (full_name, email, role, password_hash, approved, verified)
       SELECT 'Student ' || n, 'student' || n || '.' || $2::text || '@example.com', 'TRAINEE', $1, true, true
       FROM generate_series(1, 40) n RETURNING email`,
      [hash, stamp],
    );
    const answers = await Promise.all(
      students.map(async ({ email }) => {
        const typo = await signIn(direct, email, 'Rate#Limit2025');
        const right = await signIn(direct, email, PASSWORD);
        return [typo.status, right.status];
      }),
    );
    expect(answers).toEqual(students.map(() => [401, 200]));
  });

  it('refuses a client address after 100 failed sign-ins, whichever accounts they tried', async () => {
    const { max } = RATE_LIMITS.signInClient;
    const stamp = Date.now();
    // The class above failed 40 times from this address already.
    const { rows } = await direct.db.query<{ failures: number }>(
      "SELECT hits AS failures FROM rate_limits WHERE bucket = 'signInClient'",
    );
    const before = rows[0]?.failures ?? 0;
    for (let attempt = before + 1; attempt <= max; attempt += 1) {
      expect((await signIn(direct, `guess${attempt}.${stamp}@example.com`, 'Wrong#Pass1')).status).toBe(401);
    }
    const trainee = await newTrainee(direct.db);
    await expectRefused(
      await signIn(direct, trainee.email, trainee.password),
      SERVER_MESSAGES.tooManyRequests,
      RATE_LIMITS.signInClient.windowSeconds,
    );
    // Another client (through the proxy server, on its own database) is not concerned.
    expect((await signIn(proxied, 'trainee@example.com', 'Trainee#2026')).status).toBe(200);
  });
});

describe('client address helpers', () => {
  it('normalises addresses and groups IPv6 clients by /64', () => {
    expect(normaliseAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseAddress('203.0.113.7:5100')).toBe('203.0.113.7');
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('not-an-address')).toBeUndefined();
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});
