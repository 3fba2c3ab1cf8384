/** Attendance by QR code (the calls: wire/attendance.ts). */

/** The QR code's life: a new one every 15 seconds (Moodle's rotating QR default). */
export const ATTENDANCE_STEP_SECONDS = 15;
/** How long a signed-out trainee has to sign in after opening a fresh code. */
export const ATTENDANCE_TICKET_SECONDS = 300;
