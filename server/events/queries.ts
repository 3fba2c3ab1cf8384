import type { Db } from '../db';
import { type Page, type PageRequest, selectPage } from '../paging';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const SUMMARY_COLUMNS = `id, image, title, title_ar, event_access,
  json_build_object('start', to_char(starts_at AT TIME ZONE 'UTC', ${ISO}),
                    'end', to_char(ends_at AT TIME ZONE 'UTC', ${ISO})) AS date_range`;
const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, description, description_ar, location, location_ar`;

/** One page of the events: upcoming and ongoing ones first (soonest first), then past ones (latest first). */
export function eventPage(db: Db, request: PageRequest): Promise<Page<unknown>> {
  return selectPage(
    db,
    request,
    {
      sql: `SELECT ${SUMMARY_COLUMNS} FROM events
            ORDER BY (ends_at < now()), CASE WHEN ends_at >= now() THEN starts_at END ASC, starts_at DESC, id`,
    },
    { sql: 'SELECT count(*)::int AS count FROM events' },
  );
}

export async function findEventDetails(db: Db, id: number): Promise<unknown> {
  const { rows } = await db.query(`SELECT ${DETAIL_COLUMNS} FROM events WHERE id = $1`, [id]);
  return rows[0];
}

export interface EventToJoin {
  id: number;
  title: string;
  title_ar: string;
  ended: boolean;
}

/** The event a registration names, and whether it has ended. */
export async function findEventToJoin(db: Db, id: number): Promise<EventToJoin | undefined> {
  const { rows } = await db.query<EventToJoin>(
    'SELECT id, title, title_ar, ends_at < now() AS ended FROM events WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** Registers the user for the event; false when they were registered already. */
export async function registerForEvent(db: Db, eventId: number, userId: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO event_registrations (event_id, user_id) VALUES ($1, $2)
     ON CONFLICT (user_id, event_id) DO NOTHING RETURNING id`,
    [eventId, userId],
  );
  return rows.length > 0;
}

/** Whether the user is registered for the event. */
export async function isRegisteredForEvent(db: Db, eventId: number, userId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM event_registrations WHERE event_id = $1 AND user_id = $2', [
    eventId,
    userId,
  ]);
  return rows.length > 0;
}
