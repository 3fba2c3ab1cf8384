import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_DAYS } from '@contract/domain/invitations';
import { INVITATION_MESSAGES } from '@contract/messages/invitations';
import type { Invitation, InvitationState, InvitedCourse, SentInvitation } from '@contract/wire/invitations';
import type { Db, Queryable } from '../db';
import { HttpProblem } from '../http';
import { queueMail } from '../mail';
import { mailNotice } from '../notifications/notice-mail';
import type { Notifier } from '../notifications/notifier';
import { NOTIFICATIONS } from '../notifications/notifier';
import { type Page, type PageRequest, selectPage } from '../paging';

/** A new token: 32 random bytes in base64url (43 characters); only its SHA-256 is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An approved course an invitation may name; refused with 404 otherwise. */
export async function invitableCourse(db: Queryable, courseId: number): Promise<InvitedCourse> {
  const { rows } = await db.query<InvitedCourse>(
    `SELECT id, title, title_ar FROM courses WHERE id = $1 AND status = 'Approved'`,
    [courseId],
  );
  const course = rows[0];
  if (!course) throw new HttpProblem(404, INVITATION_MESSAGES.courseUnavailable);
  return course;
}

export interface NewInvitations {
  inviter: { id: number; full_name: string };
  course: InvitedCourse | null;
  emails: readonly string[];
  /** The site's origin the links start with (PUBLIC_ORIGIN, else the request's). */
  origin: string;
  now?: Date;
}

/**
 * Stores one invitation per address and queues its mail, and notifies the addresses that belong to
 * an account, all with the statements of `tx`. Answers what announces the notifications: call it
 * once the transaction has committed.
 */
export async function createInvitations(
  tx: Db,
  notifier: Notifier,
  request: NewInvitations,
): Promise<{ announce(): Promise<void> }> {
  const now = request.now ?? new Date();
  const expires = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const announcements: (() => Promise<void>)[] = [];
  for (const email of request.emails) {
    const token = newInvitationToken();
    await tx.query(
      `INSERT INTO invitations (token_hash, inviter_id, course_id, email, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [tokenHash(token), request.inviter.id, request.course?.id ?? null, email, now, expires],
    );
    const path = `/invitations/${token}`;
    await queueMail(tx, request.origin, email, {
      kind: 'invitation',
      inviter: request.inviter.full_name,
      course: request.course,
      link: `${request.origin}${path}`,
      expiresOn: expires.toISOString().slice(0, 10),
    });
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const invitee = rows[0];
    if (invitee) {
      const { announce } = await notifier.notifyWithin(
        tx,
        invitee.id,
        NOTIFICATIONS.invited(request.inviter.full_name, request.course, path),
      );
      announcements.push(announce);
    }
  }
  return {
    async announce() {
      for (const announce of announcements) await announce();
    },
  };
}

const STATE = `CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted'
                    WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END`;
const COURSE = `CASE WHEN c.id IS NULL THEN NULL
                     ELSE json_build_object('id', c.id, 'title', c.title, 'title_ar', c.title_ar) END`;

/** The invitations a trainee sent, newest first, with their states. */
export function sentInvitations(db: Db, inviterId: number, page: PageRequest): Promise<Page<SentInvitation>> {
  return selectPage<SentInvitation>(
    db,
    page,
    {
      sql: `SELECT i.id, i.email, ${COURSE} AS course, ${STATE} AS state,
                   to_json(i.created_at) #>> '{}' AS created_at, to_json(i.expires_at) #>> '{}' AS expires_at,
                   to_json(i.accepted_at) #>> '{}' AS accepted_at
            FROM invitations i LEFT JOIN courses c ON c.id = i.course_id
            WHERE i.inviter_id = $1 ORDER BY i.created_at DESC, i.id DESC`,
      params: [inviterId],
    },
    { sql: 'SELECT count(*)::int AS count FROM invitations WHERE inviter_id = $1', params: [inviterId] },
  );
}

interface InvitationRow extends Invitation {
  id: number;
  inviter_id: number;
}

/** The invitation a token stands for; refused with 404 when none. */
export async function invitationOf(db: Queryable, token: string, lock = false): Promise<InvitationRow> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT i.id, i.inviter_id, json_build_object('full_name', u.full_name) AS inviter, i.email,
            ${COURSE} AS course, ${STATE} AS state, to_json(i.expires_at) #>> '{}' AS expires_at
     FROM invitations i JOIN users u ON u.id = i.inviter_id LEFT JOIN courses c ON c.id = i.course_id
     WHERE i.token_hash = $1${lock ? ' FOR UPDATE OF i' : ''}`,
    [tokenHash(token)],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, INVITATION_MESSAGES.notFound);
  return row;
}

/** The invitation as its page shows it. */
export function publicInvitation(row: InvitationRow): Invitation {
  const { inviter, email, course, state, expires_at } = row;
  return { inviter, email, course, state, expires_at };
}

const REFUSALS: Record<Exclude<InvitationState, 'pending'>, HttpProblem> = {
  expired: new HttpProblem(410, INVITATION_MESSAGES.expired),
  accepted: new HttpProblem(409, INVITATION_MESSAGES.alreadyAccepted),
};

/**
 * Accepts the invitation for the signed-in account, once, before it expires, and notifies the
 * inviter, by mail too from `origin` (with the statements of `tx`; announce after the commit).
 * Answers the course, if any.
 */
export async function acceptInvitation(
  tx: Queryable,
  notifier: Notifier,
  origin: string,
  token: string,
  user: { id: number; full_name: string },
): Promise<{ courseId: number | null; announce(): Promise<void> }> {
  const row = await invitationOf(tx, token, true);
  if (row.state !== 'pending') throw REFUSALS[row.state];
  if (row.inviter_id === user.id) throw new HttpProblem(403, INVITATION_MESSAGES.ownInvitation);
  await tx.query('UPDATE invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1', [
    row.id,
    user.id,
  ]);
  const { announce } = await notifier.notifyWithin(
    tx,
    row.inviter_id,
    NOTIFICATIONS.invitationAccepted(user.full_name, row.course),
  );
  await mailNotice(tx, origin, row.inviter_id, {
    kind: 'invitation_accepted',
    invitee: user.full_name,
    course: row.course,
  });
  return { courseId: row.course?.id ?? null, announce };
}
