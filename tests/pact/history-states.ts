/**
 * Provider states of the trainee's course history contracts (tests/pact/history.pact.test.ts), set up
 * by tests/provider/history-states.ts. Keep the wording stable: it is written into the pact files.
 */
export const HISTORY_STATES = {
  traineeHasHistory:
    'the demo trainee is signed in with ongoing courses, an ended course she completed, a course she left and a cash payment waiting',
  traineeWithoutEndedCourse: 'a trainee is signed in whose only course has not ended',
} as const;

/** Keys of what the history states return besides the access token. */
export const INJECTED_HISTORY = {
  /** The ended course the trainee completed. */
  completedCourseId: 'historyCompletedCourseId',
  /** A course under way the trainee is enrolled in. */
  ongoingCourseId: 'historyOngoingCourseId',
} as const;
