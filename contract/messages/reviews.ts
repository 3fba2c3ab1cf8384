/** Reviews and ratings of a course (the rule and the calls: wire/reviews.ts). */

/** The server's sentences about reviews. */
export const REVIEWS_MESSAGES = {
  created: 'Thank you for your review',
  updated: 'Your review has been updated',
  notEnded: 'You can review a course once it has ended',
  notTrainee: 'Only trainees of this course can review it',
  malformed: 'A review needs a course, a rating and a text',
  limitInvalid: 'limit must be a whole number from 1 to 20',
} as const;
export type ReviewsMessage = (typeof REVIEWS_MESSAGES)[keyof typeof REVIEWS_MESSAGES];
