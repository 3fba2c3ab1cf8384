import { Hono } from 'hono';
import type { Db } from '../db';
import type { AppEnv } from '../http';
import { readOutbox } from '../mail';
import { requireAdminToken } from './admin';

/**
 * /dev/…: development helpers, never mounted when NODE_ENV is production. The outbox holds sign-up
 * and password-reset codes, so it answers only the admin token (as `npm run outbox` sends it):
 * anyone else could ask for a reset code of any account and read it here.
 */
export function devRoutes(db: Db, adminToken: string): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAdminToken(adminToken));

  // The latest mails, newest first, each with the one-time code it carries (`otp`).
  routes.get('/outbox/', async (c) => {
    const limit = Number(c.req.query('limit') ?? 20);
    return c.json(
      await readOutbox(db, { to: c.req.query('to'), limit: Number.isInteger(limit) ? limit : 20 }),
    );
  });

  return routes;
}
