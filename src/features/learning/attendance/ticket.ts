import type { AttendanceTicket } from '@contract/wire/attendance';
import { forgetCourseId, rememberCourseId } from '@/session/sign-in';

/**
 * A signed-out trainee's ticket is an httpOnly cookie the page cannot read. The page keeps only a
 * note that this browser holds one for a course, and until when by this browser's clock, with the
 * course id (spec section 4's `course_id`, which brings the login back to the attendance page).
 */
const TICKET_KEY = 'attendance_ticket';

interface TicketNote {
  course_id: number;
  /** Milliseconds since the epoch, by this browser's clock. */
  until: number;
}

/** Notes the ticket and keeps the course id. */
export function storeTicket(courseId: number, ticket: AttendanceTicket, now = Date.now()): void {
  const note: TicketNote = { course_id: courseId, until: now + ticket.expires_in * 1000 };
  try {
    localStorage.setItem(TICKET_KEY, JSON.stringify(note));
    rememberCourseId(String(courseId));
  } catch {
    // Storage refused (private mode): the attendance is given in this tab all the same.
  }
}

/** Whether this browser holds a ticket for the course that has not run out. */
export function hasStoredTicket(courseId: number, now = Date.now()): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(TICKET_KEY) ?? 'null');
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null) return false;
  const { course_id, until } = parsed as Partial<TicketNote>;
  return course_id === courseId && typeof until === 'number' && until > now;
}

/** Drops the note and the course id. */
export function forgetTicket(): void {
  try {
    localStorage.removeItem(TICKET_KEY);
    forgetCourseId();
  } catch {
    // Nothing was kept.
  }
}
