/**
 * Provider states of the class, assignment and quiz contracts (tests/pact/authoring-classes.pact.test.ts),
 * set up by tests/provider/authoring-class-states.ts. Keep the wording stable: it is written into
 * the pact files the backend team reads.
 */
export const CLASS_STATES = {
  trainerTeachesApprovedCourse:
    'the trainer is signed in and teaches an approved course with a class in every week and a quiz',
  trainerCourseAwaitingApproval: "the trainer is signed in and the trainer's course awaits approval",
  trainerQuizTaken: "a trainee has taken the trainer's quiz",
} as const;

/**
 * Keys of what the class states return besides the access token: the course, its text class of
 * week 1, its quiz (three questions of 2, 5 and 3 marks), and the address of a video the trainer
 * uploaded but has not attached yet.
 */
export const INJECTED_CLASS = {
  courseId: 'classCourseId',
  classLectureId: 'classLectureId',
  quizLectureId: 'classQuizLectureId',
  videoAddress: 'videoAddress',
} as const;
