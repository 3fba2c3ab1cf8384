import * as z from 'zod/mini';
import { toLatinDigits } from './digits';
import { field, longerThan, required, validate } from './rules';

/**
 * Reviews and ratings of a course (spec sections 1, 3 "Review: rating and review text", 7
 * `POST /course/rating/`).
 *
 * The rule: a trainee may review a course they were enrolled in (enrolment `enrolled` or
 * `withdrawal_requested`) once the course has ended (its end date is past, or its trainer closed it:
 * SQL `course_ended(end_date, closed_at)`), whether or not they met its completion rule. One review
 * per course and trainee (`course_reviews`, migrations 015 and 020); it can be edited any time after:
 * the edit replaces the rating and the text, and `updated_at` changes ("edited" shows). The rating is
 * a whole number from 1 to 5 (typed digits may be Arabic-Indic); the text is required, 10 to 2000
 * characters once the spaces around it are trimmed, and is stored and answered as typed (trimmed):
 * the web app renders it as text, never as HTML. A review shows its reviewer as their first name and
 * the initial of their last name ("Noura A."), the rating, the text and the date of its last edit.
 *
 * Calls: `POST /course/rating/` (spec pact; trainee), `GET /course/{id}/reviews/?page&limit` (public)
 * and `GET /course/{id}/my-review/` (trainee), both in the extensions pact.
 */

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
/** Reviews a page of the public list holds: by default, and at most. */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_MAX_PAGE_SIZE = 20;

/** The review form's sentences (the dialog and the server say the same). */
export const REVIEWS_VALIDATION = {
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  ratingInvalid: 'The rating must be a whole number from 1 to 5',
  reviewRequired: 'Write your review',
  reviewTooShort: 'Your review must be at least 10 characters',
  reviewTooLong: 'Your review must be at most 2000 characters',
} as const;
export type ReviewsValidationMessage = (typeof REVIEWS_VALIDATION)[keyof typeof REVIEWS_VALIDATION];

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

/** Whether the text has fewer than `min` characters, counting each code point once. */
function shorterThan(value: string, min: number): boolean {
  let count = 0;
  for (const _ of value) if (++count >= min) return false;
  return true;
}

/** The rating as typed or sent ("4", "٤"): its whole number 1–5, or undefined. */
export function ratingOf(value: string): number | undefined {
  const text = toLatinDigits(value).trim();
  return /^[1-5]$/.test(text) ? Number(text) : undefined;
}

/** The review form: the rating (a star's number, as text) and the text. */
export const reviewFormSchema = z.object({
  rating: field<ReviewsValidationMessage>(required(REVIEWS_VALIDATION.ratingRequired), (value) =>
    ratingOf(value) === undefined ? REVIEWS_VALIDATION.ratingInvalid : null,
  ),
  review: field<ReviewsValidationMessage>(
    required(REVIEWS_VALIDATION.reviewRequired),
    (value) => (shorterThan(value.trim(), REVIEW_TEXT_MIN) ? REVIEWS_VALIDATION.reviewTooShort : null),
    (value) => (longerThan(value.trim(), REVIEW_TEXT_MAX) ? REVIEWS_VALIDATION.reviewTooLong : null),
  ),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;
export const REVIEW_FIELDS = ['rating', 'review'] as const;

/** Whether the form's values can be sent. */
export function reviewFormValid(values: ReviewForm): boolean {
  return Object.keys(validate(reviewFormSchema, values)).length === 0;
}

/** POST /course/rating/: the body. The rating may be a number or a string of digits (either system). */
export const reviewInputSchema = z.object({
  course_id: z.int().check(z.positive()),
  rating: z.optional(z.union([z.number(), z.string()])),
  review: z.optional(z.string()),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** One review as the course page shows it. */
export const reviewSchema = z.object({
  id: z.int(),
  course_id: z.int(),
  /** First name and the initial of the last name ("Noura A."). */
  reviewer: z.string(),
  rating: z.int().check(z.minimum(1), z.maximum(5)),
  review: z.string(),
  created_at: z.string(),
  /** The last edit (the creation when never edited): the list is ordered by it. */
  updated_at: z.string(),
  edited: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** POST /course/rating/: 201 with 'Thank you for your review', 200 with 'Your review has been updated'. */
export const reviewSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: reviewSchema,
});
export type ReviewSaved = z.infer<typeof reviewSavedSchema>;

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** How the ratings of a course add up. */
export const reviewSummarySchema = z.object({
  /** Mean rating to one decimal; null with no review. */
  average: z.nullable(z.number()),
  count: z.int(),
  /** How many reviews gave each rating, "1" to "5". */
  distribution: z.object({
    '1': z.int(),
    '2': z.int(),
    '3': z.int(),
    '4': z.int(),
    '5': z.int(),
  }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /course/{id}/reviews/?page&limit: newest first; `next` and `previous` are page numbers. */
export const reviewPageSchema = z.object({
  summary: reviewSummarySchema,
  results: z.array(reviewSchema),
  count: z.int(),
  next: z.nullable(z.int()),
  previous: z.nullable(z.int()),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** GET /course/{id}/my-review/: whether the trainee may review the course, why not, and their review. */
export const myReviewSchema = z.object({
  can_review: z.boolean(),
  /** The sentence saying why not (REVIEWS_MESSAGES); null when they may. */
  reason: z.nullable(z.string()),
  review: z.nullable(reviewSchema),
});
export type MyReview = z.infer<typeof myReviewSchema>;
