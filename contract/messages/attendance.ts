/** Attendance (the calls: wire/attendance.ts). */

/** Sentences the server sends (spec section 8's, then the product's own). */
export const ATTENDANCE_MESSAGES = {
  given: 'You have Given your attendance Successfully!',
  already: 'You already have given your attendance.',
  noClass: 'No available Class for Today!',
  expired: 'This code has expired. Scan the code on the screen again.',
  invalid: 'This attendance code is not valid. Scan the code on the screen again.',
  notEnrolled: 'You are not enrolled in this course, so you cannot give attendance for it.',
  traineesOnly: 'Only trainees give attendance.',
  notTrainee: 'This person is not a trainee of this course.',
  notSessionDay: 'This course has no session on that day.',
  futureSession: 'Attendance cannot be marked before the session day.',
  marked: 'Attendance saved',
  otherDevice:
    'This attendance code was scanned on another device. Scan the code on the screen with your own device.',
  ticketUsed: 'This attendance code has already been used. Scan the code on the screen again.',
} as const;
