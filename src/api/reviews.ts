import {
  type MyReview,
  myReviewSchema,
  type ReviewInput,
  type ReviewPage,
  type ReviewSaved,
  reviewPageSchema,
  reviewSavedSchema,
} from '@contract/wire/reviews';
import type { ApiClient } from './client';

/** GET /course/{id}/reviews/?page&limit (public): the summary and one page of reviews, newest first. */
export function listReviews(
  api: ApiClient,
  courseId: number,
  query: { page?: number; limit?: number } = {},
): Promise<ReviewPage> {
  return api.public(reviewPageSchema, `/course/${courseId}/reviews/`, {
    query: { page: query.page, limit: query.limit },
  });
}

/** GET /course/{id}/my-review/ (trainee): whether they may review the course, why not, their review. */
export function getMyReview(api: ApiClient, courseId: number): Promise<MyReview> {
  return api.authed(myReviewSchema, `/course/${courseId}/my-review/`);
}

/** POST /course/rating/ (spec section 7): writes the trainee's review of the course, or replaces it. */
export function saveReview(api: ApiClient, input: ReviewInput): Promise<ReviewSaved> {
  return api.authed(reviewSavedSchema, '/course/rating/', { method: 'POST', body: input });
}
