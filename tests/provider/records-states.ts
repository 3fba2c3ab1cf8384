import { startSession } from '../../server/auth/sessions';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { RECORD_COURSES } from '../../server/records/seed';
import { seed } from '../../server/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import type { TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';
import { INJECTED_RECORDS, RECORDS_STATES } from '../pact/records-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/** The columns a course is copied with (the demo trainer's course, made anew for each interaction). */
const COURSE_COLUMNS = `title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id, cover_image,
  skill_level, languages, captions, weeks, surveys, facilitators, routine, female_only, price_halalas, created_by`;

/**
 * The provider states of the records contracts: the demo trainer signed in, with the seeded
 * records (server/records/seed.ts), or a course of their own made anew (approved, started or not).
 */
export function recordsStateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;

  async function trainerSession(): Promise<string> {
    await seed(db);
    const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
    if (!user) throw new Error('The seed did not create the demo trainer');
    return (await startSession(db, tokens, user)).access_token;
  }

  async function copiedCourse(startDays: number): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO courses (${COURSE_COLUMNS}, start_date, end_date, status)
       SELECT ${COURSE_COLUMNS}, current_date + $2::int, current_date + 60, 'Approved' FROM courses WHERE slug = $1
       RETURNING id`,
      [LEARNING_COURSES.cloud.slug, startDays],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The course to copy is not seeded');
    return id;
  }

  return {
    [RECORDS_STATES.trainerHasHistory]: async () => {
      const token = await trainerSession();
      const { rows } = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [
        RECORD_COURSES.completed.slug,
      ]);
      return { [INJECTED_ACCESS_TOKEN]: token, [INJECTED_RECORDS.courseId]: rows[0]?.id ?? 0 };
    },
    [RECORDS_STATES.trainerCourseUnderWay]: async () => {
      const token = await trainerSession();
      return { [INJECTED_ACCESS_TOKEN]: token, [INJECTED_RECORDS.courseId]: await copiedCourse(-7) };
    },
    [RECORDS_STATES.trainerCourseNotStarted]: async () => {
      const token = await trainerSession();
      return { [INJECTED_ACCESS_TOKEN]: token, [INJECTED_RECORDS.courseId]: await copiedCourse(7) };
    },
  };
}
