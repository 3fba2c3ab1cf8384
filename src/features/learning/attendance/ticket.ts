import type { AttendanceTicket } from '@contract/wire/attendance';
import { forgetCourseId, rememberCourseId } from '@/session/sign-in';

/**
 * The ticket a signed-out trainee got for a fresh code, kept in this browser with the course id
 * (spec section 4's `course_id`, which brings the login back to the attendance page) while they
 * sign in.
 */
const TICKET_KEY = 'attendance_ticket';

interface StoredTicket {
  course_id: number;
  ticket: string;
  expires_at: string;
}

/** Keeps the ticket and the course id. */
export function storeTicket(courseId: number, ticket: AttendanceTicket): void {
  const stored: StoredTicket = { course_id: courseId, ...ticket };
  try {
    localStorage.setItem(TICKET_KEY, JSON.stringify(stored));
    rememberCourseId(String(courseId));
  } catch {
    // Storage refused (private mode): the attendance is given in this tab all the same.
  }
}

/** The kept ticket of this course, unless it has run out. */
export function storedTicket(courseId: number, now = Date.now()): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(TICKET_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { course_id, ticket, expires_at } = parsed as Partial<StoredTicket>;
  if (course_id !== courseId || typeof ticket !== 'string' || typeof expires_at !== 'string') return null;
  return Date.parse(expires_at) > now ? ticket : null;
}

/** Drops the kept ticket and course id. */
export function forgetTicket(): void {
  try {
    localStorage.removeItem(TICKET_KEY);
    forgetCourseId();
  } catch {
    // Nothing was kept.
  }
}
