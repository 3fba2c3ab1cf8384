import type { Role } from '../../src/api/schemas/common';
import type { Db } from '../db';
import { TokenError, type TokenService } from './tokens';

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/** Signs an access and a refresh token for the user and records the refresh token. */
export async function startSession(
  db: Db,
  tokens: TokenService,
  user: { id: number; role: Role },
): Promise<SessionTokens> {
  const access = await tokens.issue('access', user);
  const refresh = await tokens.issue('refresh', user);
  await db.query('DELETE FROM refresh_tokens WHERE user_id = $1 AND expires_at < now()', [user.id]);
  await db.query('INSERT INTO refresh_tokens (jti, user_id, expires_at) VALUES ($1, $2, $3)', [
    refresh.jti,
    user.id,
    refresh.expiresAt.toISOString(),
  ]);
  return { access_token: access.token, refresh_token: refresh.token };
}

/**
 * Exchanges a refresh token for a new pair. The old refresh token is spent in the same statement
 * that checks it, so it can be exchanged once only.
 * Returns the user id; throws TokenError when the token is refused.
 */
export async function spendRefreshToken(db: Db, tokens: TokenService, refreshToken: string): Promise<number> {
  const claims = await tokens.verify(refreshToken, 'refresh');
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE refresh_tokens SET used_at = now()
     WHERE jti = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [claims.jti, claims.userId],
  );
  const row = rows[0];
  if (!row) throw new TokenError('invalid');
  return row.user_id;
}

/** Ends every session of the user: none of their refresh tokens can be exchanged any more. */
export async function revokeSessions(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE refresh_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
}
