import type { User } from '../src/contract/auth';
import { normalisePhone } from '../src/contract/auth-forms';
import type { Role } from '../src/contract/common';
import { hashPassword } from './auth/passwords';
import type { Db } from './db';

export interface UserRow {
  id: number;
  full_name: string;
  email: string;
  phone_number: string | null;
  govt_id_or_iqama_no: string | null;
  role: Role;
  image: string | null;
  password_hash: string;
  /** False while a trainer waits for an administrator's approval. */
  approved: boolean;
  /** False until the e-mailed sign-up code is confirmed. */
  verified: boolean;
  /** The CV under the uploads folder, and the name it was uploaded with. */
  cv_file: string | null;
  cv_name: string | null;
}

export interface NewUser {
  full_name: string;
  email: string;
  password: string;
  role: Role;
  phone_number?: string | null;
  govt_id_or_iqama_no?: string | null;
  image?: string | null;
  approved?: boolean;
  verified?: boolean;
}

const COLUMNS =
  'id, full_name, email, phone_number, govt_id_or_iqama_no, role, image, password_hash, approved, verified, cv_file, cv_name';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user as the API shows it (never the password hash). */
export function toPublicUser(row: UserRow): User {
  const { id, full_name, email, phone_number, role, image } = row;
  return { id, full_name, email, phone_number, role, image };
}

/** What a user types to name their account: an e-mail address, or else a phone number. */
export function identifierQuery(value: string): { column: 'email' | 'phone_number'; value: string } {
  return value.includes('@')
    ? { column: 'email', value: normaliseEmail(value) }
    : { column: 'phone_number', value: normalisePhone(value) };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [
    normaliseEmail(email),
  ]);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * The verified account an e-mail address or phone number names. Phone numbers need not be unique:
 * the most recent account with that number is taken.
 */
export async function findVerifiedUser(db: Db, emailOrPhone: string): Promise<UserRow | undefined> {
  const { column, value } = identifierQuery(emailOrPhone);
  if (!value) return undefined;
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE ${column} = $1 AND verified ORDER BY id DESC LIMIT 1`,
    [value],
  );
  return rows[0];
}

/** Creates the user; when the e-mail address is taken, returns the existing user unchanged. */
export async function ensureUser(db: Db, user: NewUser): Promise<UserRow> {
  const existing = await findUserByEmail(db, user.email);
  if (existing) return existing;
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (full_name, email, phone_number, govt_id_or_iqama_no, role, image, password_hash, approved, verified)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
     RETURNING ${COLUMNS}`,
    [
      user.full_name,
      normaliseEmail(user.email),
      user.phone_number ?? null,
      user.govt_id_or_iqama_no ?? null,
      user.role,
      user.image ?? null,
      await hashPassword(user.password),
      user.approved ?? user.role === 'TRAINEE',
      user.verified ?? true,
    ],
  );
  const created = rows[0];
  if (!created) throw new Error(`Could not create the user ${user.email}`);
  return created;
}

export async function setUserApproved(db: Db, id: number, approved: boolean): Promise<void> {
  await db.query('UPDATE users SET approved = $2 WHERE id = $1', [id, approved]);
}

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
       RETURNING ${COLUMNS}`,
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
