import { randomUUID } from 'node:crypto';
import { type Role, roleSchema } from '@contract/wire/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A password-reset token, handed out for a verified reset code. */
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;
/** A staff sign-in waiting for its mailed code (the code itself lasts OTP_TTL_MINUTES). */
export const CHALLENGE_TOKEN_TTL_SECONDS = 10 * 60;
/**
 * A staff session ends after 8 hours without activity: a staff refresh token lasts that long, and
 * each refresh (made when a call finds the 15-minute access token expired) starts the 8 hours again.
 */
export const STAFF_IDLE_SECONDS = 8 * 60 * 60;
export const TOKEN_ISSUER = 'kfu-training-api';

export type TokenType = 'access' | 'refresh' | 'reset' | 'challenge';

const TTL_SECONDS: Record<TokenType, number> = {
  access: ACCESS_TOKEN_TTL_SECONDS,
  refresh: REFRESH_TOKEN_TTL_SECONDS,
  reset: RESET_TOKEN_TTL_SECONDS,
  challenge: CHALLENGE_TOKEN_TTL_SECONDS,
};

function ttlSeconds(typ: TokenType, role: Role): number {
  return typ === 'refresh' && role === 'ADMIN' ? STAFF_IDLE_SECONDS : TTL_SECONDS[typ];
}

const claimsSchema = z.object({
  sub: z.string().check(z.regex(/^\d+$/)),
  role: roleSchema,
  typ: z.enum(['access', 'refresh', 'reset', 'challenge']),
  jti: z.string().check(z.minLength(1)),
  exp: z.number(),
  // Tokens signed before session versions existed carry none: they count as version 0.
  sv: z.optional(z.int().check(z.nonnegative())),
});

export interface TokenClaims {
  userId: number;
  role: Role;
  typ: TokenType;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The user's session version when the token was issued; a newer one in the database refuses it. */
  sessionVersion: number;
}

/**
 * Whom a token is issued to. `session_version` is the user's current one (the column of the same
 * name); without it the token carries 0, which any user whose sessions were ever ended refuses.
 */
export interface TokenSubject {
  id: number;
  role: Role;
  session_version?: number | undefined;
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** Why a token was refused; callers answer 401 for every kind. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(readonly reason: 'expired' | 'invalid' | 'wrong-type') {
    super(`Token refused: ${reason}`);
  }
}

export interface TokenService {
  /** `issuedAt` (seconds since the epoch) defaults to now; tests pass an earlier time. */
  issue(typ: TokenType, user: TokenSubject, options?: { issuedAt?: number }): Promise<IssuedToken>;
  /** Verifies signature, issuer, expiry and that the token is of the expected type. */
  verify(token: string, expected: TokenType): Promise<TokenClaims>;
}

export function createTokenService(secret: Uint8Array): TokenService {
  if (secret.byteLength < 32) throw new Error('The token secret must be at least 32 bytes long');
  return {
    async issue(typ, user, options = {}) {
      const jti = randomUUID();
      const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000);
      const exp = issuedAt + ttlSeconds(typ, user.role);
      const token = await new SignJWT({ role: user.role, typ, sv: user.session_version ?? 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(TOKEN_ISSUER)
        .setJti(jti)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, expected) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: TOKEN_ISSUER }));
      } catch (error) {
        throw new TokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) throw new TokenError('invalid');
      if (claims.data.typ !== expected) throw new TokenError('wrong-type');
      const { sub, role, typ, jti, exp, sv } = claims.data;
      return { userId: Number(sub), role, typ, jti, exp, sessionVersion: sv ?? 0 };
    },
  };
}
