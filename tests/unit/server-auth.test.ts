import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { refreshResponseSchema } from '@contract/wire/auth';
import { centreDetailsSchema } from '@contract/wire/cms';
import { loginResponseSchema } from '@contract/wire/identity';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { requireAuth } from '../../server/auth/middleware';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { randomTokenSecret } from '../../server/auth/secret';
import { createTokenService, TOKEN_ISSUER, TokenError } from '../../server/auth/tokens';
import type { Db } from '../../server/db';
import { DEMO_ACCOUNTS, PENDING_TRAINER } from '../../server/demo-accounts';
import { type AppEnv, handleError } from '../../server/http';
import { migrate } from '../../server/migrate';
import { seed } from '../../server/seed';
import { openTestDatabase, type TestDatabase } from '../../server/test-database';
import { ensureUser } from '../../server/users';

const trainee = DEMO_ACCOUNTS.trainee;

describe('password hashing', () => {
  it('accepts the password it hashed and nothing else', async () => {
    const stored = await hashPassword('Trainee#2026');
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('Trainee#2026');
    await expect(verifyPassword('Trainee#2026', stored)).resolves.toBe(true);
    await expect(verifyPassword('trainee#2026', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('hashes outside test runs at the full cost (N = 2^15, r = 8, p = 1), and checks either kind', async () => {
    const testHash = await hashPassword('Trainee#2026');
    expect(testHash.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const stored = await hashPassword('Trainee#2026');
      expect(stored.split('$').slice(1, 4)).toEqual(['32768', '8', '1']);
      await expect(verifyPassword('Trainee#2026', stored)).resolves.toBe(true);
      await expect(verifyPassword('Trainee#2026', testHash)).resolves.toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a stored value that is not a scrypt hash', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$0$8$1$$')).resolves.toBe(false);
  });
});

describe('tokens', () => {
  const secret = randomTokenSecret();
  const tokens = createTokenService(secret);
  const user = { id: 7, role: 'TRAINER' as const };

  it('reads back the user, role and type it signed', async () => {
    const { token } = await tokens.issue('access', user);
    await expect(tokens.verify(token, 'access')).resolves.toMatchObject({
      userId: 7,
      role: 'TRAINER',
      typ: 'access',
    });
  });

  it('never takes an access token for a refresh token, nor the reverse', async () => {
    const access = await tokens.issue('access', user);
    const refresh = await tokens.issue('refresh', user);
    await expect(tokens.verify(access.token, 'refresh')).rejects.toEqual(new TokenError('wrong-type'));
    await expect(tokens.verify(refresh.token, 'access')).rejects.toEqual(new TokenError('wrong-type'));
  });

  it('lives 15 minutes (access) and 7 days (refresh)', async () => {
    const now = Date.now();
    const access = await tokens.issue('access', user);
    const refresh = await tokens.issue('refresh', user);
    // Tokens count whole seconds from when they are signed, at most the second it is now.
    const signed = Math.floor(Date.now() / 1000) * 1000;
    expect(access.expiresAt.getTime() - now).toBeGreaterThan(14 * 60_000);
    expect(access.expiresAt.getTime() - signed).toBeLessThanOrEqual(15 * 60_000);
    expect(refresh.expiresAt.getTime() - now).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(refresh.expiresAt.getTime() - signed).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it('refuses tokens signed with another key, altered or expired', async () => {
    const other = createTokenService(randomTokenSecret());
    const foreign = await other.issue('access', user);
    await expect(tokens.verify(foreign.token, 'access')).rejects.toEqual(new TokenError('invalid'));

    const { token } = await tokens.issue('access', user);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', role: 'TRAINER', typ: 'access' })).toString(
      'base64url',
    );
    await expect(tokens.verify(`${header}.${forgedPayload}.${signature}`, 'access')).rejects.toEqual(
      new TokenError('invalid'),
    );

    const expired = await new SignJWT({ role: 'TRAINER', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer(TOKEN_ISSUER)
      .setJti('expired')
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(secret);
    await expect(tokens.verify(expired, 'access')).rejects.toEqual(new TokenError('expired'));
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => createTokenService(new Uint8Array(16))).toThrow(/32 bytes/);
  });
});

describe('auth endpoints', () => {
  let db: Db;
  let database: TestDatabase;
  let app: Hono<AppEnv>;
  let service: ReturnType<typeof createTokenService>;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await migrate(db);
    await seed(db);
    await ensureUser(db, PENDING_TRAINER);
    const built = buildApp({ db, secret: randomTokenSecret() });
    app = built.app;
    service = built.tokens;
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  function post(path: string, body: unknown) {
    return app.request(`/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function signIn(account: { email: string; password: string } = trainee) {
    const response = await post('/user/login/', { username: account.email, password: account.password });
    expect(response.status).toBe(200);
    return loginResponseSchema.parse(await response.json());
  }

  it('signs the demo trainee in with tokens and the public user', async () => {
    const body = await signIn();
    expect(body.success).toBe(true);
    expect(body.data).toEqual({
      id: expect.any(Number),
      full_name: 'Sara Al-Qahtani',
      email: 'trainee@example.com',
      phone_number: trainee.phone_number,
      role: 'TRAINEE',
      image: null,
    });
    await expect(service.verify(body.access_token, 'access')).resolves.toMatchObject({ role: 'TRAINEE' });
    await expect(service.verify(body.refresh_token, 'refresh')).resolves.toMatchObject({ role: 'TRAINEE' });
  });

  it('signs the approved demo trainer in, whatever the case of the e-mail address', async () => {
    const body = await signIn({ ...DEMO_ACCOUNTS.trainer, email: ' Trainer@Example.com ' });
    expect(body.data).toMatchObject({ full_name: 'Dr. Khalid Al-Mulhim', role: 'TRAINER' });
  });

  it('answers 401 with the same sentence for a wrong password and an unknown address', async () => {
    for (const body of [
      { username: trainee.email, password: 'Wrong#2026' },
      { username: 'nobody@example.com', password: trainee.password },
    ]) {
      const response = await post('/user/login/', body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        success: false,
        details: [{ message: 'Invalid email or password' }],
      });
    }
  });

  it('answers 403 to a trainer awaiting approval, only once the password is right', async () => {
    const right = await post('/user/login/', {
      username: PENDING_TRAINER.email,
      password: PENDING_TRAINER.password,
    });
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({
      success: false,
      details: [{ message: 'Your trainer account is waiting for admin approval' }],
    });
    const wrong = await post('/user/login/', { username: PENDING_TRAINER.email, password: 'Wrong#2026' });
    expect(wrong.status).toBe(401);
  });

  it('answers 400 with a message to a malformed login body', async () => {
    const cases: [unknown, string][] = [
      ['{not json', SERVER_MESSAGES.malformedBody],
      [{ username: trainee.email }, SERVER_MESSAGES.credentialsRequired],
      [{ username: '  ', password: 'x' }, SERVER_MESSAGES.credentialsRequired],
      [[], SERVER_MESSAGES.credentialsRequired],
    ];
    for (const [body, message] of cases) {
      const response = await post('/user/login/', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, details: [{ message }] });
    }
  });

  it('rotates the refresh token: the new pair works, the spent token does not', async () => {
    const first = await signIn();
    const rotated = await post('/user/refresh-token/', { refresh_token: first.refresh_token });
    expect(rotated.status).toBe(200);
    const pair = refreshResponseSchema.parse(await rotated.json());
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    await expect(service.verify(pair.access_token, 'access')).resolves.toMatchObject({ typ: 'access' });

    const next = await post('/user/refresh-token/', { refresh_token: pair.refresh_token });
    expect(next.status).toBe(200);

    // Presenting a spent token also ends its family (tests/unit/server-sessions.test.ts).
    const replay = await post('/user/refresh-token/', { refresh_token: first.refresh_token });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({
      success: false,
      details: [{ message: SERVER_MESSAGES.invalidRefreshToken }],
    });
  });

  it('refuses an access token offered as a refresh token', async () => {
    const { access_token } = await signIn();
    const response = await post('/user/refresh-token/', { refresh_token: access_token });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      details: [{ message: SERVER_MESSAGES.invalidRefreshToken }],
    });
  });

  it('refuses a refresh token of a trainer who lost approval', async () => {
    const trainer = await signIn(DEMO_ACCOUNTS.trainer);
    await db.query('UPDATE users SET approved = false WHERE email = $1', [DEMO_ACCOUNTS.trainer.email]);
    try {
      const response = await post('/user/refresh-token/', { refresh_token: trainer.refresh_token });
      expect(response.status).toBe(401);
    } finally {
      await db.query('UPDATE users SET approved = true WHERE email = $1', [DEMO_ACCOUNTS.trainer.email]);
    }
  });

  it('answers 400 when the refresh token is missing', async () => {
    for (const body of [{}, { refresh_token: '' }]) {
      const response = await post('/user/refresh-token/', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        details: [{ message: SERVER_MESSAGES.refreshTokenRequired }],
      });
    }
  });

  it('serves the seeded centre details in the shape the client reads', async () => {
    const response = await app.request('/api/v1/cms/king-fahad-details/');
    expect(response.status).toBe(200);
    const details = centreDetailsSchema.parse(await response.json());
    expect(details.copyright).toContain('2024');
    expect(details.logo).toBe('/brand/logo.svg');
  });

  it('answers unknown API paths with 404 {detail}', async () => {
    for (const path of ['/api/v1/no-such-thing/', '/api/v2/cms/king-fahad-details/', '/api']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found' });
    }
  });

  it('migrates and seeds idempotently', async () => {
    await expect(migrate(db)).resolves.toEqual([]);
    await seed(db);
    const { rows } = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users WHERE email = ANY($1)',
      [[DEMO_ACCOUNTS.trainee.email, DEMO_ACCOUNTS.trainer.email]],
    );
    expect(rows[0]?.count).toBe(2);
  });

  describe('requireAuth', () => {
    function guarded() {
      const guardedApp = new Hono<AppEnv>();
      guardedApp.onError(handleError);
      guardedApp.use('*', requireAuth(db, service));
      guardedApp.get('/me', (c) => c.json({ email: c.get('user').email }));
      return guardedApp;
    }

    it('answers 401 without a bearer token', async () => {
      const response = await guarded().request('/me');
      expect(response.status).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({
        success: false,
        details: [{ message: SERVER_MESSAGES.authenticationRequired }],
      });
    });

    it('answers 401 to a refresh token or a forged token used as a bearer token', async () => {
      const { refresh_token } = await signIn();
      for (const token of [refresh_token, 'not.a.token']) {
        const response = await guarded().request('/me', { headers: { Authorization: `Bearer ${token}` } });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          success: false,
          details: [{ message: SERVER_MESSAGES.invalidAccessToken }],
        });
      }
    });

    it('lets an access token through with its user', async () => {
      const { access_token } = await signIn();
      const response = await guarded().request('/me', {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ email: trainee.email });
    });
  });
});
