import {
  type AttendanceCode,
  type AttendanceCourseList,
  type AttendanceGiven,
  type AttendanceHistory,
  type AttendanceMarkInput,
  type AttendanceSheet,
  type AttendanceTicket,
  attendanceCodeSchema,
  attendanceCourseListSchema,
  attendanceGivenSchema,
  attendanceHistorySchema,
  attendanceSheetSchema,
  attendanceTicketSchema,
  type MakeAttendanceInput,
  type Roster,
  type RosterEntry,
  rosterEntrySchema,
  rosterSchema,
} from '@contract/wire/attendance';
import type { ApiClient } from './client';

/** GET /attendance/courses/: the trainer's approved courses with today's sessions. */
export function listAttendanceCourses(api: ApiClient): Promise<AttendanceCourseList> {
  return api.authed(attendanceCourseListSchema, '/attendance/courses/');
}

/** GET /attendance/courses/{id}/?date: who attended on a day (today when `date` is absent). */
export function getRoster(api: ApiClient, courseId: number, date?: string): Promise<Roster> {
  return api.authed(rosterSchema, `/attendance/courses/${courseId}/`, date ? { query: { date } } : {});
}

/** GET /attendance/courses/{id}/code/: today's current QR code. */
export function getAttendanceCode(api: ApiClient, courseId: number): Promise<AttendanceCode> {
  return api.authed(attendanceCodeSchema, `/attendance/courses/${courseId}/code/`);
}

/** POST /attendance/courses/{id}/marks/: marks a trainee present or absent by hand. */
export function markAttendance(
  api: ApiClient,
  courseId: number,
  input: AttendanceMarkInput,
): Promise<RosterEntry> {
  return api.authed(rosterEntrySchema, `/attendance/courses/${courseId}/marks/`, {
    method: 'POST',
    body: input,
  });
}

/** GET /attendance/courses/{id}/sheet/: every session held so far, by trainee. */
export function getAttendanceSheet(api: ApiClient, courseId: number): Promise<AttendanceSheet> {
  return api.authed(attendanceSheetSchema, `/attendance/courses/${courseId}/sheet/`);
}

/** POST /attendance/tickets/ (public): keeps a fresh code in this browser's cookie while its holder signs in. */
export function requestAttendanceTicket(
  api: ApiClient,
  courseId: number,
  code: string,
): Promise<AttendanceTicket> {
  return api.public(attendanceTicketSchema, '/attendance/tickets/', {
    method: 'POST',
    body: { course_id: courseId, code },
  });
}

/** POST /course/make-attendance/{courseId}/: gives the signed-in trainee's attendance (code, or this browser's ticket). */
export function makeAttendance(
  api: ApiClient,
  courseId: number,
  input: MakeAttendanceInput,
): Promise<AttendanceGiven> {
  return api.authed(attendanceGivenSchema, `/course/make-attendance/${courseId}/`, {
    method: 'POST',
    body: input,
  });
}

/** GET /attendance/history/: the trainee's attendance, per course. */
export function getAttendanceHistory(api: ApiClient): Promise<AttendanceHistory> {
  return api.authed(attendanceHistorySchema, '/attendance/history/');
}
