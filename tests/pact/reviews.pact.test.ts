import { REVIEWS_VALIDATION } from '@contract/forms/reviews';
import { REVIEWS_MESSAGES } from '@contract/messages/reviews';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getMyReview, listReviews, saveReview } from '../../src/api/reviews';
import { expectRefusal, interaction, signedIn } from './interactions';
import { INJECTED_REVIEWS, REVIEWS_STATES } from './reviews-states';
import {
  apiPath,
  JSON_CONTENT,
  PROVIDERS,
  pactWith,
  pathWithId,
  signedInClient,
  signedOutClient,
} from './support';

const { like, eachLike, integer, number, boolean, regex, fromProviderState } = MatchersV3;

// POST /course/rating/ is named in the specification; reading reviews is the product's own.
const spec = pactWith(PROVIDERS.api);
const extensions = pactWith(PROVIDERS.extensions);

const INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
const EXAMPLE_COURSE = 47;
const UNKNOWN_COURSE = 2_000_000_000;

const courseIdOfState = () => fromProviderState(`\${${INJECTED_REVIEWS.courseId}}`, EXAMPLE_COURSE);
const coursePath = (template: (id: string) => string) =>
  pathWithId(template, INJECTED_REVIEWS.courseId, EXAMPLE_COURSE);

const review = (more: { rating?: number; text?: string; edited?: boolean } = {}) => ({
  id: integer(12),
  course_id: courseIdOfState(),
  reviewer: like('Sara A.'),
  rating: integer(more.rating ?? 4),
  review: like(more.text ?? 'Clear lessons and useful templates.'),
  created_at: regex(INSTANT, '2026-11-20T10:00:00.000Z'),
  updated_at: regex(INSTANT, '2026-11-24T08:00:00.000Z'),
  edited: boolean(more.edited ?? false),
});

const body = (rating: number | string, text: string) => ({
  course_id: courseIdOfState(),
  rating,
  review: text,
});

describe('Reviews contract: POST /course/rating/', () => {
  it('writes the trainee’s first review of a course that has ended (201)', async () => {
    const text = 'Clear lessons and useful templates.';
    await signedIn(
      spec,
      REVIEWS_STATES.traineeMayReview,
      'a trainee’s first review of a course that has ended',
    )
      .sends('POST', apiPath('/course/rating/'), body('4', text))
      .answers(201, {
        success: true,
        message: REVIEWS_MESSAGES.created,
        data: { ...review({ text }), review: text },
      })
      .executeTest(async (mockServer) => {
        const saved = await saveReview(signedInClient(mockServer), {
          course_id: EXAMPLE_COURSE,
          rating: '4',
          review: text,
        });
        expect(saved.message).toBe(REVIEWS_MESSAGES.created);
        expect(saved.data.review).toBe(text);
      });
  });

  it('replaces the review with one rated in Arabic-Indic digits (200)', async () => {
    const text = 'Better on a second look.';
    await signedIn(
      spec,
      REVIEWS_STATES.traineeReviewed,
      'a trainee’s edit of their review, rated in Arabic-Indic digits',
    )
      .sends('POST', apiPath('/course/rating/'), body('٥', text))
      .answers(200, {
        success: true,
        message: REVIEWS_MESSAGES.updated,
        data: { ...review({ rating: 5, edited: true }), rating: 5, review: text, edited: true },
      })
      .executeTest(async (mockServer) => {
        const saved = await saveReview(signedInClient(mockServer), {
          course_id: EXAMPLE_COURSE,
          rating: '٥',
          review: text,
        });
        expect(saved.data).toMatchObject({ rating: 5, edited: true });
      });
  });

  it('says what is wrong with each field (400)', async () => {
    await signedIn(
      spec,
      REVIEWS_STATES.traineeMayReview,
      'a review without a rating and with too short a text',
    )
      .sends('POST', apiPath('/course/rating/'), body('', 'Short'))
      .answers(400, {
        success: false,
        details: [
          { field: 'rating', message: REVIEWS_VALIDATION.ratingRequired },
          { field: 'review', message: REVIEWS_VALIDATION.reviewTooShort },
        ],
      })
      .executeTest(async (mockServer) => {
        await expectRefusal(
          saveReview(signedInClient(mockServer), { course_id: EXAMPLE_COURSE, rating: '', review: 'Short' }),
          400,
          REVIEWS_VALIDATION.ratingRequired,
        );
      });
  });

  it('refuses a review of a course that has not ended (403)', async () => {
    await signedIn(spec, REVIEWS_STATES.traineeCourseNotEnded, 'a review of a course that has not ended')
      .sends('POST', apiPath('/course/rating/'), body('5', 'Great so far, I am learning a lot.'))
      .refuses(403, REVIEWS_MESSAGES.notEnded)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          saveReview(signedInClient(mockServer), {
            course_id: EXAMPLE_COURSE,
            rating: '5',
            review: 'Great so far, I am learning a lot.',
          }),
          403,
          REVIEWS_MESSAGES.notEnded,
        );
      });
  });
});

describe('Reviews contract: GET /course/{id}/reviews/', () => {
  it('gives the summary and the first page, newest first', async () => {
    await extensions
      .addInteraction()
      .given(REVIEWS_STATES.courseHasReviews)
      .uponReceiving('a request for a course’s reviews')
      .withRequest(
        'GET',
        coursePath((id) => `/course/${id}/reviews/`),
        (b) => b.query({ page: '1', limit: '5' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          summary: {
            average: number(4),
            count: integer(5),
            distribution: { 1: integer(0), 2: integer(0), 3: integer(1), 4: integer(3), 5: integer(1) },
          },
          results: eachLike(review()),
          count: integer(5),
          next: null,
          previous: null,
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await listReviews(signedOutClient(mockServer), EXAMPLE_COURSE, { page: 1, limit: 5 });
        expect(page.summary.count).toBe(5);
        expect(page.results[0]?.rating).toBe(4);
      });
  });

  it('finds no unknown course (404)', async () => {
    await interaction(
      extensions,
      REVIEWS_STATES.courseHasReviews,
      'a request for the reviews of an unknown course',
    )
      .sends('GET', apiPath(`/course/${UNKNOWN_COURSE}/reviews/`))
      .refuses(404, SERVER_MESSAGES.notFound)
      .executeTest(async (mockServer) => {
        await expectRefusal(listReviews(signedOutClient(mockServer), UNKNOWN_COURSE), 404);
      });
  });
});

describe('Reviews contract: GET /course/{id}/my-review/', () => {
  it('says the trainee may review a course that has ended, with their review', async () => {
    await signedIn(
      extensions,
      REVIEWS_STATES.traineeReviewed,
      'a request for the trainee’s review of a course that has ended',
    )
      .sends(
        'GET',
        coursePath((id) => `/course/${id}/my-review/`),
      )
      .answers(200, { can_review: true, reason: null, review: review() })
      .executeTest(async (mockServer) => {
        const mine = await getMyReview(signedInClient(mockServer), EXAMPLE_COURSE);
        expect(mine.can_review).toBe(true);
        expect(mine.review?.rating).toBe(4);
      });
  });

  it('gives the reason a trainee may not review a course yet', async () => {
    await signedIn(
      extensions,
      REVIEWS_STATES.traineeCourseNotEnded,
      'a request for the trainee’s review of a course that has not ended',
    )
      .sends(
        'GET',
        coursePath((id) => `/course/${id}/my-review/`),
      )
      .answers(200, { can_review: false, reason: REVIEWS_MESSAGES.notEnded, review: null })
      .executeTest(async (mockServer) => {
        const mine = await getMyReview(signedInClient(mockServer), EXAMPLE_COURSE);
        expect(mine).toEqual({ can_review: false, reason: REVIEWS_MESSAGES.notEnded, review: null });
      });
  });
});
