import { sessionSchema } from '@contract/wire/sessions';
import * as z from 'zod/mini';

/**
 * Attendance (spec sections 1, 2, 3, 4 and 8): the trainer shows a QR code for
 * `/trainee/make-attendance/{courseId}?code=…`; the code is signed by the server and changes every
 * ATTENDANCE_STEP_SECONDS, the one before it still accepted (one step of grace). An enrolled trainee
 * who opens it on a day the course has a session is marked Present. Someone signed out first turns
 * the fresh code into a ticket, signs in, and gives attendance with the ticket. The ticket belongs to
 * the browser that scanned: the server keeps it in an httpOnly cookie (never in a body), it ends
 * with the code's grace, and it is used once. The trainer also marks people present or absent by
 * hand, and exports or prints the sheet. A session that has ended with no mark for an enrolled
 * trainee counts as Absent.
 *
 * Only the spec's `/trainee/make-attendance/{id}` route is known; the calls are the extensions
 * pact's: `GET /attendance/courses/`, `GET /attendance/courses/{id}/?date`,
 * `GET /attendance/courses/{id}/code/`, `POST /attendance/courses/{id}/marks/`,
 * `GET /attendance/courses/{id}/sheet/`, `POST /attendance/tickets/`,
 * `POST /course/make-attendance/{id}/` and `GET /attendance/history/`, and the live message
 * `attendance_marked` on `/ws/notifications`. The two times: domain/attendance.ts; the sentences:
 * messages/attendance.ts.
 */

export const attendanceStatusSchema = z.enum(['Present', 'Absent']);
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;
export const attendanceSourceSchema = z.enum(['qr', 'trainer']);

/** GET /attendance/courses/ (trainer, facilitator): approved courses, with today's sessions. */
export const attendanceCourseSchema = z.object({
  course_id: z.number(),
  title: z.string(),
  title_ar: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Today's sessions that take place (not cancelled), by time. */
  today: z.array(sessionSchema),
  /** The next day with a session after today, if any. */
  next_date: z.nullable(z.string()),
});
export type AttendanceCourse = z.infer<typeof attendanceCourseSchema>;
export const attendanceCourseListSchema = z.object({
  /** The centre's date today. */
  today: z.string(),
  results: z.array(attendanceCourseSchema),
});
export type AttendanceCourseList = z.infer<typeof attendanceCourseListSchema>;

/** One enrolled trainee on a session day; `status` null: not marked yet. */
export const rosterEntrySchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.nullable(attendanceStatusSchema),
  marked_by: z.nullable(attendanceSourceSchema),
  marked_at: z.nullable(z.string()),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** GET /attendance/courses/{id}/?date=YYYY-MM-DD (today when absent): who attended that day. */
export const rosterSchema = z.object({
  course_id: z.number(),
  title: z.string(),
  title_ar: z.string(),
  date: z.string(),
  today: z.string(),
  /** The session held that day (not cancelled), or null. */
  session: z.nullable(sessionSchema),
  present: z.number(),
  enrolled: z.number(),
  trainees: z.array(rosterEntrySchema),
});
export type Roster = z.infer<typeof rosterSchema>;

/** GET /attendance/courses/{id}/code/: today's current code (trainer, facilitator; 404 no session). */
export const attendanceCodeSchema = z.object({
  course_id: z.number(),
  date: z.string(),
  code: z.string(),
  step_seconds: z.number(),
  /** When this code stops being the current one (the next is then fetched). */
  expires_at: z.string(),
  server_time: z.string(),
});
export type AttendanceCode = z.infer<typeof attendanceCodeSchema>;

/** POST /attendance/courses/{id}/marks/: a mark by hand, on a session day up to today. */
export const attendanceMarkInputSchema = z.object({
  user_id: z.int().check(z.positive()),
  date: z.string(),
  status: attendanceStatusSchema,
});
export type AttendanceMarkInput = z.infer<typeof attendanceMarkInputSchema>;

/** GET /attendance/courses/{id}/sheet/: every session held up to today, by trainee (export, print). */
export const attendanceSheetSchema = z.object({
  course_id: z.number(),
  title: z.string(),
  title_ar: z.string(),
  today: z.string(),
  sessions: z.array(sessionSchema),
  trainees: z.array(
    z.object({
      user_id: z.number(),
      name: z.string(),
      email: z.string(),
      /** One per session, in the order of `sessions`; null: today's, not marked yet. */
      marks: z.array(z.nullable(attendanceStatusSchema)),
      present: z.number(),
    }),
  ),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;

/**
 * POST /attendance/tickets/ (public): a fresh code for someone who must sign in first. The ticket
 * itself goes in an httpOnly cookie (ATTENDANCE_TICKET_COOKIE) scoped to the course's
 * make-attendance call; the body only says how long it lasts.
 */
export const attendanceTicketInputSchema = z.object({
  course_id: z.int().check(z.positive()),
  code: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const attendanceTicketSchema = z.object({
  expires_at: z.string(),
  /** Seconds from now until it ends (the code's grace): the browser's clock need not agree. */
  expires_in: z.number(),
});
export const ATTENDANCE_TICKET_COOKIE = 'attendance_ticket';
export type AttendanceTicket = z.infer<typeof attendanceTicketSchema>;

/**
 * POST /course/make-attendance/{courseId}/: with the QR's code, or `{ticket: true}`: the ticket this
 * browser's cookie holds.
 */
export const makeAttendanceInputSchema = z.union([
  z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) }),
  z.object({ ticket: z.literal(true) }),
]);
export type MakeAttendanceInput = z.infer<typeof makeAttendanceInputSchema>;
export const attendanceGivenSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  course_id: z.number(),
  date: z.string(),
});
export type AttendanceGiven = z.infer<typeof attendanceGivenSchema>;

/** GET /attendance/history/ (trainee): per course, each session held so far, Present or Absent. */
export const attendanceHistorySchema = z.object({
  results: z.array(
    z.object({
      course_id: z.number(),
      title: z.string(),
      title_ar: z.string(),
      present: z.number(),
      held: z.number(),
      sessions: z.array(
        z.object({
          date: z.string(),
          start_time: z.string(),
          end_time: z.string(),
          status: attendanceStatusSchema,
        }),
      ),
    }),
  ),
});
export type AttendanceHistory = z.infer<typeof attendanceHistorySchema>;

/** Server → the course's trainer and facilitators on /ws/notifications: someone was marked. */
export const attendanceMarkedMessageSchema = z.object({
  type: z.literal('attendance_marked'),
  course_id: z.number(),
  date: z.string(),
  present: z.number(),
});
export type AttendanceMarkedMessage = z.infer<typeof attendanceMarkedMessageSchema>;
