import { REVIEWS_MESSAGES, type ReviewsMessage } from '@contract/messages/reviews';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  type MyReview,
  RATINGS,
  type Review,
  type ReviewPage,
  type ReviewSummary,
} from '@contract/wire/reviews';
import type { Db, Queryable } from '../db';
import { HttpProblem } from '../http';

/**
 * Reviews of a course (the rule: contract/wire/reviews.ts). Only approved courses that are not
 * deleted have reviews to read or write; any other id is answered as unknown (404).
 */

/** "Noura Al-Harbi" → "Noura A.": the first name and the initial of the last one. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? [...last][0] : undefined;
  return initial ? `${first} ${initial.toLocaleUpperCase()}.` : first;
}

interface ReviewRow {
  id: number;
  course_id: number;
  full_name: string;
  rating: number;
  review: string;
  created_at: Date | string;
  updated_at: Date | string;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function reviewOf(row: ReviewRow): Review {
  const created = iso(row.created_at);
  const updated = iso(row.updated_at);
  return {
    id: row.id,
    course_id: row.course_id,
    reviewer: reviewerName(row.full_name),
    rating: row.rating,
    review: row.review,
    created_at: created,
    updated_at: updated,
    edited: updated !== created,
  };
}

const REVIEW_COLUMNS = `r.id, r.course_id, u.full_name, r.rating, r.review, r.created_at, r.updated_at`;

/** Whether the course is public (approved, not deleted) and whether it has ended; 404 otherwise. */
async function publicCourse(db: Queryable, courseId: number): Promise<{ ended: boolean }> {
  const { rows } = await db.query<{ ended: boolean }>(
    `SELECT course_ended(end_date, closed_at) AS ended FROM courses
     WHERE id = $1 AND status = 'Approved' AND deleted_at IS NULL`,
    [courseId],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return row;
}

/** Why the user may not review the course (a sentence), or null when they may. */
async function refusalOf(db: Queryable, courseId: number, userId: number): Promise<ReviewsMessage | null> {
  const { ended } = await publicCourse(db, courseId);
  const { rows } = await db.query(
    `SELECT 1 FROM enrolments WHERE course_id = $1 AND user_id = $2
       AND status IN ('enrolled', 'withdrawal_requested')`,
    [courseId, userId],
  );
  if (rows.length === 0) return REVIEWS_MESSAGES.notTrainee;
  if (!ended) return REVIEWS_MESSAGES.notEnded;
  return null;
}

async function reviewById(db: Queryable, id: number): Promise<Review> {
  const { rows } = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM course_reviews r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return reviewOf(row);
}

/**
 * Creates the user's review of the course, or replaces it (its `updated_at` moves on); refused with
 * 404 (no such public course) or 403 (not its trainee, or not ended yet).
 */
export async function saveReview(
  tx: Db,
  courseId: number,
  userId: number,
  rating: number,
  text: string,
): Promise<{ review: Review; created: boolean }> {
  const refusal = await refusalOf(tx, courseId, userId);
  if (refusal) throw new HttpProblem(403, refusal);
  // clock_timestamp(): a review edited in the transaction that wrote it still reads as edited.
  const { rows } = await tx.query<{ id: number; created: boolean }>(
    `INSERT INTO course_reviews (course_id, user_id, rating, review, created_at, updated_at)
     VALUES ($1, $2, $3, $4, clock_timestamp(), clock_timestamp())
     ON CONFLICT (course_id, user_id) DO UPDATE
       SET rating = EXCLUDED.rating, review = EXCLUDED.review, updated_at = clock_timestamp()
     RETURNING id, (xmax = 0) AS created`,
    [courseId, userId, rating, text],
  );
  const row = rows[0];
  if (!row) throw new Error('the review was not saved');
  return { review: await reviewById(tx, row.id), created: row.created };
}

/** How the course's ratings add up: the mean to one decimal, the count and each rating's count. */
export async function reviewSummary(db: Queryable, courseId: number): Promise<ReviewSummary> {
  const { rows } = await db.query<{ rating: number; count: number }>(
    `SELECT rating, count(*)::int AS count FROM course_reviews WHERE course_id = $1 GROUP BY rating`,
    [courseId],
  );
  const distribution: ReviewSummary['distribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let total = 0;
  for (const row of rows) {
    const key = String(row.rating) as keyof ReviewSummary['distribution'];
    if (!RATINGS.includes(row.rating as (typeof RATINGS)[number])) continue;
    distribution[key] = row.count;
    count += row.count;
    total += row.count * row.rating;
  }
  // Rounded half up on the tenths, in whole numbers so that 4.45 is 4.5 (no binary fraction error).
  const average = count === 0 ? null : Math.round((total * 10) / count) / 10;
  return { average, count, distribution };
}

/** One page of the course's reviews, newest first (by last edit, then id), with the summary. */
export async function reviewPage(
  db: Queryable,
  courseId: number,
  page: number,
  limit: number,
): Promise<ReviewPage> {
  await publicCourse(db, courseId);
  const summary = await reviewSummary(db, courseId);
  const { rows } = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM course_reviews r JOIN users u ON u.id = r.user_id
     WHERE r.course_id = $1 ORDER BY r.updated_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [courseId, limit, (page - 1) * limit],
  );
  const count = summary.count;
  return {
    summary,
    results: rows.map(reviewOf),
    count,
    next: page * limit < count ? page + 1 : null,
    previous: page > 1 ? Math.min(page - 1, Math.max(1, Math.ceil(count / limit))) : null,
  };
}

/** Whether the user may review the course, why not, and their review. */
export async function myReview(db: Queryable, courseId: number, userId: number): Promise<MyReview> {
  const reason = await refusalOf(db, courseId, userId);
  const { rows } = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM course_reviews r JOIN users u ON u.id = r.user_id
     WHERE r.course_id = $1 AND r.user_id = $2`,
    [courseId, userId],
  );
  const row = rows[0];
  return { can_review: reason === null, reason, review: row ? reviewOf(row) : null };
}
