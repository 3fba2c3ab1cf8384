import type { Role } from '@contract/wire/common';
import type { Db } from '../db';
import { normaliseEmail, USER_COLUMNS, type UserRow } from '../users';

/* The statements of sign-up, its code's confirmation and password reset (server/identity/routes.ts). */

export interface Applicant {
  full_name: string;
  email: string;
  phone_number: string | null;
  govt_id_or_iqama_no: string;
  role: Role;
  password_hash: string;
  cv_file: string | null;
  cv_name: string | null;
}

/** A new code for the same e-mail address waits this long, so a repeated submit cannot void the first. */
export const REAPPLY_AFTER_SECONDS = 60;

/** Thrown by createApplicant when the address signed up less than REAPPLY_AFTER_SECONDS ago. */
export class RecentApplicationError extends Error {
  override readonly name = 'RecentApplicationError';
  constructor() {
    super('The address signed up a moment ago');
  }
}

/** Which unique detail of a new account a verified account already uses. */
export type TakenDetail = 'email' | 'govt_id_or_iqama_no';

/** Thrown by createApplicant when a verified account (or a concurrent sign-up) holds a detail. */
export class DetailTakenError extends Error {
  override readonly name = 'DetailTakenError';
  constructor(readonly detail: TakenDetail) {
    super(`${detail} is taken`);
  }
}

const UNIQUE_VIOLATION = '23505';

function takenDetailOf(error: unknown): TakenDetail | undefined {
  const { code, message, constraint } = error as { code?: string; message?: string; constraint?: string };
  if (code !== UNIQUE_VIOLATION && !message?.includes('duplicate key')) return undefined;
  const where = `${constraint ?? ''} ${message ?? ''}`;
  return where.includes('govt_id') ? 'govt_id_or_iqama_no' : 'email';
}

/**
 * Creates an unverified account for a sign-up; run it in a transaction (`db.transaction`), with the
 * code that goes with it. Unverified accounts with the same e-mail address or id number are replaced
 * (an applicant may sign up again for a new code) once REAPPLY_AFTER_SECONDS have passed, else
 * RecentApplicationError; a verified one refuses with DetailTakenError. Returns the new user and the
 * CV files of the replaced accounts.
 */
export async function createApplicant(
  db: Db,
  applicant: Applicant,
): Promise<{ user: UserRow; replacedCvFiles: string[] }> {
  const email = normaliseEmail(applicant.email);
  // Sign-ups for one address or id number take turns until the transaction ends, so simultaneous
  // ones see each other's account instead of colliding on the unique keys.
  await db.query('SELECT pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))', [
    email,
    applicant.govt_id_or_iqama_no,
  ]);
  const { rows: holders } = await db.query<Pick<UserRow, 'id' | 'email' | 'verified'> & { recent: boolean }>(
    `SELECT id, email, verified, created_at > now() - make_interval(secs => $3) AS recent
     FROM users WHERE email = $1 OR govt_id_or_iqama_no = $2`,
    [email, applicant.govt_id_or_iqama_no, REAPPLY_AFTER_SECONDS],
  );
  const verified = holders.filter((holder) => holder.verified);
  if (verified.some((holder) => holder.email === email)) throw new DetailTakenError('email');
  if (verified.length > 0) throw new DetailTakenError('govt_id_or_iqama_no');
  if (holders.some((holder) => holder.email === email && holder.recent)) throw new RecentApplicationError();

  // A holder verified meanwhile is kept, and the insert below then refuses the detail.
  const { rows: deleted } = await db.query<Pick<UserRow, 'cv_file'>>(
    'DELETE FROM users WHERE id = ANY($1::int[]) AND NOT verified RETURNING cv_file',
    [holders.map((holder) => holder.id)],
  );
  try {
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (full_name, email, phone_number, govt_id_or_iqama_no, role, password_hash,
                          approved, verified, cv_file, cv_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8, $9)
       RETURNING ${USER_COLUMNS}`,
      [
        applicant.full_name.trim(),
        email,
        applicant.phone_number,
        applicant.govt_id_or_iqama_no,
        applicant.role,
        applicant.password_hash,
        applicant.role === 'TRAINEE',
        applicant.cv_file,
        applicant.cv_name,
      ],
    );
    const user = rows[0];
    if (!user) throw new Error(`Could not create the user ${email}`);
    return {
      user,
      replacedCvFiles: deleted.flatMap((row) => (row.cv_file ? [row.cv_file] : [])),
    };
  } catch (error) {
    const taken = takenDetailOf(error);
    if (taken) throw new DetailTakenError(taken);
    throw error;
  }
}

/** The sign-up code is confirmed: the account is verified. */
export async function markVerified(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE users SET verified = true WHERE id = $1', [userId]);
}

/** Sets the user's password; the user's e-mail address, undefined when there is no such user. */
export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>(
    'UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING email',
    [userId, passwordHash],
  );
  return rows[0]?.email;
}
