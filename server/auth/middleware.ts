import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { Role } from '@contract/wire/common';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db';
import { type AppEnv, HttpProblem, type UserMessage } from '../http';
import { verifyAccess } from './sessions';
import type { TokenService } from './tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Lets a request through only with a valid access token of an existing, verified and approved
 * user whose sessions were not ended since the token was issued (`verifyAccess`), and stores the
 * user as `c.get('user')`. Missing or refused credentials answer 401 (which makes the client
 * refresh once and retry).
 */
export function requireAuth(db: Db, tokens: TokenService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = BEARER.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1]) {
      throw new HttpProblem(401, SERVER_MESSAGES.authenticationRequired, { 'WWW-Authenticate': 'Bearer' });
    }
    const access = await verifyAccess(db, tokens, match[1]);
    if (!access) {
      throw new HttpProblem(401, SERVER_MESSAGES.invalidAccessToken, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    if (!access.user.approved) throw new HttpProblem(403, SERVER_MESSAGES.trainerAwaitingApproval);
    c.set('user', access.user);
    await next();
  };
}

/** What a signed-in user of another role is told, by the one role an endpoint is for. */
const ROLE_REFUSALS: Record<Role, UserMessage> = {
  TRAINEE: SERVER_MESSAGES.traineesOnly,
  TRAINER: SERVER_MESSAGES.trainersOnly,
  ADMIN: STAFF_MESSAGES.staffOnly,
};

/**
 * After requireAuth: lets through only a user of one of `roles`; another is refused with 403 and
 * the sentence naming whom the endpoint is for (checkout: trainees; course authoring: trainers).
 */
export function requireRole(role: Role, ...others: Role[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set([role, ...others]);
  return async (c, next) => {
    if (!allowed.has(c.get('user').role)) throw new HttpProblem(403, ROLE_REFUSALS[role]);
    await next();
  };
}
