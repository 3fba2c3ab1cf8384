import { createHmac } from 'node:crypto';
import type { ProfileRequest } from '@contract/forms/profile';
import type { Profile } from '@contract/wire/profile';
import type { Db } from '../db';
import { normaliseEmail } from '../users';

/* The statements of the profile screen (server/profile/routes.ts). */

const PROFILE_COLUMNS = 'id, full_name, email, phone_number, govt_id_or_iqama_no, user_type, role, image';

/** The profile of an account that is not closed. */
export async function findProfile(db: Db, userId: number): Promise<Profile | undefined> {
  const { rows } = await db.query<Profile>(
    `SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1 AND closed_at IS NULL`,
    [userId],
  );
  return rows[0];
}

/** Which detail of a profile another account already uses. */
export type ProfileDetail = 'email' | 'phone_number' | 'govt_id_or_iqama_no';

/** Thrown when another (verified) account uses a detail that must stay unique. */
export class ProfileDetailTakenError extends Error {
  override readonly name = 'ProfileDetailTakenError';
  constructor(readonly detail: ProfileDetail) {
    super(`${detail} is taken`);
  }
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === UNIQUE_VIOLATION || Boolean(message?.includes('duplicate key'));
}

/**
 * Unverified sign-ups (which never finished) holding a detail give it up, as a new sign-up replaces
 * them: deleted, with their CV files returned for removal.
 */
async function releaseUnverified(tx: Db, column: ProfileDetail, value: string, userId: number) {
  const { rows } = await tx.query<{ cv_file: string | null }>(
    `DELETE FROM users WHERE ${column} = $1 AND id <> $2 AND NOT verified RETURNING cv_file`,
    [value, userId],
  );
  return rows.flatMap((row) => (row.cv_file ? [row.cv_file] : []));
}

/** Whether a verified account other than the user's own uses the detail. */
async function usedByAnother(tx: Db, column: ProfileDetail, value: string, userId: number) {
  const { rows } = await tx.query(
    `SELECT 1 FROM users WHERE ${column} = $1 AND id <> $2 AND verified LIMIT 1`,
    [value, userId],
  );
  return rows.length > 0;
}

/**
 * Saves the profile's details; run it in a transaction. The id number stays unique (a unique index,
 * migration 003); a phone number is refused when it changes to one another account uses (numbers
 * that two accounts shared before stay as they are). Returns the profile and the CV files of the
 * unverified sign-ups that gave a detail up. Throws ProfileDetailTakenError.
 */
export async function updateProfile(
  tx: Db,
  userId: number,
  request: ProfileRequest,
): Promise<{ profile: Profile; removedCvFiles: string[] }> {
  const phone = request.phone_number || null;
  // Changes to one id number or phone number take turns (as sign-ups do, server/identity/queries.ts).
  await tx.query('SELECT pg_advisory_xact_lock(2, hashtext($1)), pg_advisory_xact_lock(3, hashtext($2))', [
    request.govt_id_or_iqama_no,
    phone ?? '',
  ]);
  const { rows: current } = await tx.query<{ phone_number: string | null }>(
    'SELECT phone_number FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  if (
    phone &&
    phone !== current[0]?.phone_number &&
    (await usedByAnother(tx, 'phone_number', phone, userId))
  ) {
    throw new ProfileDetailTakenError('phone_number');
  }
  if (await usedByAnother(tx, 'govt_id_or_iqama_no', request.govt_id_or_iqama_no, userId)) {
    throw new ProfileDetailTakenError('govt_id_or_iqama_no');
  }
  const removedCvFiles = await releaseUnverified(
    tx,
    'govt_id_or_iqama_no',
    request.govt_id_or_iqama_no,
    userId,
  );
  try {
    const { rows } = await tx.query<Profile>(
      `UPDATE users SET full_name = $2, phone_number = $3, govt_id_or_iqama_no = $4, user_type = $5
       WHERE id = $1 AND closed_at IS NULL RETURNING ${PROFILE_COLUMNS}`,
      [userId, request.full_name, phone, request.govt_id_or_iqama_no, request.user_type],
    );
    const profile = rows[0];
    if (!profile) throw new Error(`No open account ${userId} to update`);
    return { profile, removedCvFiles };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProfileDetailTakenError('govt_id_or_iqama_no');
    throw error;
  }
}

/** Whether a verified account other than the user's own uses the e-mail address. */
export async function emailUsedByAnother(db: Db, email: string, userId: number): Promise<boolean> {
  return usedByAnother(db, 'email', normaliseEmail(email), userId);
}

/**
 * Gives the user the confirmed new address; run it in a transaction. Throws
 * ProfileDetailTakenError when a verified account took the address meanwhile. Returns the old
 * address, the profile and the CV files of unverified sign-ups that gave the address up.
 */
export async function changeEmail(
  tx: Db,
  userId: number,
  newEmail: string,
): Promise<{ oldEmail: string; profile: Profile; removedCvFiles: string[] }> {
  const email = normaliseEmail(newEmail);
  await tx.query('SELECT pg_advisory_xact_lock(1, hashtext($1))', [email]);
  if (await usedByAnother(tx, 'email', email, userId)) throw new ProfileDetailTakenError('email');
  const removedCvFiles = await releaseUnverified(tx, 'email', email, userId);
  const { rows: old } = await tx.query<{ email: string }>(
    'SELECT email FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  try {
    const { rows } = await tx.query<Profile>(
      `UPDATE users SET email = $2 WHERE id = $1 AND closed_at IS NULL RETURNING ${PROFILE_COLUMNS}`,
      [userId, email],
    );
    const profile = rows[0];
    if (!profile || !old[0]) throw new Error(`No open account ${userId} to change`);
    return { oldEmail: old[0].email, profile, removedCvFiles };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProfileDetailTakenError('email');
    throw error;
  }
}

/** Sets the photo's address and file; returns the file it replaces, if any. */
export async function setPhoto(
  tx: Db,
  userId: number,
  photo: { image: string; file: string } | null,
): Promise<{ profile: Profile; replacedFile: string | null }> {
  const { rows: old } = await tx.query<{ photo_file: string | null }>(
    'SELECT photo_file FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const { rows } = await tx.query<Profile>(
    `UPDATE users SET image = $2, photo_file = $3 WHERE id = $1 AND closed_at IS NULL RETURNING ${PROFILE_COLUMNS}`,
    [userId, photo?.image ?? null, photo?.file ?? null],
  );
  const profile = rows[0];
  if (!profile) throw new Error(`No open account ${userId} to change`);
  return { profile, replacedFile: old[0]?.photo_file ?? null };
}

/** What a closed account shows where its name used to be (course cards of a trainer who left). */
export const CLOSED_ACCOUNT_NAME = 'Closed account';

/**
 * The keyed hash of an e-mail address a closed account used (never the address itself): lets the
 * sign-in recognise the address without keeping it.
 */
export function closedEmailKey(secret: Uint8Array, email: string): string {
  const key = createHmac('sha256', secret).update('kfu-training closed accounts').digest();
  return createHmac('sha256', key).update(normaliseEmail(email)).digest('base64url');
}

/**
 * Closes the account; run it in a transaction (with revokeSessions). The row and its id stay, so
 * that payments, receipts, enrolments and registrations that name it stay whole; the personal data
 * goes: name, e-mail address (replaced by one that can receive nothing, so the real one can be used
 * again), phone, id number, user type, photo and CV; so do its notifications and pending codes, and
 * the name on its issue reports. The password hash stays, to tell its owner at sign-in that the
 * account is closed. Returns the files to remove.
 */
export async function closeAccount(tx: Db, userId: number, emailKey: string): Promise<string[]> {
  const { rows } = await tx.query<{ photo_file: string | null; cv_file: string | null }>(
    'SELECT photo_file, cv_file FROM users WHERE id = $1 AND closed_at IS NULL FOR UPDATE',
    [userId],
  );
  const files = rows[0];
  if (!files) return [];
  await tx.query(
    `UPDATE users SET full_name = $2, email = 'closed-account-' || id || '@closed.invalid',
       phone_number = NULL, govt_id_or_iqama_no = NULL, user_type = NULL, image = NULL, photo_file = NULL,
       cv_file = NULL, cv_name = NULL, closed_at = now(), closed_email_key = $3
     WHERE id = $1`,
    [userId, CLOSED_ACCOUNT_NAME, emailKey],
  );
  await tx.query('UPDATE issue_reports SET name = $2 WHERE user_id = $1', [userId, CLOSED_ACCOUNT_NAME]);
  await tx.query('DELETE FROM notifications WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM otp_codes WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM reset_tokens WHERE user_id = $1', [userId]);
  return [files.photo_file, files.cv_file].flatMap((file) => (file ? [file] : []));
}

/** The password hash of the account closed last that used the address, if any. */
export async function closedAccountHash(db: Db, emailKey: string): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE closed_email_key = $1 ORDER BY closed_at DESC LIMIT 1',
    [emailKey],
  );
  return rows[0]?.password_hash;
}
