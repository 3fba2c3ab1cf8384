import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { notificationListSchema, notificationSchema } from '@contract/wire/notifications';
import { Hono } from 'hono';
import { requireAuth } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { validId } from '../validation';

/**
 * /notification/…: the signed-in user's notifications, newest first, and marking one seen. Another
 * user's notification answers 404, as if it did not exist.
 */
export function notificationRoutes({ db, tokens, notifier }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(db, tokens);

  routes.get('/', auth, async (c) =>
    c.json(notificationListSchema.parse(await notifier.list(c.get('user').id))),
  );

  routes.patch('/mark-as-seen/:id/', auth, validId(), async (c) => {
    const marked = await notifier.markSeen(c.get('user').id, c.req.valid('param').id);
    if (!marked) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(notificationSchema.parse(marked));
  });

  return [['/notification/', routes]];
}
