import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { STAFF_TOKEN_SCHEME } from '@contract/wire/staff-cli';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db';
import { type AppEnv, HttpProblem } from '../http';
import type { StaffActor } from '../staff/audit';
import { staffOfToken, staffTokenOf } from '../staff/cli-tokens';

export const ADMIN_TOKEN_HEADER = 'X-Admin-Token';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Lets a request through only with the header X-Admin-Token holding the token the server wrote to
 * DATA_DIR/admin-token when it started (compared in constant time).
 */
export function requireAdminToken(adminToken: string): MiddlewareHandler<AppEnv> {
  const expected = digest(adminToken);
  return async (c, next) => {
    const offered = c.req.header(ADMIN_TOKEN_HEADER) ?? '';
    if (!offered || !timingSafeEqual(digest(offered), expected)) {
      throw new HttpProblem(401, SERVER_MESSAGES.adminTokenInvalid);
    }
    await next();
  };
}

/**
 * The /admin/ calls of `npm run admin`: a personal staff token (`Authorization: Staff <token>`,
 * server/staff/cli-tokens.ts), which sets `staffActor` so that decisions are recorded under that
 * person, or else the shared admin token (X-Admin-Token), which names nobody and so makes no
 * decision (deciderOf): it serves backups, lists and notices. A staff token that is offered
 * must be valid: it is never passed over for the shared one.
 */
export function requireAdminOrStaffToken(adminToken: string, db: Db): MiddlewareHandler<AppEnv> {
  const shared = requireAdminToken(adminToken);
  return async (c, next) => {
    const token = staffTokenOf(c.req.header('Authorization'));
    if (token === undefined) {
      c.set('staffActor', undefined);
      return shared(c, next);
    }
    const actor = await staffOfToken(db, token);
    if (!actor) {
      throw new HttpProblem(401, STAFF_MESSAGES.staffTokenInvalid, {
        'WWW-Authenticate': STAFF_TOKEN_SCHEME,
      });
    }
    c.set('staffActor', actor);
    await next();
  };
}

/**
 * Who makes a decision asked through requireAdminOrStaffToken: only a personal staff token names
 * someone for the audit log, so the shared admin token is refused with the way to sign in.
 */
export function deciderOf(c: Context<AppEnv>): StaffActor {
  const actor = c.get('staffActor');
  if (!actor) {
    throw new HttpProblem(401, STAFF_MESSAGES.personalTokenRequired, {
      'WWW-Authenticate': STAFF_TOKEN_SCHEME,
    });
  }
  return actor;
}
