/**
 * Provider states of the trainer's course contracts (tests/pact/authoring-courses.pact.test.ts),
 * set up by tests/provider/authoring-course-states.ts. Keep the wording stable: it is written into
 * the pact files.
 */
export const AUTHORING_COURSE_STATES = {
  trainerHasPendingCourse: 'a trainer is signed in and has a course awaiting approval',
  trainerCourseHasTrainees: 'a trainer is signed in and has an approved course with a trainee enrolled',
  surveyCategoriesExist: 'evaluation survey categories exist',
  trainerCoursesDecided: "the admin approved one of the trainer's courses and then rejected another",
} as const;

/**
 * Keys of what the trainer's states return besides the access token: the course, its cover's
 * upload address (sent back to keep it), a category, and the trainer's own uploaded PNG.
 */
export const INJECTED_AUTHORING = {
  courseId: 'authoringCourseId',
  courseCover: 'authoringCourseCover',
  categoryId: 'authoringCategoryId',
  newCover: 'authoringNewCover',
} as const;

/** An approved trainer other than the signed-in one, whom the facilitator search finds. */
export const FACILITATOR_EMAIL = 'hessa.aldossary@example.com';
