import { centreDate } from '../centre-time';
import type { Db } from '../db';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { LEARNING_COURSES } from '../seed-learning';
import { findUserByEmail } from '../users';
import { attendanceCourse, heldSessions, sessionChanges } from './queries';

/**
 * The demo trainee's attendance in the demo trainer's ongoing course (Cloud Computing Fundamentals):
 * every session held before today, Present but every third one Absent, some scanned and some marked
 * by hand. Written once: a course that already has marks for the trainee is left as it is, so
 * seeding again (on a later day too) changes nothing.
 */
export async function seedAttendance(db: Db, now: Date = new Date()): Promise<void> {
  const trainee = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
  if (!trainee) return;
  const { rows } = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [
    LEARNING_COURSES.cloud.slug,
  ]);
  const course = rows[0] ? await attendanceCourse(db, rows[0].id) : null;
  if (!course) return;
  const today = centreDate(now);
  const changes = (await sessionChanges(db, [course.id])).get(course.id) ?? [];
  const past = heldSessions(course, changes, today).filter((session) => session.date < today);
  await db.transaction(async (tx) => {
    const { rows: marked } = await tx.query(
      'SELECT 1 FROM attendance WHERE course_id = $1 AND user_id = $2 LIMIT 1',
      [course.id, trainee.id],
    );
    if (marked.length > 0) return;
    for (const [index, session] of past.entries()) {
      const absent = index % 3 === 2;
      await tx.query(
        `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by, marked_at)
         VALUES ($1, $2, $3, $4, $5, ($2::date + $6::time) - interval '3 hours' + interval '10 minutes')
         ON CONFLICT DO NOTHING`,
        [
          course.id,
          session.date,
          trainee.id,
          absent ? 'Absent' : 'Present',
          absent || index % 4 === 1 ? 'trainer' : 'qr',
          session.start_time,
        ],
      );
    }
  });
}
