import type { Role } from '@contract/wire/common';
import type { Db } from '../db';
import { TokenError, type TokenService } from './tokens';

/** Signs a short-lived password-reset token for the user and records it, so it can be spent once. */
export async function issueResetToken(
  db: Db,
  tokens: TokenService,
  user: { id: number; role: Role },
  options: { issuedAt?: number } = {},
): Promise<string> {
  const reset = await tokens.issue('reset', user, options);
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM reset_tokens WHERE user_id = $1 AND expires_at < now()', [user.id]);
    await tx.query('INSERT INTO reset_tokens (jti, user_id, expires_at) VALUES ($1, $2, $3)', [
      reset.jti,
      user.id,
      reset.expiresAt.toISOString(),
    ]);
  });
  return reset.token;
}

/** Whether a reset token would be accepted now, without spending it. */
export async function isResetTokenUsable(db: Db, tokens: TokenService, token: string): Promise<boolean> {
  try {
    const claims = await tokens.verify(token, 'reset');
    const { rows } = await db.query(
      `SELECT 1 FROM reset_tokens
       WHERE jti = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()`,
      [claims.jti, claims.userId],
    );
    return rows.length > 0;
  } catch (error) {
    if (error instanceof TokenError) return false;
    throw error;
  }
}

/** Retires every reset token of the user that is still unspent. */
export async function retireResetTokens(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/**
 * Spends a reset token in the statement that checks it, so it sets a password once only.
 * Returns the user id; throws TokenError when the token is refused.
 */
export async function spendResetToken(db: Db, tokens: TokenService, token: string): Promise<number> {
  const claims = await tokens.verify(token, 'reset');
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE reset_tokens SET used_at = now()
     WHERE jti = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [claims.jti, claims.userId],
  );
  const row = rows[0];
  if (!row) throw new TokenError('invalid');
  return row.user_id;
}
