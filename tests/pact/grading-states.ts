/**
 * Provider states of the grading contracts (tests/pact/grading.pact.test.ts), set up by
 * tests/provider/grading-states.ts. Keep the wording stable: it is written into the pact files the
 * backend team reads.
 */
export const GRADING_STATES = {
  trainerHasWorkToGrade:
    "the trainer is signed in and a trainee's assignment waits for a grade in the trainer's course with a quiz",
} as const;

/**
 * Keys of what the grading state returns besides the access token: the course, its assignment and
 * quiz, and the submission waiting for a grade.
 */
export const INJECTED_GRADING = {
  courseId: 'gradingCourseId',
  assignmentId: 'gradingAssignmentId',
  quizId: 'gradingQuizId',
  submissionId: 'gradingSubmissionId',
} as const;
