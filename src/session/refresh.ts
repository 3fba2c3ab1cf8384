import type { TokenPair } from '@machines/session.machine';

/**
 * Token renewal shared by every tab of the browser. The tabs share the token cookies, and the
 * server accepts each refresh token once (a second use ends the whole session, as a stolen token
 * would), so only one tab may renew at a time: the others wait for it and take the tokens it stored.
 */

/** The Web Locks name every tab of the app renews under. */
export const REFRESH_LOCK = 'kfu-refresh';
/**
 * How long a tab waits for another tab's renewal: longer than one call may take (10 s), so it
 * gives up only on a tab that hangs; it then keeps its tokens and tries again on the next refusal.
 */
export const REFRESH_LOCK_WAIT_MS = 15_000;
/** A stored access token this close to its expiry is renewed rather than taken over. */
export const ADOPT_MARGIN_SECONDS = 30;

/** The cookies hold no session any more: another tab signed out. Ends this tab's session too. */
export class SessionEndedElsewhere extends Error {
  override readonly name = 'SessionEndedElsewhere';
  /** Read by the session machine like a refused refresh. */
  readonly status = 401;
  constructor() {
    super('The session was ended in another tab');
  }
}

export interface RenewalDeps {
  /** `navigator.locks`; absent in old browsers and outside secure contexts (tabs then renew alone). */
  locks?: Pick<LockManager, 'request'> | undefined;
  /** The tokens the cookies hold now. */
  readTokens(): Partial<TokenPair>;
  /** Stores renewed tokens in the cookies. */
  writeTokens(tokens: TokenPair): void;
  /** POST /user/refresh-token/ */
  exchange(refreshToken: string): Promise<TokenPair>;
  /** Milliseconds since the epoch (tests pass a fixed clock). */
  now?: () => number;
}

/** Seconds since the epoch at which a JWT expires; null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * New tokens for a tab whose session holds `held`: under the lock, the cookies are read again. When
 * another tab has renewed meanwhile (the stored refresh token is no longer `held`) and its access
 * token is still good, this tab takes those tokens without calling the server; otherwise it
 * exchanges the stored refresh token and stores the answer before letting the next tab in.
 * Rejects with SessionEndedElsewhere when the cookies hold no session, and with the call's error
 * when the server refuses.
 */
export async function renewTokens(held: string, deps: RenewalDeps): Promise<TokenPair> {
  const now = deps.now ?? Date.now;
  const renew = async (): Promise<TokenPair> => {
    const stored = deps.readTokens();
    if (!stored.accessToken || !stored.refreshToken) throw new SessionEndedElsewhere();
    if (stored.refreshToken !== held) {
      const expiry = tokenExpiry(stored.accessToken);
      if (expiry !== null && expiry * 1000 - now() > ADOPT_MARGIN_SECONDS * 1000) {
        return { accessToken: stored.accessToken, refreshToken: stored.refreshToken };
      }
    }
    const fresh = await deps.exchange(stored.refreshToken);
    deps.writeTokens(fresh);
    return fresh;
  };
  if (!deps.locks) return renew();
  return deps.locks.request(REFRESH_LOCK, { signal: AbortSignal.timeout(REFRESH_LOCK_WAIT_MS) }, renew);
}

/**
 * Runs `change` (a call that replaces the session's tokens: a password change) while no tab may
 * renew. The server ends every other session at once and closes this tab's sockets too; a renewal
 * asked for meanwhile (a socket closed with 4401) waits here, then finds the new tokens in the
 * cookies and takes them, instead of spending the refresh token the change has just revoked.
 */
export async function holdRenewals<T>(
  change: () => Promise<T>,
  locks: Pick<LockManager, 'request'> | undefined,
): Promise<T> {
  return locks ? await locks.request(REFRESH_LOCK, {}, change) : change();
}
