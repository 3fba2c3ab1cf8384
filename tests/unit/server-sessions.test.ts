import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { refreshResponseSchema } from '@contract/wire/auth';
import { loginResponseSchema } from '@contract/wire/identity';
import { SOCKET_PATHS, SOCKET_REFUSED } from '@contract/wire/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { issueResetToken } from '../../server/auth/reset-tokens';
import { startSession, verifyAccess } from '../../server/auth/sessions';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../server/auth/tokens';
import { startTestServer, type TestServer } from '../../server/testing';
import { ensureUser, type UserRow } from '../../server/users';

const PASSWORD = 'Session#Pass2026';
const SIGNED_OUT = { success: true, message: SERVER_MESSAGES.signedOut };
const REFRESH_REFUSED = { success: false, details: [{ message: SERVER_MESSAGES.invalidRefreshToken }] };

let server: TestServer;
let people = 0;

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** A new verified trainee of its own, so that ending its sessions touches no other test. */
async function newTrainee(): Promise<UserRow> {
  people += 1;
  return ensureUser(server.db, {
    email: `sessions.${people}@example.com`,
    password: PASSWORD,
    full_name: `Session Trainee ${people}`,
    role: 'TRAINEE',
    approved: true,
  });
}

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function refresh(refreshToken: string) {
  const response = await post('/user/refresh-token/', { refresh_token: refreshToken });
  return response.status === 200
    ? { ...response, pair: refreshResponseSchema.parse(response.body) }
    : response;
}

async function notifications(accessToken: string): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/notification/`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return response.status;
}

interface TokenRow {
  jti: string;
  family_id: string;
  parent_jti: string | null;
  used: boolean;
  revoked: boolean;
}

async function rowOf(refreshToken: string): Promise<TokenRow> {
  const { jti } = await server.tokens.verify(refreshToken, 'refresh');
  const { rows } = await server.db.query<TokenRow>(
    `SELECT jti, family_id, parent_jti, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked
     FROM refresh_tokens WHERE jti = $1`,
    [jti],
  );
  if (!rows[0]) throw new Error('the refresh token was not recorded');
  return rows[0];
}

describe('POST /user/logout/', () => {
  it('ends the session of the refresh token: it can no longer be exchanged', async () => {
    const session = await startSession(server.db, server.tokens, await newTrainee());
    expect(await post('/user/logout/', { refresh_token: session.refresh_token })).toEqual({
      status: 200,
      body: SIGNED_OUT,
    });
    expect(await refresh(session.refresh_token)).toEqual({ status: 401, body: REFRESH_REFUSED });
  });

  it('ends the token that replaced the one given, and no other session of the user', async () => {
    const user = await newTrainee();
    const first = await startSession(server.db, server.tokens, user);
    const elsewhere = await startSession(server.db, server.tokens, user);
    const rotated = await refresh(first.refresh_token);
    if (!('pair' in rotated)) throw new Error(`refresh refused: ${JSON.stringify(rotated.body)}`);

    // A tab that still holds the spent token signs out: the newest token of its session ends too.
    expect(await post('/user/logout/', { refresh_token: first.refresh_token })).toEqual({
      status: 200,
      body: SIGNED_OUT,
    });
    expect((await refresh(rotated.pair.refresh_token)).status).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(200);
  });

  it('answers the same to a token already signed out, unknown, forged or expired', async () => {
    const user = await newTrainee();
    const session = await startSession(server.db, server.tokens, user);
    await post('/user/logout/', { refresh_token: session.refresh_token });
    const past = Math.floor(Date.now() / 1000) - REFRESH_TOKEN_TTL_SECONDS - 60;
    const expired = (await server.tokens.issue('refresh', user, { issuedAt: past })).token;
    const unknown = (await server.tokens.issue('refresh', user)).token;
    for (const token of [session.refresh_token, unknown, expired, session.access_token, 'not.a.token']) {
      expect(await post('/user/logout/', { refresh_token: token })).toEqual({
        status: 200,
        body: SIGNED_OUT,
      });
    }
  });

  it('answers 400 in the error shape to a malformed body', async () => {
    const required = { success: false, details: [{ message: SERVER_MESSAGES.refreshTokenRequired }] };
    for (const body of [{}, { refresh_token: '' }, { refresh_token: 7 }, []]) {
      expect(await post('/user/logout/', body)).toEqual({ status: 400, body: required });
    }
    expect(await post('/user/logout/', '{oops')).toEqual({
      status: 400,
      body: { success: false, details: [{ message: SERVER_MESSAGES.malformedBody }] },
    });
  });
});

describe('refresh token families', () => {
  it('sign-in starts a family; each refresh spends its token and adds a child to it', async () => {
    const user = await newTrainee();
    const login = await post('/user/login/', { username: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const first = loginResponseSchema.parse(login.body);
    const second = await refresh(first.refresh_token);
    if (!('pair' in second)) throw new Error('refresh refused');
    const third = await refresh(second.pair.refresh_token);
    if (!('pair' in third)) throw new Error('refresh refused');

    const root = await rowOf(first.refresh_token);
    expect(root).toMatchObject({ family_id: root.jti, parent_jti: null, used: true, revoked: false });
    expect(await rowOf(second.pair.refresh_token)).toMatchObject({
      family_id: root.jti,
      parent_jti: root.jti,
      used: true,
    });
    expect(await rowOf(third.pair.refresh_token)).toMatchObject({
      family_id: root.jti,
      parent_jti: (await rowOf(second.pair.refresh_token)).jti,
      used: false,
      revoked: false,
    });
  });

  it('a spent token presented again is refused and revokes every token of its family in use', async () => {
    const user = await newTrainee();
    const first = await startSession(server.db, server.tokens, user);
    const other = await startSession(server.db, server.tokens, user);
    const second = await refresh(first.refresh_token);
    if (!('pair' in second)) throw new Error('refresh refused');
    const third = await refresh(second.pair.refresh_token);
    if (!('pair' in third)) throw new Error('refresh refused');

    // Immediately after it was spent: there is no grace period.
    expect(await refresh(second.pair.refresh_token)).toEqual({ status: 401, body: REFRESH_REFUSED });
    expect(await rowOf(third.pair.refresh_token)).toMatchObject({ used: false, revoked: true });
    expect(await refresh(third.pair.refresh_token)).toEqual({ status: 401, body: REFRESH_REFUSED });
    // The user's other session is another family.
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('of simultaneous refreshes with one token one wins, and the rest count as reuse', async () => {
    const session = await startSession(server.db, server.tokens, await newTrainee());
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refresh_token)));
    const won = answers.filter((answer) => 'pair' in answer);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(4);
    // So the web app lets one tab refresh at a time and the others take its tokens.
    const winner = won[0] as { pair: { refresh_token: string } };
    expect((await refresh(winner.pair.refresh_token)).status).toBe(401);
  });
});

/** A socket that records how it closed. */
function connect(token: string) {
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}${SOCKET_PATHS.notifications}?token=${token}`,
  );
  socket.on('error', () => {});
  return {
    opened: new Promise<void>((resolve) => socket.once('open', () => resolve())),
    closed: new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
  };
}

async function registered(user: UserRow, count: number): Promise<void> {
  for (let attempt = 0; attempt < 250 && server.live.openSockets(user.id) !== count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(server.live.openSockets(user.id)).toBe(count);
}

async function resetPassword(user: UserRow): Promise<void> {
  const token = await issueResetToken(server.db, server.tokens, user);
  const fresh = 'Another#Pass2026';
  const answer = await post('/user/set-password/', { new_password: fresh, confirm_password: fresh, token });
  expect(answer.status).toBe(200);
}

describe('a password reset ends every session', () => {
  it('refuses access tokens issued before it, as well as refresh tokens; a new sign-in works', async () => {
    const user = await newTrainee();
    const before = await startSession(server.db, server.tokens, user);
    const bystander = await startSession(server.db, server.tokens, await newTrainee());
    expect(await notifications(before.access_token)).toBe(200);

    await resetPassword(user);

    expect(await notifications(before.access_token)).toBe(401);
    expect((await refresh(before.refresh_token)).status).toBe(401);
    expect(await verifyAccess(server.db, server.tokens, before.access_token)).toBeNull();
    expect(await notifications(bystander.access_token)).toBe(200);

    const after = await startSession(server.db, server.tokens, user);
    expect(await server.tokens.verify(after.access_token, 'access')).toMatchObject({ sessionVersion: 1 });
    expect(await notifications(after.access_token)).toBe(200);
    expect((await verifyAccess(server.db, server.tokens, after.access_token))?.user.id).toBe(user.id);
    expect((await refresh(after.refresh_token)).status).toBe(200);
  });

  it("closes the user's open notifications socket with 4401 and refuses its token from then on", async () => {
    const user = await newTrainee();
    const { access_token } = await startSession(server.db, server.tokens, user);
    const client = connect(access_token);
    await client.opened;
    await registered(user, 1);

    await resetPassword(user);

    expect(await client.closed).toEqual({ code: SOCKET_REFUSED, reason: 'Session ended' });
    await registered(user, 0);
    // Reconnecting with the same token is refused before anything is sent.
    expect(await connect(access_token).closed).toEqual({ code: SOCKET_REFUSED, reason: 'Unauthorized' });
    await registered(user, 0);
  });

  it('refuses a refresh token that carries an older session version, even if never spent', async () => {
    // A sign-in that read the version just before the sessions were ended.
    const user = await newTrainee();
    const session = await startSession(server.db, server.tokens, user);
    await server.db.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [user.id]);
    expect(await notifications(session.access_token)).toBe(401);
    expect(await refresh(session.refresh_token)).toEqual({ status: 401, body: REFRESH_REFUSED });
  });
});
