import type { MiddlewareHandler } from 'hono';
import { SERVER_MESSAGES } from '../../src/api/server-messages';
import type { Db } from '../db';
import { type AppEnv, HttpProblem } from '../http';
import { findUserById } from '../users';
import { TokenError, type TokenService } from './tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Lets a request through only with a valid access token of an existing, verified and approved
 * user, whom it stores as `c.get('user')`. Missing or refused credentials answer 401 (which makes
 * the client refresh once and retry).
 */
export function requireAuth(db: Db, tokens: TokenService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = BEARER.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1]) {
      throw new HttpProblem(401, SERVER_MESSAGES.authenticationRequired, { 'WWW-Authenticate': 'Bearer' });
    }
    const refused = new HttpProblem(401, SERVER_MESSAGES.invalidAccessToken, {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
    let userId: number;
    try {
      ({ userId } = await tokens.verify(match[1], 'access'));
    } catch (error) {
      if (error instanceof TokenError) throw refused;
      throw error;
    }
    const user = await findUserById(db, userId);
    if (!user?.verified) throw refused;
    if (!user.approved) throw new HttpProblem(403, SERVER_MESSAGES.trainerAwaitingApproval);
    c.set('user', user);
    await next();
  };
}
