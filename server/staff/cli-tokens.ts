import { createHash, randomBytes } from 'node:crypto';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import {
  type CliTokenResponse,
  cliTokenRequestSchema,
  cliTokenResponseSchema,
  cliTokenRevokedSchema,
  STAFF_TOKEN_SCHEME,
} from '@contract/wire/staff-cli';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Db, Queryable } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody } from '../validation';
import type { StaffActor } from './audit';

/** How long a personal staff token lasts (migration 033). */
export const STAFF_TOKEN_DAYS = 90;

const PREFIX = 'kfu_staff_';
const STAFF_AUTHORIZATION = new RegExp(`^${STAFF_TOKEN_SCHEME}\\s+(\\S+)\\s*$`, 'i');

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Staff <token>` header, if the request has one. */
export function staffTokenOf(authorization: string | undefined): string | undefined {
  return STAFF_AUTHORIZATION.exec(authorization ?? '')?.[1];
}

/** Makes a personal token for a member of staff; only its hash is kept, so it is answered once. */
export async function issueStaffToken(
  db: Queryable,
  staff: { id: number; full_name: string; email: string },
  name: string,
): Promise<CliTokenResponse['data']> {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<{ expires_at: string }>(
    `INSERT INTO staff_tokens (user_id, token_hash, name, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))
     RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at`,
    [staff.id, hashOf(token), name, STAFF_TOKEN_DAYS],
  );
  return {
    token,
    name,
    expires_at: rows[0]?.expires_at ?? '',
    staff: { id: staff.id, full_name: staff.full_name, email: staff.email },
  };
}

/**
 * The member of staff a personal token names, acting through the command-line tool; undefined for a
 * token that is unknown, revoked, expired, or whose account is no longer staff or is disabled. Notes
 * its use.
 */
export async function staffOfToken(db: Db, token: string): Promise<StaffActor | undefined> {
  if (!token.startsWith(PREFIX) || token.length > 200) return undefined;
  const { rows } = await db.query<{ id: number; full_name: string; email: string }>(
    `UPDATE staff_tokens t SET last_used_at = now()
     FROM users u
     WHERE t.token_hash = $1 AND u.id = t.user_id AND t.revoked_at IS NULL AND t.expires_at > now()
       AND u.role = 'ADMIN' AND u.approved AND u.disabled_at IS NULL
     RETURNING u.id, u.full_name, u.email`,
    [hashOf(token)],
  );
  const user = rows[0];
  return user && { id: user.id, full_name: user.full_name, email: user.email, via: 'cli' };
}

/** Revokes a personal token; false when it was unknown, revoked or expired already. */
export async function revokeStaffToken(db: Db, token: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE staff_tokens SET revoked_at = now()
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [hashOf(token)],
  );
  return rows.length > 0;
}

/**
 * /staff/cli-tokens/: POST (a signed-in member of staff, the second factor passed) makes a personal
 * token for `npm run admin`; DELETE current/ (with that token) revokes it.
 */
export function cliTokenRoutes({ db, tokens }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/',
    requireAuth(db, tokens),
    requireRole('ADMIN'),
    jsonBody(cliTokenRequestSchema, STAFF_MESSAGES.tokenNameInvalid),
    async (c) => {
      const user = c.get('user');
      const name = c.req.valid('json').name?.trim() || 'npm run admin';
      const data = await issueStaffToken(db, user, name);
      return c.json(cliTokenResponseSchema.parse({ success: true, data }), 201);
    },
  );
  routes.delete('/current/', async (c) => {
    const token = staffTokenOf(c.req.header('Authorization'));
    if (!token || !(await revokeStaffToken(db, token))) {
      throw new HttpProblem(401, STAFF_MESSAGES.staffTokenInvalid, {
        'WWW-Authenticate': STAFF_TOKEN_SCHEME,
      });
    }
    return c.json(cliTokenRevokedSchema.parse({ success: true, data: { revoked: true } }));
  });
  return [['/staff/cli-tokens/', routes]];
}
