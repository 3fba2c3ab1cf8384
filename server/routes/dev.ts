import { Hono } from 'hono';
import type { Db } from '../db';
import type { AppEnv } from '../http';
import { readOutbox } from '../mail';

/** /dev/…: development helpers, never mounted when NODE_ENV is production. */
export function devRoutes(db: Db): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // The latest mails, newest first, each with the one-time code it carries (`otp`).
  routes.get('/outbox/', async (c) => {
    const limit = Number(c.req.query('limit') ?? 20);
    return c.json(
      await readOutbox(db, { to: c.req.query('to'), limit: Number.isInteger(limit) ? limit : 20 }),
    );
  });

  return routes;
}
