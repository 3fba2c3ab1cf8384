import type { TokenPair } from '@machines/session.machine';
import { describe, expect, it } from 'vitest';
import {
  ADOPT_MARGIN_SECONDS,
  holdRenewals,
  REFRESH_LOCK,
  type RenewalDeps,
  renewTokens,
  SessionEndedElsewhere,
  tokenExpiry,
} from '@/session/refresh';

const NOW = 1_900_000_000_000;

/** An unsigned JWT-shaped token that expires `inSeconds` after NOW. */
function jwt(name: string, inSeconds: number): string {
  const payload = Buffer.from(JSON.stringify({ sub: '1', jti: name, exp: NOW / 1000 + inSeconds })).toString(
    'base64url',
  );
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`;
}

/** Web Locks as one browser grants them: one holder of a name at a time, in request order. */
function browserLocks() {
  const names: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request(name: string, _options: LockOptions, callback: () => Promise<unknown>) {
      names.push(name);
      const run = tail.then(callback);
      tail = run.catch(() => {});
      return run;
    },
  };
  return { locks: locks as unknown as RenewalDeps['locks'], names };
}

/**
 * The cookies every tab shares, and a server that exchanges each refresh token once and refuses a
 * spent one with 401, as the reference server does.
 */
function browser(initial: Partial<TokenPair>, alreadySpent: string[] = []) {
  let cookies = { ...initial };
  const spent = new Set(alreadySpent);
  const calls: string[] = [];
  let issued = 0;
  const deps: Omit<RenewalDeps, 'locks'> = {
    readTokens: () => ({ ...cookies }),
    writeTokens: (tokens) => {
      cookies = { ...tokens };
    },
    async exchange(refreshToken) {
      calls.push(refreshToken);
      // The answer takes a while, so that a second tab asks before the first one stored it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (spent.has(refreshToken)) throw Object.assign(new Error('refused'), { status: 401 });
      spent.add(refreshToken);
      issued += 1;
      return { accessToken: jwt(`access-${issued}`, 900), refreshToken: `refresh-${issued}` };
    },
    now: () => NOW,
  };
  return { deps, calls, cookies: () => cookies };
}

describe('a change that replaces the tokens (a password change)', () => {
  it('holds back a renewal asked meanwhile, which then takes the new tokens without spending the old one', async () => {
    const shared = browser({ accessToken: jwt('access-0', 600), refreshToken: 'refresh-0' });
    const { locks } = browserLocks();
    const replaced = { accessToken: jwt('access-9', 900), refreshToken: 'refresh-9' };
    let renewal: Promise<TokenPair> | undefined;
    const change = holdRenewals(async () => {
      // The server has ended the sessions: a socket closed with 4401 asks for a renewal now.
      renewal = renewTokens('refresh-0', { ...shared.deps, locks });
      await new Promise((resolve) => setTimeout(resolve, 5));
      shared.deps.writeTokens(replaced);
      return 'changed';
    }, locks);
    expect(await change).toBe('changed');
    expect(await renewal).toEqual(replaced);
    expect(shared.calls).toEqual([]);
  });
});

describe('renewing tokens across tabs', () => {
  it('lets one tab call the server while the other, asking at the same time, takes its tokens', async () => {
    const shared = browser({ accessToken: jwt('access-0', -5), refreshToken: 'refresh-0' });
    const { locks, names } = browserLocks();
    const [first, second] = await Promise.all([
      renewTokens('refresh-0', { ...shared.deps, locks }),
      renewTokens('refresh-0', { ...shared.deps, locks }),
    ]);
    expect(shared.calls).toEqual(['refresh-0']);
    expect(second).toEqual(first);
    expect(shared.cookies()).toEqual(first);
    expect(names).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
  });

  it('without a lock both tabs call the server and the second is refused (why the lock is there)', async () => {
    const shared = browser({ accessToken: jwt('access-0', -5), refreshToken: 'refresh-0' });
    const outcomes = await Promise.allSettled([
      renewTokens('refresh-0', shared.deps),
      renewTokens('refresh-0', shared.deps),
    ]);
    expect(shared.calls).toEqual(['refresh-0', 'refresh-0']);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
  });

  it('takes the tokens another tab renewed earlier without calling the server', async () => {
    const stored = { accessToken: jwt('access-5', 600), refreshToken: 'refresh-5' };
    const shared = browser(stored);
    await expect(renewTokens('refresh-4', { ...shared.deps, ...browserLocks() })).resolves.toEqual(stored);
    expect(shared.calls).toEqual([]);
  });

  it('renews with the stored refresh token when the stored access token is about to expire', async () => {
    const shared = browser({
      accessToken: jwt('access-5', ADOPT_MARGIN_SECONDS - 1),
      refreshToken: 'refresh-5',
    });
    const renewed = await renewTokens('refresh-4', { ...shared.deps, ...browserLocks() });
    expect(shared.calls).toEqual(['refresh-5']);
    expect(shared.cookies()).toEqual(renewed);
  });

  it('ends the session when another tab signed out (the cookies are gone), without calling the server', async () => {
    const shared = browser({});
    const failure = await renewTokens('refresh-0', { ...shared.deps, ...browserLocks() }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SessionEndedElsewhere);
    expect((failure as SessionEndedElsewhere).status).toBe(401);
    expect(shared.calls).toEqual([]);
  });

  it("passes the server's refusal on and stores nothing", async () => {
    const before = { accessToken: jwt('access-0', -5), refreshToken: 'refresh-0' };
    const shared = browser(before, ['refresh-0']);
    await expect(renewTokens('refresh-0', { ...shared.deps, ...browserLocks() })).rejects.toMatchObject({
      status: 401,
    });
    expect(shared.calls).toEqual(['refresh-0']);
    expect(shared.cookies()).toEqual(before);
  });
});

describe('tokenExpiry', () => {
  it('reads the expiry of a JWT, and nothing from anything else', () => {
    expect(tokenExpiry(jwt('a', 60))).toBe(NOW / 1000 + 60);
    expect(tokenExpiry('not-a-token')).toBeNull();
    expect(tokenExpiry('a.%%%.c')).toBeNull();
    expect(tokenExpiry(`a.${Buffer.from('{"sub":"1"}').toString('base64url')}.c`)).toBeNull();
  });
});
