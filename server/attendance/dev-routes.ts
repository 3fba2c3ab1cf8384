import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAdminToken } from '../admin/middleware';
import type { AppEnv } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody } from '../validation';
import type { AdjustableClock } from './clock';

const advanceSchema = z.object({
  seconds: z.number().check(z.minimum(-86_400), z.maximum(86_400)),
});

/**
 * /dev/attendance/clock/: moves attendance's clock (browser tests pass a QR code's rotation without
 * waiting). Mounted with the other /dev routes only (never when NODE_ENV is production), for the
 * admin token only.
 */
export function attendanceDevRoutes(adminToken: string, clock: AdjustableClock): Mounts {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAdminToken(adminToken));
  routes.post('/clock/', jsonBody(advanceSchema, SERVER_MESSAGES.malformedBody), async (c) => {
    clock.advance(c.req.valid('json').seconds);
    return c.json({ now: clock.now().toISOString() });
  });
  return [['/dev/attendance/', routes]];
}
