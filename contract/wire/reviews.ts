import * as z from 'zod/mini';

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
 * and `GET /course/{id}/my-review/` (trainee), both in the extensions pact. The form:
 * forms/reviews.ts; the sentences: messages/reviews.ts.
 */

/** Reviews a page of the public list holds: by default, and at most. */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_MAX_PAGE_SIZE = 20;

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
