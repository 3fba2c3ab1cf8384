import { Hono } from 'hono';
import { requireAdminToken } from '../admin/middleware';
import type { Deps } from '../deps';
import type { AppEnv } from '../http';
import { readOutbox } from '../mail';
import { readSimulatedSms } from '../messages/sms-provider';
import type { Mounts } from '../mounts';
import { validQuery } from '../validation';

const DEFAULT_OUTBOX_LIMIT = 20;

/** `to` and `limit` of an outbox read; a limit that is not a whole number takes the default. */
const outboxQuery = validQuery((query) => {
  const limit = Number(query('limit') ?? DEFAULT_OUTBOX_LIMIT);
  return { to: query('to'), limit: Number.isInteger(limit) ? limit : DEFAULT_OUTBOX_LIMIT };
});

/**
 * /dev/…: development helpers, never mounted when NODE_ENV is production. The outbox holds sign-up
 * and password-reset codes, so it answers only the admin token (as `npm run outbox` sends it):
 * anyone else could ask for a reset code of any account and read it here.
 */
export function devRoutes({ db, adminToken }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAdminToken(adminToken));

  // The latest mails and texts, newest first, each with the one-time code it carries (`otp`).
  routes.get('/outbox/', outboxQuery, async (c) => c.json(await readOutbox(db, c.req.valid('query'))));
  // What the simulated SMS provider accepted (server/messages/sms-provider.ts).
  routes.get('/sms/', outboxQuery, async (c) => c.json(await readSimulatedSms(db, c.req.valid('query'))));

  return [['/dev/', routes]];
}
