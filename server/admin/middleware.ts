import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { MiddlewareHandler } from 'hono';
import { type AppEnv, HttpProblem } from '../http';

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
