/**
 * Provider states of the attendance contracts (tests/pact/attendance.pact.test.ts), set up by
 * tests/provider/attendance-states.ts. Keep the wording stable: it is written into the pact files
 * the backend team reads. Each state's course is held every day from 00:00 to 23:59 (Asia/Riyadh)
 * unless its name says there is no session today.
 */
export const ATTENDANCE_STATES = {
  trainerRunsSession:
    'the trainer is signed in and teaches a course with a session today and an enrolled trainee',
  trainerSessionMarked:
    "the trainer is signed in and teaches a course whose trainee was marked present at today's session",
  trainerCourseWithoutSessionToday: 'the trainer is signed in and teaches a course with no session today',
  traineeAtSession: 'the trainee is signed in and enrolled in a course with a session today',
  traineeAlreadyPresent: "the trainee has already given attendance at today's session",
  traineeWithoutSessionToday: 'the trainee is signed in and enrolled in a course with no session today',
  traineeNotEnrolled: 'the trainee is signed in and not enrolled in a course with a session today',
  traineeHasAttendance: 'the trainee has attendance in a course: one session present, one absent',
} as const;

/** Keys of what the attendance states return besides the access token. */
export const INJECTED_ATTENDANCE = {
  courseId: 'attendanceCourseId',
  /** The enrolled trainee (trainer states). */
  traineeId: 'attendanceTraineeId',
  /** The centre's date today. */
  date: 'attendanceDate',
  /** The course's current QR code. */
  code: 'attendanceCode',
  /** A code of the course from before the last rotation but one: expired. */
  expiredCode: 'attendanceExpiredCode',
  /** The Cookie header of the browser that turned the current code into a ticket before signing in. */
  ticketCookie: 'attendanceTicketCookie',
} as const;

/** The live message's description in the pact. */
export const ATTENDANCE_MESSAGE = 'an attendance marked message' as const;
