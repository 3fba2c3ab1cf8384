import { normalisePhone } from '@contract/forms/auth';
import type { User } from '@contract/wire/auth';
import type { Role } from '@contract/wire/common';
import { STOCK_AVATAR } from '@contract/wire/profile';
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
  /** When the staff turned down the trainer's application; null otherwise. */
  rejected_at: Date | null;
  /** When the centre's staff disabled the account; null otherwise. */
  disabled_at: Date | null;
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

/** The picture shown for a user who has none (a file the web app serves). */
export const DEFAULT_AVATAR = STOCK_AVATAR;

/** Every column of a UserRow. */
export const USER_COLUMNS =
  'id, full_name, email, phone_number, govt_id_or_iqama_no, role, image, password_hash, approved, verified, cv_file, cv_name, rejected_at, disabled_at';

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
  // A closed account's address can receive nothing and names nobody (server/profile/queries.ts).
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE email = $1 AND closed_at IS NULL`,
    [normaliseEmail(email)],
  );
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * The verified account an e-mail address or phone number names. Phone numbers need not be unique:
 * the most recent account with that number is taken.
 */
export async function findVerifiedUser(db: Db, emailOrPhone: string): Promise<UserRow | undefined> {
  return findByIdentifier(db, emailOrPhone, true);
}

/** The newest open account the e-mail address or phone number names that still waits for its code. */
export async function findUnverifiedUser(db: Db, emailOrPhone: string): Promise<UserRow | undefined> {
  return findByIdentifier(db, emailOrPhone, false);
}

async function findByIdentifier(
  db: Db,
  emailOrPhone: string,
  verified: boolean,
): Promise<UserRow | undefined> {
  const { column, value } = identifierQuery(emailOrPhone);
  if (!value) return undefined;
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE ${column} = $1 AND verified = $2 AND closed_at IS NULL
     ORDER BY id DESC LIMIT 1`,
    [value, verified],
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
     RETURNING ${USER_COLUMNS}`,
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
