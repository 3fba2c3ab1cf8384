import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '@contract/wire/auth';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { closedAccountHash, closedEmailKey } from '../profile/queries';
import { beginSignIn } from '../rate-limits';
import { findUserByEmail, toPublicUser } from '../users';
import { jsonBody } from '../validation';
import { spendPasswordCheck, verifyPassword } from './passwords';
import { endSession, rotateRefreshToken, startSession } from './sessions';
import { TokenError } from './tokens';

/** Both given: a blank user name or an empty password is no attempt. */
const credentialsSchema = loginRequestSchema.check(
  z.refine(({ username, password }) => username.trim() !== '' && password !== ''),
);

/**
 * Whether a closed account used the address with this password. Takes one password check whether
 * or not one did, as the check for an unknown address always has (spendPasswordCheck).
 */
async function isClosedAccount(db: Deps['db'], emailKey: string, password: string): Promise<boolean> {
  const hash = await closedAccountHash(db, emailKey);
  if (!hash) {
    await spendPasswordCheck(password);
    return false;
  }
  return verifyPassword(password, hash);
}

/** /user/…: sign-in, token refresh and sign-out (sign-up and password reset: server/identity). */
export function authRoutes({ db, tokens, limiter, secret }: Deps): Mounts {
  const tokenRequired = SERVER_MESSAGES.refreshTokenRequired;

  const login = new Hono<AppEnv>();
  login.post('/', jsonBody(credentialsSchema, SERVER_MESSAGES.credentialsRequired), async (c) => {
    const { username, password } = c.req.valid('json');

    // Refused with 429 after too many attempts on this address, or failures from this client.
    const attempt = await beginSignIn(limiter, c, username);
    const user = await findUserByEmail(db, username);
    if (!user) {
      // Someone who knows the address and the password of an account that was closed is told so.
      if (await isClosedAccount(db, closedEmailKey(secret, username), password)) {
        await attempt.succeeded();
        throw new HttpProblem(403, PROFILE_MESSAGES.closedAccountSignIn);
      }
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

  const refresh = new Hono<AppEnv>();
  refresh.post('/', jsonBody(refreshRequestSchema, tokenRequired), async (c) => {
    const { refresh_token } = c.req.valid('json');
    try {
      return c.json(refreshResponseSchema.parse(await rotateRefreshToken(db, tokens, refresh_token)));
    } catch (error) {
      if (error instanceof TokenError) throw new HttpProblem(401, SERVER_MESSAGES.invalidRefreshToken);
      throw error;
    }
  });

  // Not in the spec. The same answer whether or not the token was live, so it tells nothing.
  const logout = new Hono<AppEnv>();
  logout.post('/', jsonBody(logoutRequestSchema, tokenRequired), async (c) => {
    const { refresh_token } = c.req.valid('json');
    await endSession(db, tokens, refresh_token);
    return c.json(logoutResponseSchema.parse({ success: true, message: SERVER_MESSAGES.signedOut }));
  });

  return [
    ['/user/login/', login],
    ['/user/refresh-token/', refresh],
    ['/user/logout/', logout],
  ];
}
