import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { loginResponseSchema } from '@contract/wire/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import type { Db } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { createLogger, loggedPath, routeLabel } from '../../server/logging';
import { startTestServer, type TestServer } from '../../server/testing';

const API = '/api/v1';

/** What the server wrote, one JSON line each. */
const written: string[] = [];
const destination = { write: (line: string) => written.push(line) };
const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
const requestLine = (reqId: string) => lines().find((line) => line.reqId === reqId && 'status' in line);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logger: createLogger({ level: 'info', destination }) });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  written.length = 0;
});

async function signIn(): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${server.url}${API}/user/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'sign-in-1' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.trainee.email, password: DEMO_ACCOUNTS.trainee.password }),
  });
  expect(response.status).toBe(200);
  const body = loginResponseSchema.parse(await response.json());
  return { access: body.access_token, refresh: body.refresh_token };
}

describe('the request log', () => {
  it('writes one line per request: id, method, route, path, status, duration', async () => {
    await signIn();
    const line = requestLine('sign-in-1');
    expect(line).toMatchObject({
      level: 'info',
      reqId: 'sign-in-1',
      method: 'POST',
      route: `${API}/user/login/`,
      path: `${API}/user/login/`,
      status: 200,
    });
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.time).toBe('string');
    // Signing in is not yet being signed in.
    expect(line).not.toHaveProperty('userId');
    expect(written.join('')).not.toContain(DEMO_ACCOUNTS.trainee.password);
    expect(written.join('')).not.toContain(DEMO_ACCOUNTS.trainee.email);
  });

  it('answers with the request id it logged, made anew when the incoming one is not a short safe token', async () => {
    for (const incoming of [undefined, 'has spaces in it', 'x'.repeat(65), '<script>']) {
      written.length = 0;
      const response = await fetch(`${server.url}${API}/course/category/`, {
        headers: incoming === undefined ? {} : { 'X-Request-Id': incoming },
      });
      const id = response.headers.get('X-Request-Id') ?? '';
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines().filter((line) => 'status' in line)).toEqual([
        expect.objectContaining({ reqId: id, route: `${API}/course/category/`, status: 200 }),
      ]);
    }
    const kept = await fetch(`${server.url}${API}/course/category/`, {
      headers: { 'X-Request-Id': 'lb-7f3a.2' },
    });
    expect(kept.headers.get('X-Request-Id')).toBe('lb-7f3a.2');
  });

  it('names the signed-in user, and never a token, a cookie, a code or a query string', async () => {
    const { access, refresh } = await signIn();
    written.length = 0;
    const list = await fetch(`${server.url}${API}/notification/?token=query-secret-value`, {
      headers: {
        Authorization: `Bearer ${access}`,
        Cookie: `refresh_token=${refresh}`,
        'X-Request-Id': 'bell-1',
      },
    });
    expect(list.status).toBe(200);
    const trainee = await server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      DEMO_ACCOUNTS.trainee.email,
    ]);
    expect(requestLine('bell-1')).toMatchObject({
      route: `${API}/notification/`,
      path: `${API}/notification/`,
      userId: trainee.rows[0]?.id,
    });

    const resetCode = '493817';
    const verify = await fetch(`${server.url}${API}/user/otp-verify/?code=${resetCode}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `refresh_token=${refresh}` },
      body: JSON.stringify({ email_or_phone: DEMO_ACCOUNTS.trainee.email, otp_code: resetCode }),
    });
    expect(verify.status).toBeGreaterThanOrEqual(400);
    const renewed = await fetch(`${server.url}${API}/user/refresh-token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refresh }),
    });
    expect(renewed.status).toBe(200);
    // An invitation's token is in its path: the log names the parameter instead.
    const invitation = 'inv1tationT0kenValue';
    await fetch(`${server.url}${API}/invitations/${invitation}/`, {
      headers: { 'X-Request-Id': 'invite-1' },
    });
    expect(requestLine('invite-1')).toMatchObject({
      route: `${API}/invitations/:token/`,
      path: `${API}/invitations/:token/`,
    });

    const log = written.join('\n');
    for (const secret of [access, refresh, resetCode, 'query-secret-value', invitation, 'Bearer', 'Cookie'])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/authorization|cookie|otp_code|\?/i);
  });

  it('gives requests no route served a fixed label', async () => {
    await fetch(`${server.url}/no/such/page?code=1`, { headers: { 'X-Request-Id': 'lost-1' } });
    expect(requestLine('lost-1')).toMatchObject({ route: 'unmatched', path: '/no/…', status: 404 });
  });
});

describe('an unexpected error', () => {
  it('goes with its stack and the request id to the log, and not into the answer', async () => {
    const failing: Db = {
      ...server.db,
      async query(sql, params) {
        if (/course_categories/.test(sql)) throw new Error('the disk caught fire');
        return server.db.query(sql, params);
      },
    };
    const { app } = buildApp({
      db: failing,
      secret: randomTokenSecret(),
      logger: createLogger({ level: 'info', destination }),
    });
    const response = await app.request(`${API}/course/category/`, { headers: { 'X-Request-Id': 'fire-1' } });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      success: false,
      details: [{ message: SERVER_MESSAGES.internalError }],
    });
    expect(body).not.toContain('fire');
    expect(body).not.toMatch(/\bat /);

    const error = lines().find((line) => line.level === 'error');
    expect(error).toMatchObject({ reqId: 'fire-1', method: 'GET', route: `${API}/course/category/` });
    expect(String(error?.error)).toContain('the disk caught fire');
    expect(String(error?.error)).toMatch(/\n\s+at /);
    expect(requestLine('fire-1')).toMatchObject({ status: 500 });
  });
});

describe('route labels and logged paths', () => {
  it('keep the pattern, and hide secret parameters and the web app’s deeper paths', () => {
    expect(routeLabel('/api/v1/course/about/:id/', 200)).toBe('/api/v1/course/about/:id/');
    expect(routeLabel('*', 404)).toBe('unmatched');
    expect(routeLabel('/api/*', 404)).toBe('unmatched');
    expect(routeLabel('*', 200)).toBe('static');
    expect(loggedPath('/api/v1/course/about/12/', '/api/v1/course/about/:id/')).toBe(
      '/api/v1/course/about/12/',
    );
    expect(loggedPath('/api/v1/invitations/abc/accept/', '/api/v1/invitations/:token/accept/')).toBe(
      '/api/v1/invitations/:token/accept/',
    );
    expect(loggedPath('/invitations/abc', '*')).toBe('/invitations/…');
    expect(loggedPath('/verify/', '*')).toBe('/verify/');
  });
});
