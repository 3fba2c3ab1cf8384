import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { notificationListSchema, notificationSchema } from '@contract/wire/notifications';
import { Hono } from 'hono';
import { requireAuth } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import { validId } from '../validation';

/**
 * /notification/…: the signed-in user's notifications, newest first, and marking one seen. Another
 * user's notification answers 404, as if it did not exist.
 */
export function notificationRoutes({ db, tokens, notifier }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(db, tokens);

  routes.get('/notification/', auth, async (c) =>
    c.json(notificationListSchema.parse(await notifier.list(c.get('user').id))),
  );

  routes.patch('/notification/mark-as-seen/:id/', auth, validId(), async (c) => {
    const marked = await notifier.markSeen(c.get('user').id, c.req.valid('param').id);
    if (!marked) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(notificationSchema.parse(marked));
  });

  return routes;
}
