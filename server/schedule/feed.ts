import { randomBytes } from 'node:crypto';
import { addDays, courseSessions, lastSessionDay } from '@contract/domain/sessions';
import type { CalendarFeed } from '@contract/wire/schedule';
import type { Session } from '@contract/wire/sessions';
import ICAL from 'ical.js';
import { centreDate, centreInstant, centreTimeZone } from '../centre-time';
import type { Db, Queryable } from '../db';
import { changesOf, type ScheduledCourse, traineeCourses, trainerCourses } from './queries';

/**
 * Private calendar feeds (iCalendar, RFC 5545) that calendar apps subscribe to without signing in:
 * the address holds a long random secret (256 bits), made on the user's first request; a new address
 * ends the old one; it is written in the language of the page that last asked for the address. A trainer's feed has the sessions of the approved courses they run or
 * facilitate, a trainee's those of the courses they are enrolled in; each session is one VEVENT
 * whose UID names the course and the session's routine date (so a move updates the same event),
 * its times the instants of the centre's clock (server/centre-time.ts) in UTC, so that no zone has to
 * be described; a cancelled session STATUS:CANCELLED, a moved one at its new time.
 */

export type FeedLanguage = 'en' | 'ar';
/** Sessions of courses that ended longer ago than this are left out of a feed. */
const FEED_HISTORY_DAYS = 180;
/** The feed's own address shape: the secret, base64url of 32 bytes. */
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const TEXTS = {
  en: {
    calendar: 'KFU Training sessions',
    cancelled: (reason: string) => `Cancelled. Reason: ${reason}`,
    moved: (from: string, reason: string) => `Moved from ${from}. Reason: ${reason}`,
    location: 'KFU Training Centre',
  },
  ar: {
    calendar: 'جلسات التدريب - جامعة الملك فيصل',
    cancelled: (reason: string) => `أُلغيت. السبب: ${reason}`,
    moved: (from: string, reason: string) => `نُقلت من ${from}. السبب: ${reason}`,
    location: 'مركز التدريب بجامعة الملك فيصل',
  },
} as const;

interface FeedRow {
  language: FeedLanguage;
  created_at: string;
  secret: string;
}

/** Whose feed an address is. */
export interface FeedOwner {
  user_id: number;
  role: 'TRAINEE' | 'TRAINER';
  language: FeedLanguage;
}

function feedOf(row: Pick<FeedRow, 'secret' | 'language' | 'created_at'>): CalendarFeed {
  return { path: `/calendar/${row.secret}.ics`, language: row.language, created_at: row.created_at };
}

const FEED_COLUMNS = `secret, language, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The user's feed address, made when they have none. `language`, the page's, becomes the feed's:
 * the feed follows the language the user last used the product in (absent: kept as it is).
 */
export async function ensureFeed(
  db: Queryable,
  userId: number,
  language: FeedLanguage | undefined,
): Promise<CalendarFeed> {
  const { rows } = await db.query<FeedRow>(
    `INSERT INTO calendar_feeds (user_id, secret, language) VALUES ($1, $2, coalesce($3, 'en'))
     ON CONFLICT (user_id) DO UPDATE SET language = coalesce($3, calendar_feeds.language)
     RETURNING ${FEED_COLUMNS}`,
    [userId, newSecret(), language ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error('The calendar feed was not stored');
  return feedOf(row);
}

/** A new address for the user's feed, in `language`: the old one stops working at once. */
export async function renewFeed(
  db: Queryable,
  userId: number,
  language: FeedLanguage,
): Promise<CalendarFeed> {
  const { rows } = await db.query<FeedRow>(
    `INSERT INTO calendar_feeds (user_id, secret, language) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, language = EXCLUDED.language, created_at = now()
     RETURNING ${FEED_COLUMNS}`,
    [userId, newSecret(), language],
  );
  const row = rows[0];
  if (!row) throw new Error('The calendar feed was not stored');
  return feedOf(row);
}

/** The owner of a feed address, or undefined when no feed has this secret (any more). */
export async function feedOwner(db: Queryable, secret: string): Promise<FeedOwner | undefined> {
  const { rows } = await db.query<FeedOwner>(
    `SELECT f.user_id, f.language, u.role FROM calendar_feeds f JOIN users u ON u.id = f.user_id
     WHERE f.secret = $1`,
    [secret],
  );
  return rows[0];
}

/** A session's start or end (a centre date and time) as an ICAL.Time in UTC. */
function timeOf(date: string, time: string): ICAL.Time {
  return ICAL.Time.fromJSDate(centreInstant(date, time), true);
}

/** One course's sessions as VEVENTs. */
function addEvents(
  calendar: ICAL.Component,
  course: ScheduledCourse,
  sessions: readonly Session[],
  language: FeedLanguage,
  stamp: ICAL.Time,
): void {
  const texts = TEXTS[language];
  for (const session of sessions) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `course-${course.id}-session-${session.original_date}@kfu-training`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', timeOf(session.date, session.start_time));
    event.addPropertyWithValue('dtend', timeOf(session.date, session.end_time));
    event.addPropertyWithValue('summary', language === 'ar' ? course.title_ar || course.title : course.title);
    event.addPropertyWithValue('location', texts.location);
    if (session.status === 'cancelled') {
      event.addPropertyWithValue('status', 'CANCELLED');
      event.addPropertyWithValue('description', texts.cancelled(session.reason));
    } else {
      event.addPropertyWithValue('status', 'CONFIRMED');
      if (session.status === 'moved') {
        event.addPropertyWithValue('description', texts.moved(session.original_date, session.reason));
        // A changed event: calendar apps take the higher sequence as the newer version.
        event.addPropertyWithValue('sequence', 1);
      }
    }
    calendar.addSubcomponent(event);
  }
}

/** The iCalendar text of a feed's owner at `now`. */
export async function feedCalendar(db: Db, owner: FeedOwner, now: Date): Promise<string> {
  const today = centreDate(now);
  const from = addDays(today, -FEED_HISTORY_DAYS);
  const far = '9999-12-31';
  const courses =
    owner.role === 'TRAINER'
      ? await trainerCourses(db, owner.user_id, from, far)
      : await traineeCourses(db, owner.user_id, from, far);
  const changes = await changesOf(
    db,
    courses.map((course) => course.id),
  );
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//KFU Training//Schedule//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', TEXTS[owner.language].calendar);
  calendar.addPropertyWithValue('x-wr-timezone', centreTimeZone());
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const course of courses) {
    const sessions = courseSessions(
      course,
      changes.get(course.id) ?? [],
      course.start_date,
      lastSessionDay(course),
    );
    addEvents(calendar, course, sessions, owner.language, stamp);
  }
  return calendar.toString();
}
