import * as sessions from '@contract/domain/sessions';
import type { Queryable } from './db';

/**
 * The centre's calendar and clock: one IANA time zone (CENTRE_TIME_ZONE, Asia/Riyadh by default)
 * decides "today" everywhere. The server's code asks the functions here; its SQL asks
 * `centre_today()` and `centre_date(instant)` (migration 022), which read the same zone from the
 * `centre_settings` row that `setCentreTimeZone` writes at start. The zone is one per process.
 */

export const DEFAULT_CENTRE_TIME_ZONE = 'Asia/Riyadh';

/** An IANA name ('Asia/Riyadh', 'Etc/GMT+12', 'UTC'): never an offset, which PostgreSQL reads reversed. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

let zone = DEFAULT_CENTRE_TIME_ZONE;

/** The centre's time zone. */
export function centreTimeZone(): string {
  return zone;
}

function unknownZone(value: string): Error {
  return new Error(
    `CENTRE_TIME_ZONE: "${value}" is not a time zone this server knows; give an IANA name such as ${DEFAULT_CENTRE_TIME_ZONE}`,
  );
}

/** The zone a CENTRE_TIME_ZONE value names (unset or blank: the default); throws on an unknown one. */
export function parseCentreTimeZone(value: string | undefined): string {
  const name = value?.trim() ?? '';
  if (name === '') return DEFAULT_CENTRE_TIME_ZONE;
  if (!ZONE_NAME.test(name)) throw unknownZone(name);
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    throw unknownZone(name);
  }
  return name;
}

/**
 * Makes `name` (checked by parseCentreTimeZone) the centre's zone: for this process, and in the
 * database for its SQL, which refuses a zone PostgreSQL does not know.
 */
export async function setCentreTimeZone(db: Queryable, name: string): Promise<void> {
  try {
    await db.query('SELECT now() AT TIME ZONE $1', [name]);
  } catch {
    throw unknownZone(name);
  }
  await db.query('UPDATE centre_settings SET time_zone = $1 WHERE time_zone IS DISTINCT FROM $1', [name]);
  zone = name;
}

/** The centre's date at an instant, 'YYYY-MM-DD'. */
export function centreDate(instant: Date): string {
  return sessions.centreDate(instant, zone);
}

/** The centre's 'HH:MM' at an instant. */
export function centreTime(instant: Date): string {
  return sessions.centreTime(instant, zone);
}

/** The instant of a centre date and time ('2026-11-24', '09:30'). */
export function centreInstant(date: string, time: string): Date {
  return sessions.centreInstant(date, time, zone);
}
