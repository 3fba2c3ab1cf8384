import { normaliseCode } from '@contract/forms/auth';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import {
  logoutRequestSchema,
  logoutResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '@contract/wire/auth';
import {
  confirmationResponseSchema,
  loginCodeRequestSchema,
  loginCodeResendRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '@contract/wire/identity';
import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { closedAccountHash, closedEmailKey } from '../profile/queries';
import { beginAccountCodeCheck, beginSignIn, spendMailAllowance } from '../rate-limits';
import { recordSignIn } from '../staff/people';
import { beginSecondFactor, challengeUserId, mailSignInCode } from '../staff/sign-in';
import { findUserByEmail, findUserById, toPublicUser } from '../users';
import { jsonBody } from '../validation';
import { checkSignInOtp } from './otp';
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
export function authRoutes({ db, tokens, limiter, secret, publicOrigin }: Deps): Mounts {
  const tokenRequired = SERVER_MESSAGES.refreshTokenRequired;
  /** The sign-in, as the person's page lists it (server/staff/people.ts). */
  const signedIn = (c: Context<AppEnv>, userId: number) =>
    recordSignIn(db, userId, { ip: limiter.clientAddress(c), userAgent: c.req.header('User-Agent') });

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
    if (user.disabled_at) throw new HttpProblem(403, SERVER_MESSAGES.accountDisabled);
    if (!user.verified) throw new HttpProblem(403, SERVER_MESSAGES.emailNotVerified);
    if (user.rejected_at) throw new HttpProblem(403, STAFF_MESSAGES.applicationRejected);
    if (!user.approved) throw new HttpProblem(403, SERVER_MESSAGES.trainerAwaitingApproval);
    // Staff finish with the code mailed to them (POST /user/login/code/).
    if (user.role === 'ADMIN') {
      await spendMailAllowance(limiter, c, user.email);
      return c.json(await beginSecondFactor(db, tokens, publicOrigin(), user));
    }

    const session = await startSession(db, tokens, user);
    await signedIn(c, user.id);
    return c.json(loginResponseSchema.parse({ success: true, ...session, data: toPublicUser(user) }));
  });

  /** The staff account a challenge names, or the 401 of an expired sign-in. */
  const staffOfChallenge = async (challenge: string) => {
    const id = await challengeUserId(tokens, challenge);
    const user = id === null ? undefined : await findUserById(db, id);
    if (user?.role !== 'ADMIN' || !user.verified) {
      throw new HttpProblem(401, STAFF_MESSAGES.signInExpired);
    }
    if (user.disabled_at) throw new HttpProblem(403, SERVER_MESSAGES.accountDisabled);
    return user;
  };

  // Not in the spec: the second factor of a staff sign-in.
  const loginCode = new Hono<AppEnv>();
  loginCode.post('/', jsonBody(loginCodeRequestSchema, SERVER_MESSAGES.invalidOtp), async (c) => {
    const { challenge, code } = c.req.valid('json');
    const user = await staffOfChallenge(challenge);
    // Every try counts against the account, with the limit of every other code.
    const attempt = await beginAccountCodeCheck(limiter, user.id);
    const check = await checkSignInOtp(db, user.id, normaliseCode(code));
    if (!check.ok) {
      const message =
        check.reason === 'too-many-attempts'
          ? SERVER_MESSAGES.tooManyOtpAttempts
          : SERVER_MESSAGES.invalidOtp;
      throw new HttpProblem(400, { field: 'code', message });
    }
    await attempt.succeeded();
    const session = await startSession(db, tokens, user);
    await signedIn(c, user.id);
    return c.json(loginResponseSchema.parse({ success: true, ...session, data: toPublicUser(user) }));
  });
  loginCode.post(
    '/resend/',
    jsonBody(loginCodeResendRequestSchema, STAFF_MESSAGES.signInExpired),
    async (c) => {
      const user = await staffOfChallenge(c.req.valid('json').challenge);
      await spendMailAllowance(limiter, c, user.email);
      await mailSignInCode(db, publicOrigin(), user);
      return c.json(confirmationResponseSchema.parse({ success: true, message: SERVER_MESSAGES.otpSent }));
    },
  );

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
    ['/user/login/code/', loginCode],
    ['/user/refresh-token/', refresh],
    ['/user/logout/', logout],
  ];
}
