/** The trainee's course history (the calls: wire/history.ts). */

/** Sentences the server sends about the history and its documents (translated with the account screens). */
export const HISTORY_MESSAGES = {
  noEndedCourse: 'Your transcript lists the courses that have ended. None of yours has ended yet',
  notEnded: 'The certificate can be had once the course has ended',
  notCompleted: 'The certificate is for trainees who met the course’s completion rule',
  notYourCourse: 'You are not enrolled in this course',
  leftCourse: 'You left this course, so it has no certificate',
  revoked: 'This certificate has been revoked',
  giveCourse: 'Give the id of a course',
  cannotPrint: 'The document cannot be made into a PDF right now. Try again later',
} as const;
export type HistoryMessage = (typeof HISTORY_MESSAGES)[keyof typeof HISTORY_MESSAGES];
