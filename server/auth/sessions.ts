import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Role } from '@contract/wire/common';
import type { Db } from '../db';
import { HttpProblem } from '../http';
import type { UserRow } from '../users';
import { type TokenClaims, TokenError, type TokenService } from './tokens';

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/** A user row with the session version that access and refresh tokens must carry. */
export type SessionUser = UserRow & { session_version: number };

/**
 * Called once every session of a user has been ended (the change is committed): the live hub
 * closes the user's open sockets with it.
 */
export type SessionsRevokedHook = (userId: number) => void;

/** The user with their session version (every column, so the row also serves as `c.get('user')`). */
export async function findSessionUser(db: Db, id: number): Promise<SessionUser | undefined> {
  const { rows } = await db.query<SessionUser>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

/**
 * Signs an access and a refresh token with the session version and records the refresh token in
 * its family (a new family unless `family` names the parent's).
 */
async function issuePair(
  tx: Db,
  tokens: TokenService,
  user: { id: number; role: Role; session_version: number },
  family?: { id: string; parentJti: string },
): Promise<SessionTokens> {
  const access = await tokens.issue('access', user);
  const refresh = await tokens.issue('refresh', user);
  await tx.query(
    `INSERT INTO refresh_tokens (jti, user_id, expires_at, family_id, parent_jti)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      refresh.jti,
      user.id,
      refresh.expiresAt.toISOString(),
      family?.id ?? refresh.jti,
      family?.parentJti ?? null,
    ],
  );
  return { access_token: access.token, refresh_token: refresh.token };
}

/**
 * Signs the user in: an access and a refresh token that start a new family. The session version
 * is read in the same transaction; should the sessions be ended meanwhile, the tokens carry the old
 * version and are refused.
 */
export async function startSession(
  db: Db,
  tokens: TokenService,
  user: { id: number; role: Role },
): Promise<SessionTokens> {
  // Outside the transaction: rows of other sessions are not held while this one starts.
  await db.query('DELETE FROM refresh_tokens WHERE user_id = $1 AND expires_at < now()', [user.id]);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ session_version: number; disabled: boolean }>(
      'SELECT session_version, disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1',
      [user.id],
    );
    const version = rows[0]?.session_version;
    if (version === undefined) throw new Error(`No user ${user.id} to start a session for`);
    // An account the centre disabled starts no session, whichever way it was reached.
    if (rows[0]?.disabled) throw new HttpProblem(403, SERVER_MESSAGES.accountDisabled);
    return issuePair(tx, tokens, { id: user.id, role: user.role, session_version: version });
  });
}

type Rotation =
  | { ok: true; session: SessionTokens }
  | { ok: false; reason: 'invalid' | 'reused'; userId: number };

/**
 * Exchanges a refresh token for a new pair in the same family. The old token is spent in the
 * statement that checks it, so it is exchanged once only; presenting it again revokes every token
 * of its family still in use (whoever holds the newest one, the owner or a thief, must sign in
 * again), and that revocation is kept although the call is refused.
 * Throws TokenError when the token is refused.
 */
export async function rotateRefreshToken(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
): Promise<SessionTokens> {
  const claims = await tokens.verify(refreshToken, 'refresh');
  const rotation = await db.transaction(async (tx): Promise<Rotation> => {
    const refused = (reason: 'invalid' | 'reused'): Rotation => ({
      ok: false,
      reason,
      userId: claims.userId,
    });
    const { rows } = await tx.query<{ family_id: string }>(
      `UPDATE refresh_tokens SET used_at = now()
       WHERE jti = $1 AND user_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
       RETURNING family_id`,
      [claims.jti, claims.userId],
    );
    const spent = rows[0];
    if (!spent) return refused((await revokeFamilyOfSpent(tx, claims)) ? 'reused' : 'invalid');
    const user = await findSessionUser(tx, claims.userId);
    if (
      !user?.verified ||
      !user.approved ||
      user.disabled_at ||
      user.session_version !== claims.sessionVersion
    ) {
      return refused('invalid');
    }
    return {
      ok: true,
      session: await issuePair(tx, tokens, user, { id: spent.family_id, parentJti: claims.jti }),
    };
  });
  if (rotation.ok) return rotation.session;
  if (rotation.reason === 'reused') {
    console.warn(
      `A spent refresh token of user ${rotation.userId} was presented again: its family is revoked`,
    );
  }
  throw new TokenError('invalid');
}

/**
 * When the presented token was spent by an earlier refresh, revokes every token of its family
 * that is still in use; whether it was such a token. (A token revoked, unknown or expired needs
 * nothing more.)
 */
async function revokeFamilyOfSpent(tx: Db, claims: TokenClaims): Promise<boolean> {
  const { rows } = await tx.query<{ family_id: string }>(
    'SELECT family_id FROM refresh_tokens WHERE jti = $1 AND user_id = $2 AND used_at IS NOT NULL',
    [claims.jti, claims.userId],
  );
  const family = rows[0]?.family_id;
  if (family === undefined) return false;
  await tx.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE family_id = $1 AND used_at IS NULL AND revoked_at IS NULL`,
    [family],
  );
  return true;
}

/**
 * Signs out the session a refresh token belongs to: that token, or the descendant that replaced
 * it, can no longer be exchanged. A token that is not ours, expired or already spent changes
 * nothing, and the caller answers the same either way.
 */
export async function endSession(db: Db, tokens: TokenService, refreshToken: string): Promise<void> {
  let claims: TokenClaims;
  try {
    claims = await tokens.verify(refreshToken, 'refresh');
  } catch (error) {
    if (error instanceof TokenError) return;
    throw error;
  }
  // The family's tokens other than the newest are spent already: revoking what is in use is enough.
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE jti = $1 AND user_id = $2)
       AND used_at IS NULL AND revoked_at IS NULL`,
    [claims.jti, claims.userId],
  );
}

/**
 * Ends every session of the user: raises the session version, so that every access and refresh
 * token issued before is refused, and revokes the refresh tokens in use. Runs in the caller's
 * transaction when given one; tell the live hub (SessionsRevokedHook) once it is committed.
 */
export async function revokeSessions(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [userId]);
    await tx.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
      [userId],
    );
  });
}

/** An accepted access token and the user it belongs to. */
export interface VerifiedAccess {
  user: SessionUser;
  claims: TokenClaims;
}

/**
 * Checks an access token as every authenticated entry point must: signature, expiry and type, an
 * existing verified user not disabled, and the user's current session version (a password reset ends the
 * sessions started before it). Null when the token is refused. A trainer awaiting approval is
 * returned: the caller decides (requireAuth answers 403, the live hub refuses the socket).
 */
export async function verifyAccess(
  db: Db,
  tokens: TokenService,
  token: string,
): Promise<VerifiedAccess | null> {
  let claims: TokenClaims;
  try {
    claims = await tokens.verify(token, 'access');
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
  const user = await findSessionUser(db, claims.userId);
  // A disabled account's tokens are refused whatever their version (server/staff/people.ts).
  if (!user?.verified || user.disabled_at || user.session_version !== claims.sessionVersion) return null;
  return { user, claims };
}
