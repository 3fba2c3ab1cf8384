/**
 * Provider states of the trainer's records contracts (tests/pact/records.pact.test.ts), set up by
 * tests/provider/records-states.ts. Keep the wording stable: it is written into the pact files.
 */
export const RECORDS_STATES = {
  trainerHasHistory:
    'the trainer is signed in and has a completed course with attendance, grades and reviews, and a rejected one',
  trainerCourseUnderWay: 'the trainer is signed in and teaches an approved course under way',
  trainerCourseNotStarted: 'the trainer is signed in and teaches an approved course not started yet',
} as const;

/** Keys of what the records states return besides the access token: the course of the state. */
export const INJECTED_RECORDS = {
  courseId: 'recordsCourseId',
} as const;
