import { toLatinDigits } from '@contract/domain/digits';
import { field, longerThan, required, validate } from '@contract/forms/rules';
import * as z from 'zod/mini';

/** The review form (the rule and the calls: wire/reviews.ts), checked by the dialog and the server alike. */

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;

/** The review form's sentences (the dialog and the server say the same). */
export const REVIEWS_VALIDATION = {
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  ratingInvalid: 'The rating must be a whole number from 1 to 5',
  reviewRequired: 'Write your review',
  reviewTooShort: 'Your review must be at least 10 characters',
  reviewTooLong: 'Your review must be at most 2000 characters',
} as const;
export type ReviewsValidationMessage = (typeof REVIEWS_VALIDATION)[keyof typeof REVIEWS_VALIDATION];

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
