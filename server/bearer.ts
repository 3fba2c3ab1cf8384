import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header is `Bearer <token>`: compared in constant time on digests, so
 * neither the token nor its length shows in the answer's timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}
