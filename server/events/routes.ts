import { eventRegistrationSchema, PUBLIC_VALIDATION } from '@contract/forms/public';
import { PUBLIC_MESSAGES } from '@contract/messages/public';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { eventDetailsSchema, eventPageSchema, eventRegistrationStatusSchema } from '@contract/wire/events';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAuth } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, errorResponse, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { NOTIFICATIONS } from '../notifications/notifier';
import { pageQuery } from '../paging';
import { jsonBody, MAX_ID, validId } from '../validation';
import {
  eventPage,
  findEventDetails,
  findEventToJoin,
  isRegisteredForEvent,
  registerForEvent,
} from './queries';

/** An event id the table can hold. */
const registrationSchema = eventRegistrationSchema.check(z.refine(({ event }) => event <= MAX_ID));

/**
 * /event/…: the events, upcoming and ongoing ones first (soonest first), then past ones (latest
 * first); and /event-registration/: the signed-in user registers for an event that has not ended, once.
 */
export function eventRoutes({ db, tokens, notifier, limiter }: Deps): Mounts {
  const events = new Hono<AppEnv>();

  events.get('/', pageQuery(), async (c) =>
    c.json(eventPageSchema.parse(await eventPage(db, c.req.valid('query')))),
  );

  events.get('/:id/', validId(), async (c) => {
    const event = await findEventDetails(db, c.req.valid('param').id);
    if (!event) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(eventDetailsSchema.parse(event));
  });

  // Not in the spec: the event page shows whether the signed-in user is registered already.
  events.get('/:id/registration/', requireAuth(db, tokens), validId(), async (c) => {
    const event = await findEventToJoin(db, c.req.valid('param').id);
    if (!event) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const registered = await isRegisteredForEvent(db, event.id, c.get('user').id);
    return c.json(eventRegistrationStatusSchema.parse({ registered }));
  });

  const registration = new Hono<AppEnv>();
  registration.post(
    '/',
    requireAuth(db, tokens),
    limiter.perClient('eventRegistrationClient'),
    // Its callers read the sentence as `error` too.
    jsonBody(registrationSchema, (c) => errorResponse(c, 400, PUBLIC_VALIDATION.eventRequired)),
    async (c) => {
      const user = c.get('user');
      const event = await findEventToJoin(db, c.req.valid('json').event);
      if (!event) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
      if (event.ended) return errorResponse(c, 400, PUBLIC_MESSAGES.eventEnded);
      if (!(await registerForEvent(db, event.id, user.id))) {
        return errorResponse(c, 400, PUBLIC_MESSAGES.alreadyRegistered);
      }
      await notifier.notify(user.id, NOTIFICATIONS.eventRegistered(event));
      return c.json({ success: true, message: PUBLIC_MESSAGES.eventRegistered }, 201);
    },
  );

  return [
    ['/event/', events],
    ['/event-registration/', registration],
  ];
}
