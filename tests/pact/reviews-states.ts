/**
 * Provider states of the reviews contracts (tests/pact/reviews.pact.test.ts), set up by
 * tests/provider/reviews-states.ts. Keep the wording stable: it is written into the pact files.
 */
export const REVIEWS_STATES = {
  traineeMayReview: 'the trainee is signed in and took a course that has ended, without reviewing it yet',
  traineeReviewed: 'the trainee is signed in and has reviewed a course that has ended',
  traineeCourseNotEnded: 'the trainee is signed in and takes a course that has not ended',
  courseHasReviews: 'a published course has reviews',
} as const;

/** Keys of what the reviews states return besides the access token: the course of the state. */
export const INJECTED_REVIEWS = {
  courseId: 'reviewsCourseId',
} as const;
