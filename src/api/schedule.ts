import {
  type CalendarFeed,
  calendarFeedSchema,
  type ScheduleWeek,
  type SessionChanged,
  type SessionChangeInput,
  scheduleWeekSchema,
  sessionChangedSchema,
} from '@contract/wire/schedule';
import type { ApiClient } from './client';

/** GET /schedule/?week=YYYY-MM-DD: the trainer's week holding that date (this week without one). */
export function getScheduleWeek(api: ApiClient, week?: string): Promise<ScheduleWeek> {
  return api.authed(scheduleWeekSchema, '/schedule/', week ? { query: { week } } : {});
}

/** POST /schedule/changes/: cancels or moves one session; the enrolled trainees are notified. */
export function changeSession(api: ApiClient, input: SessionChangeInput): Promise<SessionChanged> {
  return api.authed(sessionChangedSchema, '/schedule/changes/', { method: 'POST', body: input });
}

/** DELETE /schedule/changes/{courseId}/{date}/: puts a cancelled or moved session back. */
export function restoreSession(
  api: ApiClient,
  courseId: number,
  sessionDate: string,
): Promise<SessionChanged> {
  return api.authed(sessionChangedSchema, `/schedule/changes/${courseId}/${sessionDate}/`, {
    method: 'DELETE',
  });
}

/** GET /schedule/calendar-feed/?language: the user's private feed address, made on first request. */
export function getCalendarFeed(api: ApiClient, language: 'en' | 'ar'): Promise<CalendarFeed> {
  return api.authed(calendarFeedSchema, '/schedule/calendar-feed/', { query: { language } });
}

/** POST /schedule/calendar-feed/: a new feed address; the old one stops working. */
export function renewCalendarFeed(api: ApiClient, language: 'en' | 'ar'): Promise<CalendarFeed> {
  return api.authed(calendarFeedSchema, '/schedule/calendar-feed/', { method: 'POST', body: { language } });
}

/**
 * The address a calendar app subscribes to: the feed's path under the API's base, made absolute
 * against the page's origin (GET {address} answers text/calendar without signing in).
 */
export function calendarFeedAddress(
  feed: Pick<CalendarFeed, 'path'>,
  apiBase: string,
  origin: string,
): string {
  return new URL(`${apiBase.replace(/\/$/, '')}${feed.path}`, origin).toString();
}
