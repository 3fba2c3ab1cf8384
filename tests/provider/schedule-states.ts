import { addDays, weekStartOf } from '@contract/domain/sessions';
import { startSession } from '../../server/auth/sessions';
import { centreDate } from '../../server/centre-time';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { ensureFeed } from '../../server/schedule/feed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import type { TestServer } from '../../server/testing';
import type { UserRow } from '../../server/users';
import { findUserByEmail } from '../../server/users';
import { INJECTED_SCHEDULE, SCHEDULE_STATES } from '../pact/schedule-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/** The columns a course is copied with (a course of the demo trainer's, made anew for each interaction). */
const COURSE_COLUMNS = `title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id, cover_image,
  skill_level, languages, captions, weeks, surveys, facilitators, female_only, price_halalas, created_by`;

const EVERY_DAY = JSON.stringify(
  ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({
    day,
    start_time: '09:00',
    end_time: '11:00',
  })),
);

/**
 * The provider states of the schedule contracts: a course of the demo trainer's copied from the one
 * they teach, approved, meeting every day from a week ago for five weeks, with the trainee enrolled
 * and next week's Sunday cancelled.
 */
export function scheduleStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens } = server;

  async function course(learnerId: number) {
    const trainer = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
    if (!trainer) throw new Error('The seed did not create the demo trainer');
    const today = centreDate(new Date());
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO courses (${COURSE_COLUMNS}, routine, start_date, end_date, status)
       SELECT ${COURSE_COLUMNS}, $2, $3, $4, 'Approved' FROM courses WHERE slug = $1 RETURNING id`,
      [LEARNING_COURSES.cloud.slug, EVERY_DAY, addDays(today, -7), addDays(today, 28)],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('The course to copy is not seeded');
    await db.query(
      `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
       ON CONFLICT (user_id, course_id) DO UPDATE SET status = 'enrolled'`,
      [learnerId, id],
    );
    const week = addDays(weekStartOf(today), 7);
    const cancelled = addDays(week, 1);
    await db.query(
      `INSERT INTO session_changes (course_id, session_date, action, reason, changed_by)
       VALUES ($1, $2, 'cancelled', 'The hall is closed', $3)`,
      [id, cancelled, trainer.id],
    );
    return { id, trainer, week, cancelled };
  }

  return {
    [SCHEDULE_STATES.trainerWeek]: async () => {
      const learner = await trainee();
      const { id, trainer, week, cancelled } = await course(learner.id);
      const session = await startSession(db, tokens, trainer);
      return {
        [INJECTED_ACCESS_TOKEN]: session.access_token,
        [INJECTED_SCHEDULE.courseId]: id,
        [INJECTED_SCHEDULE.week]: week,
        [INJECTED_SCHEDULE.upcomingDate]: addDays(week, 2),
        [INJECTED_SCHEDULE.takenDate]: addDays(week, 3),
        [INJECTED_SCHEDULE.cancelledDate]: cancelled,
      };
    },
    [SCHEDULE_STATES.traineeFeed]: async () => {
      const learner = await trainee();
      await course(learner.id);
      const session = await startSession(db, tokens, learner);
      const feed = await ensureFeed(db, learner.id, 'en');
      return { [INJECTED_ACCESS_TOKEN]: session.access_token, [INJECTED_SCHEDULE.feedPath]: feed.path };
    },
  };
}
