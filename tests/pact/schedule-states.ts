/**
 * Provider states of the schedule and calendar feed contracts (tests/pact/schedule.pact.test.ts),
 * set up by tests/provider/schedule-states.ts. Keep the wording stable: it is written into the pact
 * files the backend team reads.
 */
export const SCHEDULE_STATES = {
  trainerWeek:
    'the trainer is signed in and runs an approved course meeting every day, with a trainee enrolled and one session cancelled',
  traineeFeed: 'the trainee is signed in, enrolled in a course with sessions, and has a calendar feed',
} as const;

/**
 * Keys of what the schedule states return besides the access token: the course, a date of next
 * week (the week asked for), a session still to come with no change, the cancelled session's date,
 * and the path of the trainee's feed (`/calendar/{secret}.ics`).
 */
export const INJECTED_SCHEDULE = {
  courseId: 'scheduleCourseId',
  week: 'scheduleWeek',
  upcomingDate: 'scheduleUpcomingDate',
  takenDate: 'scheduleTakenDate',
  cancelledDate: 'scheduleCancelledDate',
  feedPath: 'feedPath',
} as const;
