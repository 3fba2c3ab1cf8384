import { type RoutineSlot, WEEKDAYS, type Weekday } from '@contract/wire/courses';
import type { Session, SessionChange } from '@contract/wire/sessions';

/**
 * A course's sessions, as the server and the web app both count them: one per routine day between
 * the course's start and end dates (the end being the earlier of its end date and the day its
 * trainer closed it), on the centre's calendar (its IANA time zone, which the server's
 * CENTRE_TIME_ZONE setting names and server/centre-time.ts passes to the functions here). A
 * session may be cancelled, or moved to another date and time; the centre's week runs Saturday to
 * Friday. Dates are 'YYYY-MM-DD', times 'HH:MM' (24-hour).
 */

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface SessionCourse {
  start_date: string;
  end_date: string;
  /** The centre's date the trainer closed the course on, if they did. */
  closed_on?: string | null;
  routine: RoutineSlot[];
}

export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** `date` plus `days` days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The weekday of a date. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 Sunday … 6 Saturday; WEEKDAYS starts on Saturday.
  const day = new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay();
  return WEEKDAYS[(day + 1) % 7] as Weekday;
}

/** The Saturday that starts the centre's week holding `date`. */
export function weekStartOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at an instant, 'YYYY-MM-DDTHH:MM'. */
function wallClock(instant: Date, zone: string): string {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** How far `zone`'s wall clock is ahead of UTC at an instant, in ms. */
function offsetMs(instant: number, zone: string): number {
  const minute = Math.floor(instant / 60_000) * 60_000;
  return Date.parse(`${wallClock(new Date(minute), zone)}:00Z`) - minute;
}

/** The centre's date at an instant, in the centre's time zone `zone`. */
export function centreDate(instant: Date, zone: string): string {
  return wallClock(instant, zone).slice(0, 10);
}

/** The centre's 'HH:MM' at an instant. */
export function centreTime(instant: Date, zone: string): string {
  return wallClock(instant, zone).slice(11, 16);
}

/** The instant of a centre date and time ('2026-11-24', '09:30'). */
export function centreInstant(date: string, time: string, zone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const guess = wall - offsetMs(wall, zone);
  // Across a change of offset (daylight saving), the offset at the guess is the right one.
  return new Date(wall - offsetMs(guess, zone));
}

/** The last day sessions are held: the end date, or the day the course was closed if earlier. */
export function lastSessionDay(course: SessionCourse): string {
  return course.closed_on && course.closed_on < course.end_date ? course.closed_on : course.end_date;
}

/** The routine's sessions of a course, before any change, from `from` to `to` (both included). */
export function routineSessions(course: SessionCourse, from: string, to: string): Session[] {
  const first = from > course.start_date ? from : course.start_date;
  const lastDay = lastSessionDay(course);
  const last = to < lastDay ? to : lastDay;
  const sessions: Session[] = [];
  if (first > last) return sessions;
  const slots = new Map(course.routine.map((slot) => [slot.day, slot]));
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const slot = slots.get(weekdayOf(date));
    if (!slot) continue;
    sessions.push({
      date,
      original_date: date,
      day: slot.day,
      start_time: slot.start_time,
      end_time: slot.end_time,
      status: 'scheduled',
      reason: '',
    });
  }
  return sessions;
}

/**
 * The sessions of a course held or cancelled from `from` to `to` (both included), by date and time:
 * the routine's, with the changes applied. A moved session shows on its new date (its status
 * 'moved'), even when its routine date is outside the range; a cancelled one stays on its date.
 */
export function courseSessions(
  course: SessionCourse,
  changes: readonly SessionChange[],
  from: string,
  to: string,
): Session[] {
  const byDate = new Map(changes.map((change) => [change.session_date, change]));
  const sessions: Session[] = [];
  for (const session of routineSessions(course, from, to)) {
    const change = byDate.get(session.original_date);
    if (!change) sessions.push(session);
    else if (change.action === 'cancelled')
      sessions.push({ ...session, status: 'cancelled', reason: change.reason });
  }
  const routineDates = new Set(
    routineSessions(course, course.start_date, lastSessionDay(course)).map((s) => s.date),
  );
  for (const change of changes) {
    if (change.action !== 'moved' || !change.new_date || !change.start_time || !change.end_time) continue;
    if (!routineDates.has(change.session_date)) continue;
    if (change.new_date < from || change.new_date > to) continue;
    sessions.push({
      date: change.new_date,
      original_date: change.session_date,
      day: weekdayOf(change.new_date),
      start_time: change.start_time,
      end_time: change.end_time,
      status: 'moved',
      reason: change.reason,
    });
  }
  return sessions.sort((a, b) =>
    a.date === b.date ? a.start_time.localeCompare(b.start_time) : a.date.localeCompare(b.date),
  );
}

/** The sessions that take place (not cancelled) on `date`. */
export function sessionsOn(
  course: SessionCourse,
  changes: readonly SessionChange[],
  date: string,
): Session[] {
  return courseSessions(course, changes, date, date).filter((session) => session.status !== 'cancelled');
}

/** How many sessions take place (not cancelled) from the start up to `until` (included). */
export function heldSessionCount(
  course: SessionCourse,
  changes: readonly SessionChange[],
  until: string,
): number {
  return courseSessions(course, changes, course.start_date, until).filter((s) => s.status !== 'cancelled')
    .length;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The minutes the sessions last, together (a certificate's and a transcript's hours). */
export function sessionMinutes(sessions: readonly Pick<Session, 'start_time' | 'end_time'>[]): number {
  return sessions.reduce(
    (total, session) => total + Math.max(0, minutesOf(session.end_time) - minutesOf(session.start_time)),
    0,
  );
}
