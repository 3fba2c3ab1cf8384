import { randomInt } from 'node:crypto';
import { OTP_LENGTH } from '@contract/forms/auth';
import type { Db } from '../db';
import { identifierQuery } from '../users';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords';

/** `sign_in`: the second factor of a staff sign-in. */
export type OtpPurpose = 'registration' | 'reset' | 'email_change' | 'sign_in';

/** A code is good for 10 minutes and 5 tries; a new code replaces the older ones. */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** A random code of OTP_LENGTH digits (leading zeros included). */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Stores a new code for the user (hashed; the plain code is returned for the mail) and retires
 * every code the user still had. An e-mail change's code names the new address (`newEmail`).
 */
export async function issueOtp(
  db: Db,
  userId: number,
  purpose: OtpPurpose,
  code = generateOtp(),
  newEmail: string | null = null,
): Promise<string> {
  const codeHash = await hashPassword(code);
  await db.transaction(async (tx) => {
    await retireOtps(tx, userId);
    await tx.query('INSERT INTO otp_codes (user_id, purpose, code_hash, new_email) VALUES ($1, $2, $3, $4)', [
      userId,
      purpose,
      codeHash,
      newEmail,
    ]);
  });
  return code;
}

/** Takes as long as issuing a code, for requests that must not reveal whether an account exists. */
export async function spendOtpIssue(): Promise<void> {
  await hashPassword(generateOtp());
}

export type OtpCheck =
  | { ok: true; userId: number; purpose: 'registration' | 'reset' }
  | { ok: false; reason: 'invalid' | 'too-many-attempts' };

interface CandidateRow {
  id: number;
  user_id: number;
  purpose: OtpPurpose;
  code_hash: string;
  attempts: number;
  expired: boolean;
  new_email: string | null;
}

type Spent = { ok: true; candidate: CandidateRow } | { ok: false; reason: 'invalid' | 'too-many-attempts' };

/**
 * Checks `code` against a candidate code and spends it when it matches. Every try counts, and is
 * counted before the code is compared, so that parallel guesses cannot exceed OTP_MAX_ATTEMPTS.
 */
async function spendCandidate(db: Db, candidate: CandidateRow | undefined, code: string): Promise<Spent> {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (!candidate || candidate.expired) {
    await spendPasswordCheck(code);
    return invalid;
  }
  const { rows: counted } = await db.query(
    `UPDATE otp_codes SET attempts = attempts + 1
     WHERE id = $1 AND used_at IS NULL AND attempts < $2 RETURNING id`,
    [candidate.id, OTP_MAX_ATTEMPTS],
  );
  if (counted.length === 0) {
    return candidate.attempts >= OTP_MAX_ATTEMPTS ? { ok: false, reason: 'too-many-attempts' } : invalid;
  }
  if (!(await verifyPassword(code, candidate.code_hash))) return invalid;
  const { rows: spent } = await db.query(
    'UPDATE otp_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
    [candidate.id],
  );
  if (spent.length === 0) return invalid;
  return { ok: true, candidate };
}

const CANDIDATE_COLUMNS = `o.id, o.user_id, o.purpose, o.code_hash, o.attempts, o.new_email,
  o.created_at <= now() - make_interval(mins => ${OTP_TTL_MINUTES}) AS expired`;

/**
 * Checks a sign-up or password-reset code against the newest unused code of the account(s) that
 * `emailOrPhone` names, and spends it when it matches (an e-mail change's code is not taken here:
 * it is confirmed by its signed-in owner, checkEmailChangeOtp).
 */
export async function checkOtp(db: Db, emailOrPhone: string, code: string): Promise<OtpCheck> {
  const { column, value } = identifierQuery(emailOrPhone);
  const { rows } = value
    ? await db.query<CandidateRow>(
        `SELECT ${CANDIDATE_COLUMNS}
         FROM otp_codes o JOIN users u ON u.id = o.user_id
         WHERE u.${column} = $1 AND o.used_at IS NULL AND o.purpose IN ('registration', 'reset')
         ORDER BY o.id DESC LIMIT 1`,
        [value],
      )
    : { rows: [] };
  const spent = await spendCandidate(db, rows[0], code);
  if (!spent.ok) return spent;
  const purpose = spent.candidate.purpose === 'reset' ? 'reset' : 'registration';
  return { ok: true, userId: spent.candidate.user_id, purpose };
}

export type EmailChangeCheck =
  | { ok: true; newEmail: string }
  | { ok: false; reason: 'invalid' | 'too-many-attempts' | 'none' };

/** Checks the code of the user's pending e-mail change and spends it when it matches. */
export async function checkEmailChangeOtp(db: Db, userId: number, code: string): Promise<EmailChangeCheck> {
  const { rows } = await db.query<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} FROM otp_codes o
     WHERE o.user_id = $1 AND o.used_at IS NULL AND o.purpose = 'email_change'
     ORDER BY o.id DESC LIMIT 1`,
    [userId],
  );
  if (!rows[0]) {
    await spendPasswordCheck(code);
    return { ok: false, reason: 'none' };
  }
  const spent = await spendCandidate(db, rows[0], code);
  if (!spent.ok) return spent;
  return { ok: true, newEmail: spent.candidate.new_email ?? '' };
}

/** Checks the code of the user's staff sign-in and spends it when it matches. */
export async function checkSignInOtp(
  db: Db,
  userId: number,
  code: string,
): Promise<{ ok: true } | { ok: false; reason: 'invalid' | 'too-many-attempts' }> {
  const { rows } = await db.query<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} FROM otp_codes o
     WHERE o.user_id = $1 AND o.used_at IS NULL AND o.purpose = 'sign_in'
     ORDER BY o.id DESC LIMIT 1`,
    [userId],
  );
  const spent = await spendCandidate(db, rows[0], code);
  return spent.ok ? { ok: true } : spent;
}

/** Retires every code of the user that is still unspent. */
export async function retireOtps(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE otp_codes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
