import { REVIEW_FIELDS, ratingOf, reviewFormSchema } from '@contract/forms/reviews';
import { REVIEWS_MESSAGES } from '@contract/messages/reviews';
import {
  REVIEWS_MAX_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  type ReviewSaved,
  reviewInputSchema,
} from '@contract/wire/reviews';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { type PageSizes, pageQuery } from '../paging';
import { formDetails, jsonBody, validId } from '../validation';
import { myReview, reviewPage, saveReview } from './queries';

/** The public list's pages: 5 reviews unless asked for up to 20. */
const REVIEW_PAGES: PageSizes = {
  default: REVIEWS_PAGE_SIZE,
  max: REVIEWS_MAX_PAGE_SIZE,
  limitInvalid: REVIEWS_MESSAGES.limitInvalid,
};

/**
 * Reviews and ratings (contract/wire/reviews.ts): the trainee's review (`POST /course/rating/`, spec
 * section 7), a course's public reviews with their summary, and the trainee's standing for the form.
 */
export function reviewRoutes({ db, tokens, limiter }: Deps): Mounts {
  const trainee = [requireAuth(db, tokens), requireRole('TRAINEE')] as const;

  const ratings = new Hono<AppEnv>();
  ratings.post('/', ...trainee, jsonBody(reviewInputSchema, REVIEWS_MESSAGES.malformed), async (c) => {
    const user = c.get('user');
    const body = c.req.valid('json');
    const values = {
      rating: body.rating === undefined ? '' : String(body.rating),
      review: body.review ?? '',
    };
    const details = formDetails(reviewFormSchema, values, REVIEW_FIELDS);
    const rating = ratingOf(values.rating);
    if (details.length > 0 || rating === undefined) throw new HttpProblem(400, details);
    await limiter.consume('reviewAccount', String(user.id));
    const { review, created } = await db.transaction((tx) =>
      saveReview(tx, body.course_id, user.id, rating, values.review.trim()),
    );
    const answer: ReviewSaved = {
      success: true,
      message: created ? REVIEWS_MESSAGES.created : REVIEWS_MESSAGES.updated,
      data: review,
    };
    return c.json(answer, created ? 201 : 200);
  });

  // Mounted at /course/:id/reviews/ and /course/:id/my-review/: the id is the course's.
  const reviews = new Hono<AppEnv>();
  reviews.get('/', validId(), pageQuery(REVIEW_PAGES), async (c) => {
    const { page, limit } = c.req.valid('query');
    return c.json(await reviewPage(db, c.req.valid('param').id, page, limit));
  });

  const myReviews = new Hono<AppEnv>();
  myReviews.get('/', ...trainee, validId(), async (c) => {
    return c.json(await myReview(db, c.req.valid('param').id, c.get('user').id));
  });

  return [
    ['/course/rating/', ratings],
    ['/course/:id/reviews/', reviews],
    ['/course/:id/my-review/', myReviews],
  ];
}
