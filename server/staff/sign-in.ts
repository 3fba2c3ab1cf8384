import type { SecondFactorResponse } from '@contract/wire/identity';
import { issueOtp } from '../auth/otp';
import { TokenError, type TokenService } from '../auth/tokens';
import type { Db } from '../db';
import { codeExpiry, queueMail } from '../mail';
import type { UserRow } from '../users';

/** "s•••@example.com": enough for the owner to know the mailbox, little for anyone else. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * The first step of a staff sign-in, once the password was right: a code is mailed (an OTP of the
 * same length, lifetime and tries as every other code) and the answer holds a challenge, a signed
 * token naming the account for 10 minutes, which comes back with the code.
 */
export async function beginSecondFactor(
  db: Db,
  tokens: TokenService,
  origin: string,
  user: Pick<UserRow, 'id' | 'email' | 'full_name' | 'role'> & { session_version?: number },
): Promise<SecondFactorResponse> {
  await mailSignInCode(db, origin, user);
  const challenge = await tokens.issue('challenge', user);
  return { success: true, second_factor: { challenge: challenge.token, sent_to: maskedAddress(user.email) } };
}

/** Mails a new sign-in code; the older ones stop working. */
export async function mailSignInCode(
  db: Db,
  origin: string,
  user: Pick<UserRow, 'id' | 'email' | 'full_name'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const code = await issueOtp(tx, user.id, 'sign_in');
    await queueMail(
      tx,
      origin,
      user.email,
      { kind: 'sign_in', code, name: user.full_name },
      { expiresAt: codeExpiry() },
    );
  });
}

/** The account a challenge names; null when it is not a live challenge. */
export async function challengeUserId(tokens: TokenService, challenge: string): Promise<number | null> {
  try {
    return (await tokens.verify(challenge, 'challenge')).userId;
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
}
