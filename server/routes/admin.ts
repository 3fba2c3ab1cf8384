import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { VALIDATION } from '../../src/contract/auth-forms';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import {
  AdminError,
  approveTrainer,
  notificationContent,
  notifyRequestSchema,
  notifyUser,
  toApprovalResponse,
} from '../admin';
import type { Db } from '../db';
import { type AppEnv, HttpProblem, jsonBodyLimit, readJsonBody, readJsonFields } from '../http';
import type { Notifier } from '../notifications';

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
 * /admin/…: what the `npm run admin` command asks of a running server (PGlite lets one process
 * open the database). Every call needs the admin token (requireAdminToken).
 */
export function adminRoutes(db: Db, adminToken: string, notifier: Notifier): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAdminToken(adminToken));

  routes.post('/approve-trainer/', jsonBodyLimit(), async (c) => {
    const { email } = await readJsonFields(c, ['email']);
    if (!email.trim()) throw new HttpProblem(400, { field: 'email', message: VALIDATION.emailRequired });
    try {
      return c.json(toApprovalResponse(await approveTrainer(db, email, notifier)));
    } catch (error) {
      if (error instanceof AdminError) {
        throw new HttpProblem(error.reason === 'unknown-user' ? 404 : 400, {
          field: 'email',
          message: error.userMessage,
        });
      }
      throw error;
    }
  });

  routes.post('/notify/', jsonBodyLimit(), async (c) => {
    const request = await readJsonBody(c, notifyRequestSchema, SERVER_MESSAGES.notificationInvalid);
    try {
      const { user, id } = await notifyUser(db, request.email, notificationContent(request), notifier);
      return c.json({ success: true, data: { id, email: user.email, full_name: user.full_name } }, 201);
    } catch (error) {
      if (error instanceof AdminError) {
        throw new HttpProblem(404, { field: 'email', message: error.userMessage });
      }
      throw error;
    }
  });

  return routes;
}
