import { Hono } from 'hono';
import { eventDetailsSchema, eventPageSchema } from '../../src/contract/events';
import { eventRegistrationSchema, PUBLIC_MESSAGES, PUBLIC_VALIDATION } from '../../src/contract/public-forms';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import { requireAuth } from '../auth/middleware';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db';
import { type AppEnv, errorResponse, HttpProblem, idParam, jsonBodyLimit, pageRequest } from '../http';
import { NOTIFICATIONS, type Notifier } from '../notifications';
import type { RateLimiter } from '../rate-limits';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const SUMMARY_COLUMNS = `id, image, title, title_ar, event_access,
  json_build_object('start', to_char(starts_at AT TIME ZONE 'UTC', ${ISO}),
                    'end', to_char(ends_at AT TIME ZONE 'UTC', ${ISO})) AS date_range`;
const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, description, description_ar, location, location_ar`;

/**
 * /event/…: the events, upcoming and ongoing ones first (soonest first), then past ones (latest
 * first); and /event-registration/: the signed-in user registers for an event that has not ended, once.
 */
export function eventRoutes(
  db: Db,
  tokens: TokenService,
  notifier: Notifier,
  limiter: RateLimiter,
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const limited = limiter.perClient('eventRegistrationClient');

  routes.get('/event/', async (c) => {
    const { page, limit, offset } = pageRequest(c);
    const [{ rows }, counted] = await Promise.all([
      db.query(
        `SELECT ${SUMMARY_COLUMNS} FROM events
         ORDER BY (ends_at < now()), CASE WHEN ends_at >= now() THEN starts_at END ASC, starts_at DESC, id
         LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      db.query<{ count: number }>('SELECT count(*)::int AS count FROM events'),
    ]);
    return c.json(eventPageSchema.parse({ count: counted.rows[0]?.count ?? 0, page, limit, results: rows }));
  });

  routes.get('/event/:id/', async (c) => {
    const { rows } = await db.query(`SELECT ${DETAIL_COLUMNS} FROM events WHERE id = $1`, [idParam(c)]);
    if (!rows[0]) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(eventDetailsSchema.parse(rows[0]));
  });

  routes.post('/event-registration/', requireAuth(db, tokens), limited, jsonBodyLimit(), async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
    }
    const parsed = eventRegistrationSchema.safeParse(body);
    if (!parsed.success || parsed.data.event > 2_147_483_647) {
      return errorResponse(c, 400, PUBLIC_VALIDATION.eventRequired);
    }
    const { rows } = await db.query<{ ended: boolean; id: number; title: string; title_ar: string }>(
      'SELECT id, title, title_ar, ends_at < now() AS ended FROM events WHERE id = $1',
      [parsed.data.event],
    );
    if (!rows[0]) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    if (rows[0].ended) return errorResponse(c, 400, PUBLIC_MESSAGES.eventEnded);
    const inserted = await db.query(
      `INSERT INTO event_registrations (event_id, user_id) VALUES ($1, $2)
       ON CONFLICT (user_id, event_id) DO NOTHING RETURNING id`,
      [parsed.data.event, c.get('user').id],
    );
    if (!inserted.rows[0]) return errorResponse(c, 400, PUBLIC_MESSAGES.alreadyRegistered);
    await notifier.notify(c.get('user').id, NOTIFICATIONS.eventRegistered(rows[0]));
    return c.json({ success: true, message: PUBLIC_MESSAGES.eventRegistered }, 201);
  });

  return routes;
}
