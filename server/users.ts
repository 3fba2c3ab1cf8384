import type { User } from '../src/api/schemas/auth';
import type { Role } from '../src/api/schemas/common';
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
  approved: boolean;
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
}

const COLUMNS =
  'id, full_name, email, phone_number, govt_id_or_iqama_no, role, image, password_hash, approved';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user as the API shows it (never the password hash). */
export function toPublicUser(row: UserRow): User {
  const { id, full_name, email, phone_number, role, image } = row;
  return { id, full_name, email, phone_number, role, image };
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

/** Creates the user; when the e-mail address is taken, returns the existing user unchanged. */
export async function ensureUser(db: Db, user: NewUser): Promise<UserRow> {
  const existing = await findUserByEmail(db, user.email);
  if (existing) return existing;
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (full_name, email, phone_number, govt_id_or_iqama_no, role, image, password_hash, approved)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
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
    ],
  );
  const created = rows[0];
  if (!created) throw new Error(`Could not create the user ${user.email}`);
  return created;
}

export async function setUserApproved(db: Db, id: number, approved: boolean): Promise<void> {
  await db.query('UPDATE users SET approved = $2 WHERE id = $1', [id, approved]);
}
