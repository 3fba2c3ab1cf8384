import type { Db } from '../db';
import { RECORD_COURSES } from '../records/seed';
import { findUserByEmail } from '../users';

/**
 * More reviews for the demo. Project Management Essentials has its five classmates' reviews and none
 * by the demo trainee, who can write one (server/records/seed.ts); Excel for Data Analysis (closed by
 * its trainer) has two there, and its third trainee's here, so a second public course shows a few.
 *
 * Idempotent: a review is inserted only when its trainee has none, so one written or edited on the
 * demo since is kept.
 */
const REVIEWS = [
  {
    course: RECORD_COURSES.closed.slug,
    email: 'faisal.alshammari@example.com',
    rating: 3,
    review: 'Useful formulas, though the pace was fast for a beginner.',
    daysAgo: 9,
  },
] as const;

export async function seedReviews(db: Db): Promise<void> {
  for (const seed of REVIEWS) {
    const user = await findUserByEmail(db, seed.email);
    if (!user) continue;
    // Only a trainee of the course (enrolled by the records' seed) reviews it.
    await db.query(
      `INSERT INTO course_reviews (course_id, user_id, rating, review, created_at, updated_at)
       SELECT e.course_id, e.user_id, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $5)
       FROM enrolments e JOIN courses c ON c.id = e.course_id
       WHERE c.slug = $1 AND e.user_id = $2 AND e.status = 'enrolled'
       ON CONFLICT (course_id, user_id) DO NOTHING`,
      [seed.course, user.id, seed.rating, seed.review, seed.daysAgo],
    );
  }
}
