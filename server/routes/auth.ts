import { Hono } from 'hono';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '../../src/contract/auth';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import { spendPasswordCheck, verifyPassword } from '../auth/passwords';
import { endSession, rotateRefreshToken, startSession } from '../auth/sessions';
import { TokenError, type TokenService } from '../auth/tokens';
import type { Db } from '../db';
import { type AppEnv, HttpProblem, jsonBodyLimit, readJsonBody } from '../http';
import { beginSignIn, type RateLimiter } from '../rate-limits';
import { findUserByEmail, toPublicUser } from '../users';

/** /user/…: sign-in, token refresh and sign-out (sign-up and password reset: routes/identity.ts). */
export function authRoutes(db: Db, tokens: TokenService, limiter: RateLimiter): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/login/', jsonBodyLimit(), async (c) => {
    const { username, password } = await readJsonBody(
      c,
      loginRequestSchema,
      SERVER_MESSAGES.credentialsRequired,
    );
    if (!username.trim() || !password) throw new HttpProblem(400, SERVER_MESSAGES.credentialsRequired);

    // Refused with 429 after too many attempts on this address, or failures from this client.
    const attempt = await beginSignIn(limiter, c, username);
    const user = await findUserByEmail(db, username);
    if (!user) {
      await spendPasswordCheck(password);
      await attempt.failed();
      throw new HttpProblem(401, SERVER_MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      await attempt.failed();
      throw new HttpProblem(401, SERVER_MESSAGES.invalidCredentials);
    }
    await attempt.succeeded();
    // Told only to someone who knows the password.
    if (!user.verified) throw new HttpProblem(403, SERVER_MESSAGES.emailNotVerified);
    if (!user.approved) throw new HttpProblem(403, SERVER_MESSAGES.trainerAwaitingApproval);

    const session = await startSession(db, tokens, user);
    return c.json(loginResponseSchema.parse({ success: true, ...session, data: toPublicUser(user) }));
  });

  routes.post('/refresh-token/', jsonBodyLimit(), async (c) => {
    const { refresh_token } = await readJsonBody(
      c,
      refreshRequestSchema,
      SERVER_MESSAGES.refreshTokenRequired,
    );
    try {
      return c.json(refreshResponseSchema.parse(await rotateRefreshToken(db, tokens, refresh_token)));
    } catch (error) {
      if (error instanceof TokenError) throw new HttpProblem(401, SERVER_MESSAGES.invalidRefreshToken);
      throw error;
    }
  });

  // Not in the spec. The same answer whether or not the token was live, so it tells nothing.
  routes.post('/logout/', jsonBodyLimit(), async (c) => {
    const { refresh_token } = await readJsonBody(
      c,
      logoutRequestSchema,
      SERVER_MESSAGES.refreshTokenRequired,
    );
    await endSession(db, tokens, refresh_token);
    return c.json(logoutResponseSchema.parse({ success: true, message: SERVER_MESSAGES.signedOut }));
  });

  return routes;
}
