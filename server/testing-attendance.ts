import { addDays } from '@contract/domain/sessions';
import { WEEKDAYS, type Weekday } from '@contract/wire/courses';
import { centreDate } from './centre-time';
import type { Queryable } from './db';
import { LEARNING_COURSES } from './seed-learning';

/** The columns a course is copied with from the demo trainer's course (tests only). */
const COPIED = `title_ar, subtitle, subtitle_ar, description, description_ar, category_id, cover_image,
  skill_level, languages, captions, weeks, surveys, facilitators, female_only, price_halalas`;

/**
 * For tests: an approved course of `trainerId` (copied from the demo trainer's ongoing course) whose
 * routine holds `days` (every day when absent) at `times`, from `startOffset` to `endOffset` days
 * around the centre's date at `now`, with `traineeIds` enrolled. Answers its id.
 */
export async function courseWithSessions(
  db: Queryable,
  options: {
    trainerId: number;
    now?: Date;
    days?: readonly Weekday[];
    times?: readonly [start: string, end: string];
    startOffset?: number;
    endOffset?: number;
    title?: string;
    traineeIds?: readonly number[];
  },
): Promise<number> {
  const today = centreDate(options.now ?? new Date());
  const [start_time, end_time] = options.times ?? ['08:00', '12:00'];
  const routine = (options.days ?? WEEKDAYS).map((day) => ({ day, start_time, end_time }));
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO courses (title, ${COPIED}, routine, start_date, end_date, status, created_by)
     SELECT $2, ${COPIED}, $3::jsonb, $4::date, $5::date, 'Approved', $6 FROM courses WHERE slug = $1
     RETURNING id`,
    [
      LEARNING_COURSES.cloud.slug,
      options.title ?? 'Attendance practice',
      JSON.stringify(routine),
      addDays(today, options.startOffset ?? -14),
      addDays(today, options.endOffset ?? 30),
      options.trainerId,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('The course to copy is not seeded');
  for (const traineeId of options.traineeIds ?? []) {
    await db.query(
      `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
       ON CONFLICT (user_id, course_id) DO UPDATE SET status = 'enrolled'`,
      [traineeId, id],
    );
  }
  return id;
}
