import { Hono } from 'hono';
import {
  loginRequestSchema,
  loginResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '../../src/api/schemas/auth';
import { SERVER_MESSAGES } from '../../src/api/server-messages';
import { spendPasswordCheck, verifyPassword } from '../auth/passwords';
import { spendRefreshToken, startSession } from '../auth/sessions';
import { TokenError, type TokenService } from '../auth/tokens';
import type { Db } from '../db';
import { type AppEnv, HttpProblem, jsonBodyLimit, readJsonBody } from '../http';
import { findUserByEmail, findUserById, toPublicUser } from '../users';

/** /user/…: sign-in and token refresh (sign-up and password reset: routes/identity.ts). */
export function authRoutes(db: Db, tokens: TokenService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/login/', jsonBodyLimit(), async (c) => {
    const { username, password } = await readJsonBody(
      c,
      loginRequestSchema,
      SERVER_MESSAGES.credentialsRequired,
    );
    if (!username.trim() || !password) throw new HttpProblem(400, SERVER_MESSAGES.credentialsRequired);

    const user = await findUserByEmail(db, username);
    if (!user) {
      await spendPasswordCheck(password);
      throw new HttpProblem(401, SERVER_MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      throw new HttpProblem(401, SERVER_MESSAGES.invalidCredentials);
    }
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
    const refused = new HttpProblem(401, SERVER_MESSAGES.invalidRefreshToken);
    let userId: number;
    try {
      userId = await spendRefreshToken(db, tokens, refresh_token);
    } catch (error) {
      if (error instanceof TokenError) throw refused;
      throw error;
    }
    const user = await findUserById(db, userId);
    if (!user?.approved || !user.verified) throw refused;
    return c.json(refreshResponseSchema.parse(await startSession(db, tokens, user)));
  });

  return routes;
}
