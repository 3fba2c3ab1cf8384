import { Hono } from 'hono';
import { notificationListSchema, notificationSchema } from '../../src/contract/notifications';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import { requireAuth } from '../auth/middleware';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db';
import { type AppEnv, HttpProblem, idParam } from '../http';
import type { Notifier } from '../notifications';

/**
 * /notification/…: the signed-in user's notifications, newest first, and marking one seen. Another
 * user's notification answers 404, as if it did not exist.
 */
export function notificationRoutes(db: Db, tokens: TokenService, notifier: Notifier): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(db, tokens);

  routes.get('/notification/', auth, async (c) =>
    c.json(notificationListSchema.parse(await notifier.list(c.get('user').id))),
  );

  routes.patch('/notification/mark-as-seen/:id/', auth, async (c) => {
    const marked = await notifier.markSeen(c.get('user').id, idParam(c));
    if (!marked) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(notificationSchema.parse(marked));
  });

  return routes;
}
