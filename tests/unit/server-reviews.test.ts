import { REVIEWS_VALIDATION } from '@contract/forms/reviews';
import { REVIEWS_MESSAGES } from '@contract/messages/reviews';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { myReviewSchema, reviewPageSchema, reviewSavedSchema } from '@contract/wire/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTHORING_COURSES } from '../../server/authoring/course-seed';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { RATE_LIMITS } from '../../server/rate-limits';
import { RECORD_COURSES } from '../../server/records/seed';
import { reviewerName } from '../../server/reviews/queries';
import { seedReviews } from '../../server/reviews/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { courseIdBySlug, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';

let server: TestServer;
let endedCourse: number;
let closedCourse: number;
let ongoingCourse: number;

const api = (path: string) => `${server.url}/api/v1${path}`;

function post(token: string | undefined, body: unknown): Promise<Response> {
  return fetch(api('/course/rating/'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function reviews(courseId: number, query = '') {
  const response = await fetch(api(`/course/${courseId}/reviews/${query}`));
  expect(response.status).toBe(200);
  return reviewPageSchema.parse(await response.json());
}

async function mine(token: string, courseId: number) {
  const response = await fetch(api(`/course/${courseId}/my-review/`), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return myReviewSchema.parse(await response.json());
}

/** A trainee of the test's own with an enrolment of `status` in the course. */
async function traineeOf(courseId: number, status = 'enrolled') {
  const trainee = await signedInTrainee(server, 'reviewer');
  await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, $3)`, [
    trainee.user.id,
    courseId,
    status,
  ]);
  return trainee;
}

async function details(response: Response): Promise<{ field?: string; message: string }[]> {
  return ((await response.json()) as { details: { field?: string; message: string }[] }).details;
}

beforeAll(async () => {
  server = await startTestServer({
    rateLimits: { ...RATE_LIMITS, reviewAccount: { ...RATE_LIMITS.reviewAccount, max: 4 } },
  });
  endedCourse = await courseIdBySlug(server, RECORD_COURSES.completed.slug);
  closedCourse = await courseIdBySlug(server, RECORD_COURSES.closed.slug);
  ongoingCourse = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
});

afterAll(async () => {
  await server.close();
});

describe('reviewer names', () => {
  it('shows the first name and the initial of the last', () => {
    expect(reviewerName('Noura Al-Harbi')).toBe('Noura A.');
    expect(reviewerName('  Sara   bint Ali al-Qahtani ')).toBe('Sara A.');
    expect(reviewerName('سارة القحطاني')).toBe('سارة ا.');
    expect(reviewerName('Madonna')).toBe('Madonna');
  });
});

describe('the seeded reviews', () => {
  it('has five classmates on Project Management Essentials and none by the demo trainee', async () => {
    const page = await reviews(endedCourse);
    expect(page.count).toBe(5);
    // Ratings 4, 3, 5, 4, 4: mean 4.0.
    expect(page.summary).toEqual({ average: 4, count: 5, distribution: { 1: 0, 2: 0, 3: 1, 4: 3, 5: 1 } });
    const demo = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
    const { rows } = await server.db.query(
      'SELECT 1 FROM course_reviews WHERE course_id = $1 AND user_id = $2',
      [endedCourse, demo?.id],
    );
    expect(rows).toHaveLength(0);
    expect(page.results.every((review) => !review.edited)).toBe(true);
  });

  it('seeds a few on the closed course, once', async () => {
    await seedReviews(server.db);
    const page = await reviews(closedCourse);
    expect(page.count).toBe(3);
    // 5, 4 and 3.
    expect(page.summary).toMatchObject({ average: 4, distribution: { 3: 1, 4: 1, 5: 1 } });
  });
});

describe('the public list', () => {
  it('pages newest first with the default of five, at most twenty', async () => {
    // Two more reviews of the ended course: seven in all.
    for (const rating of [2, 1]) {
      const { token } = await traineeOf(endedCourse);
      expect(
        (await post(token, { course_id: endedCourse, rating, review: `Rated ${rating} of five.` })).status,
      ).toBe(201);
    }
    const first = await reviews(endedCourse);
    expect(first.results).toHaveLength(5);
    expect(first).toMatchObject({ next: 2, previous: null, count: 7 });
    expect(first.results[0]?.review).toBe('Rated 1 of five.');
    const second = await reviews(endedCourse, '?page=2');
    expect(second.results).toHaveLength(2);
    expect(second).toMatchObject({ next: null, previous: 1 });
    const all = [...first.results, ...second.results];
    expect(new Set(all.map((review) => review.id)).size).toBe(7);
    const times = all.map((review) => review.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await reviews(endedCourse, '?limit=20')).results).toHaveLength(7);
    expect((await reviews(endedCourse, '?page=3')).results).toHaveLength(0);
    for (const query of ['?limit=21', '?limit=0', '?page=0', '?page=x']) {
      const response = await fetch(api(`/course/${endedCourse}/reviews/${query}`));
      expect(response.status).toBe(400);
    }
    const refused = await fetch(api(`/course/${endedCourse}/reviews/?limit=50`));
    expect((await details(refused))[0]?.message).toBe(REVIEWS_MESSAGES.limitInvalid);
    // Back to the seed's five.
    await server.db.query(
      `DELETE FROM course_reviews WHERE course_id = $1 AND review LIKE 'Rated % of five.'`,
      [endedCourse],
    );
  });

  it('answers 404 for an unknown, unapproved or deleted course', async () => {
    expect((await fetch(api('/course/999999/reviews/'))).status).toBe(404);
    const pending = await courseIdBySlug(server, DEMO_AUTHORING_COURSES.pending.slug);
    expect((await fetch(api(`/course/${pending}/reviews/`))).status).toBe(404);
    const course = await courseIdBySlug(server, 'information-technology-1');
    expect((await fetch(api(`/course/${course}/reviews/`))).status).toBe(200);
    await server.db.query(`UPDATE courses SET deleted_at = now() WHERE id = $1`, [course]);
    expect((await fetch(api(`/course/${course}/reviews/`))).status).toBe(404);
    await server.db.query(`UPDATE courses SET deleted_at = NULL WHERE id = $1`, [course]);
  });

  it('has an empty summary for a course without reviews', async () => {
    const page = await reviews(ongoingCourse);
    expect(page).toEqual({
      summary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      results: [],
      count: 0,
      next: null,
      previous: null,
    });
  });
});

describe('writing a review', () => {
  it('creates, then replaces, the trainee’s one review; the list and summary follow', async () => {
    const { token, user } = await traineeOf(endedCourse);
    expect(await mine(token, endedCourse)).toEqual({ can_review: true, reason: null, review: null });
    const created = await post(token, { course_id: endedCourse, rating: 1, review: '  Too slow for me.  ' });
    expect(created.status).toBe(201);
    const saved = reviewSavedSchema.parse(await created.json());
    expect(saved.message).toBe(REVIEWS_MESSAGES.created);
    expect(saved.data).toMatchObject({ rating: 1, review: 'Too slow for me.', edited: false });
    expect(saved.data.reviewer).toBe(`${user.full_name.split(' ')[0]} ${user.full_name.split(' ')[1]?.[0]}.`);
    let page = await reviews(endedCourse);
    expect(page.results[0]?.id).toBe(saved.data.id);
    expect(page.summary).toMatchObject({ count: 6, average: 3.5, distribution: { 1: 1 } });

    // Arabic-Indic digits: ٥ is 5.
    const edited = await post(token, {
      course_id: endedCourse,
      rating: '٥',
      review: 'Better on a second look.',
    });
    expect(edited.status).toBe(200);
    const replaced = reviewSavedSchema.parse(await edited.json());
    expect(replaced.message).toBe(REVIEWS_MESSAGES.updated);
    expect(replaced.data).toMatchObject({ id: saved.data.id, rating: 5, edited: true });
    expect(replaced.data.updated_at > saved.data.updated_at).toBe(true);
    page = await reviews(endedCourse);
    expect(page.count).toBe(6);
    expect(page.results[0]).toMatchObject({ id: saved.data.id, review: 'Better on a second look.' });
    // 4, 3, 5, 4, 4, 5 = 25 / 6 = 4.17.
    expect(page.summary).toMatchObject({ average: 4.2, distribution: { 1: 0, 5: 2 } });
    expect((await mine(token, endedCourse)).review?.rating).toBe(5);
  });

  it('lets a trainee who asked to withdraw review, whether or not they completed the course', async () => {
    const { token } = await traineeOf(closedCourse, 'withdrawal_requested');
    const response = await post(token, {
      course_id: closedCourse,
      rating: 3,
      review: 'I left early, sadly.',
    });
    expect(response.status).toBe(201);
  });

  it('refuses a course that has not ended, one not taken and an unknown one', async () => {
    const ongoing = await traineeOf(ongoingCourse);
    let response = await post(ongoing.token, {
      course_id: ongoingCourse,
      rating: 5,
      review: 'Great so far!!',
    });
    expect(response.status).toBe(403);
    expect((await details(response))[0]?.message).toBe(REVIEWS_MESSAGES.notEnded);
    expect(await mine(ongoing.token, ongoingCourse)).toEqual({
      can_review: false,
      reason: REVIEWS_MESSAGES.notEnded,
      review: null,
    });
    for (const status of ['withdrawn', 'dropped', 'awaiting_payment']) {
      const other = await traineeOf(endedCourse, status);
      response = await post(other.token, { course_id: endedCourse, rating: 5, review: 'I was never there.' });
      expect(response.status).toBe(403);
      expect((await details(response))[0]?.message).toBe(REVIEWS_MESSAGES.notTrainee);
    }
    const stranger = await signedInTrainee(server, 'stranger');
    expect((await mine(stranger.token, endedCourse)).reason).toBe(REVIEWS_MESSAGES.notTrainee);
    response = await post(stranger.token, { course_id: 999_999, rating: 5, review: 'No such course.' });
    expect(response.status).toBe(404);
    expect((await details(response))[0]?.message).toBe(SERVER_MESSAGES.notFound);
  });

  it('says what is wrong with each field, and refuses a body without a course', async () => {
    const { token } = await traineeOf(endedCourse);
    const cases: [unknown, unknown, { field: string; message: string }[]][] = [
      [undefined, 'Long enough text', [{ field: 'rating', message: REVIEWS_VALIDATION.ratingRequired }]],
      [
        '',
        '',
        [
          { field: 'rating', message: REVIEWS_VALIDATION.ratingRequired },
          { field: 'review', message: REVIEWS_VALIDATION.reviewRequired },
        ],
      ],
      [4.5, 'Long enough text', [{ field: 'rating', message: REVIEWS_VALIDATION.ratingInvalid }]],
      [6, 'Long enough text', [{ field: 'rating', message: REVIEWS_VALIDATION.ratingInvalid }]],
      ['0', 'Long enough text', [{ field: 'rating', message: REVIEWS_VALIDATION.ratingInvalid }]],
      [4, '   short   ', [{ field: 'review', message: REVIEWS_VALIDATION.reviewTooShort }]],
      [4, 'x'.repeat(2001), [{ field: 'review', message: REVIEWS_VALIDATION.reviewTooLong }]],
      // Nine emoji are nine characters, not eighteen UTF-16 units.
      [4, '😀'.repeat(9), [{ field: 'review', message: REVIEWS_VALIDATION.reviewTooShort }]],
    ];
    for (const [rating, review, expected] of cases) {
      const response = await post(token, { course_id: endedCourse, rating, review });
      expect(response.status).toBe(400);
      expect(await details(response)).toEqual(expected);
    }
    const malformed = await post(token, { rating: 4, review: 'Long enough text' });
    expect(malformed.status).toBe(400);
    expect((await details(malformed))[0]?.message).toBe(REVIEWS_MESSAGES.malformed);
    // 2000 characters once trimmed are fine.
    const longest = await post(token, {
      course_id: endedCourse,
      rating: 4,
      review: ` ${'y'.repeat(2000)}  `,
    });
    expect(longest.status).toBe(201);
    expect(reviewSavedSchema.parse(await longest.json()).data.review).toHaveLength(2000);
  });

  it('stores and answers hostile text as it was typed', async () => {
    const { token } = await traineeOf(endedCourse);
    const text = `<img src=x onerror=alert(1)> '); DROP TABLE course_reviews; -- &amp; "quotes"`;
    const response = await post(token, { course_id: endedCourse, rating: 2, review: text });
    expect(response.status).toBe(201);
    expect(reviewSavedSchema.parse(await response.json()).data.review).toBe(text);
    const page = await reviews(endedCourse);
    expect(page.results[0]?.review).toBe(text);
    expect((await mine(token, endedCourse)).review?.review).toBe(text);
  });

  it('is for trainees only, and limited per account', async () => {
    expect(
      (await post(undefined, { course_id: endedCourse, rating: 4, review: 'Signed out text' })).status,
    ).toBe(401);
    const { token } = await traineeOf(endedCourse);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post(token, { course_id: endedCourse, rating: 4, review: `Edit number ${i}.` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 200, 200, 200, 429]);
  });
});
