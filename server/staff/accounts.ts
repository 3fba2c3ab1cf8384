import { randomBytes } from 'node:crypto';
import { VALIDATION } from '@contract/forms/auth';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { STAFF_TOKEN_SCHEME } from '@contract/wire/staff-cli';
import type { Db } from '../db';
import { HttpProblem } from '../http';
import { queueMail } from '../mail';
import { ensureUser, findUserByEmail, normaliseEmail } from '../users';
import { recordAudit, type StaffActor } from './audit';

export interface StaffAccount {
  id: number;
  email: string;
  full_name: string;
  /** False when the address already belonged to a staff account: nothing changed. */
  created: boolean;
}

/** Whether a staff account can sign in (approved, not disabled). */
async function anyActiveStaff(db: Db): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM users WHERE role = 'ADMIN' AND approved AND disabled_at IS NULL LIMIT 1",
  );
  return rows.length > 0;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Makes a staff account (role ADMIN) with a password nobody knows, and mails the invitation: the
 * new member of staff chooses a password through Forgot password, then signs in with the code
 * mailed at each sign-in. `actor`: who invites (recorded in the audit log); none only for the
 * first account, which `npm run admin -- create-admin` makes while no staff account is active (after
 * that, 401: a member of staff invites, under their name). An address of a trainee's or trainer's
 * account is refused (409).
 */
export async function createStaffAccount(
  db: Db,
  origin: string,
  person: { email: string; full_name: string },
  actor: StaffActor | null,
): Promise<StaffAccount> {
  const email = normaliseEmail(person.email);
  const fullName = person.full_name.trim() || email.split('@')[0] || email;
  if (!EMAIL.test(email) || email.length > 254) {
    throw new HttpProblem(400, { field: 'email', message: VALIDATION.emailInvalid });
  }
  return db.transaction(async (tx) => {
    if (!actor && (await anyActiveStaff(tx))) {
      throw new HttpProblem(401, STAFF_MESSAGES.personalTokenRequired, {
        'WWW-Authenticate': STAFF_TOKEN_SCHEME,
      });
    }
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      if (existing.role !== 'ADMIN')
        throw new HttpProblem(409, { field: 'email', message: SERVER_MESSAGES.emailTaken });
      return { id: existing.id, email, full_name: existing.full_name, created: false };
    }
    const user = await ensureUser(tx, {
      email,
      full_name: fullName.slice(0, 100),
      password: randomBytes(32).toString('base64url'),
      role: 'ADMIN',
      approved: true,
      verified: true,
    });
    await queueMail(tx, origin, email, {
      kind: 'staff_invitation',
      inviter: actor?.full_name ?? 'The training centre',
      link: '/',
      name: user.full_name,
    });
    if (actor) {
      await recordAudit(tx, actor, {
        action: 'staff.create',
        subject: { kind: 'user', id: user.id, label: `${user.full_name} <${email}>` },
        after: { role: 'ADMIN' },
      });
    }
    return { id: user.id, email, full_name: user.full_name, created: true };
  });
}
