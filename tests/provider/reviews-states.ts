import { startSession } from '../../server/auth/sessions';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { RECORD_COURSES } from '../../server/records/seed';
import { seed } from '../../server/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import type { TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';
import { INJECTED_REVIEWS, REVIEWS_STATES } from '../pact/reviews-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/**
 * The provider states of the reviews contracts: the demo trainee signed in, with Project Management
 * Essentials (ended, server/records/seed.ts) reviewed or not, or Cloud Computing Fundamentals (under
 * way); or only the seeded reviews.
 */
export function reviewsStateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;

  async function courseId(slug: string): Promise<number> {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [slug]);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`The seed did not make the course ${slug}`);
    return id;
  }

  /** The demo trainee's session, her review of the ended course as `reviewed` says. */
  async function trainee(reviewed: boolean): Promise<{ token: string; ended: number }> {
    await seed(db);
    const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
    if (!user) throw new Error('The seed did not create the demo trainee');
    const ended = await courseId(RECORD_COURSES.completed.slug);
    // Other states may have changed her enrolment (a withdrawal): she took the course.
    await db.query(
      `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
       ON CONFLICT (user_id, course_id) DO UPDATE SET status = 'enrolled'`,
      [user.id, ended],
    );
    await db.query('DELETE FROM course_reviews WHERE course_id = $1 AND user_id = $2', [ended, user.id]);
    if (reviewed) {
      await db.query(
        `INSERT INTO course_reviews (course_id, user_id, rating, review, created_at, updated_at)
         VALUES ($1, $2, 4, 'Clear lessons and useful templates.', now() - interval '2 days', now() - interval '2 days')`,
        [ended, user.id],
      );
    }
    return { token: (await startSession(db, tokens, user)).access_token, ended };
  }

  return {
    [REVIEWS_STATES.traineeMayReview]: async () => {
      const { token, ended } = await trainee(false);
      return { [INJECTED_ACCESS_TOKEN]: token, [INJECTED_REVIEWS.courseId]: ended };
    },
    [REVIEWS_STATES.traineeReviewed]: async () => {
      const { token, ended } = await trainee(true);
      return { [INJECTED_ACCESS_TOKEN]: token, [INJECTED_REVIEWS.courseId]: ended };
    },
    [REVIEWS_STATES.traineeCourseNotEnded]: async () => {
      const { token } = await trainee(false);
      return {
        [INJECTED_ACCESS_TOKEN]: token,
        [INJECTED_REVIEWS.courseId]: await courseId(LEARNING_COURSES.cloud.slug),
      };
    },
    [REVIEWS_STATES.courseHasReviews]: async () => {
      await seed(db);
      const ended = await courseId(RECORD_COURSES.completed.slug);
      // Only the seed's five: a review another interaction wrote is taken back.
      const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
      await db.query('DELETE FROM course_reviews WHERE course_id = $1 AND user_id = $2', [ended, user?.id]);
      return { [INJECTED_REVIEWS.courseId]: ended };
    },
  };
}
