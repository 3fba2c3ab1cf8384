/** The trainer's schedule (the calls: wire/schedule.ts). */

/** Sentences the server sends, translated by the web app. */
export const SCHEDULE_MESSAGES = {
  weekInvalid: 'Choose a week by one of its dates, such as 2026-11-21',
  notASession: 'This course has no session on that date',
  alreadyChanged: 'This session has already been cancelled or moved: restore it first',
  notChanged: 'This session has not been cancelled or moved',
  sessionEnded: 'This session has ended, so it can no longer be changed',
  reasonRequired: 'Give the reason, at most 300 characters',
  dateInvalid: 'Enter a date such as 2026-11-24',
  timeInvalid: 'Enter a time such as 09:00',
  endAfterStart: 'The class must end after it starts',
  newDateOutside: "The new date must be within the course's dates",
  newDateTaken: 'The course already has a session on that date',
  newTimePast: 'The new time has already passed',
  cancelled: 'The session has been cancelled',
  moved: 'The session has been moved',
  restored: 'The session has been restored',
} as const;
export type ScheduleMessage = (typeof SCHEDULE_MESSAGES)[keyof typeof SCHEDULE_MESSAGES];
