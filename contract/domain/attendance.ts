/** Attendance by QR code (the calls: wire/attendance.ts). */

/** The QR code's life: a new one every 15 seconds (Moodle's rotating QR default). */
export const ATTENDANCE_STEP_SECONDS = 15;
/**
 * A code is accepted in its own step and the next one (one step of grace). A ticket made from it
 * (a signed-out trainee's, kept while they sign in) ends with that grace too.
 */
export const ATTENDANCE_GRACE_STEPS = 1;
