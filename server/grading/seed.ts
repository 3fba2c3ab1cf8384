import { hashPassword } from '../auth/passwords';
import type { Db } from '../db';
import { findUserByEmail } from '../users';

/**
 * Grading demo data: classmates of the demo trainee in the demo trainer's ongoing course (Cloud
 * Computing Fundamentals, server/seed-learning.ts) with assignments waiting for a grade, reviewed
 * and returned, and quiz attempts, so that /student-assignment/{courseId} shows real statistics.
 * Idempotent: people by e-mail, submissions and attempts by (lecture, trainee, attempt number).
 */

/** The classmates (they sign in with the demo trainee's password). */
export const GRADING_CLASSMATES = [
  { email: 'noura.alharbi@example.com', full_name: 'Noura Al-Harbi' },
  { email: 'fahad.alzahrani@example.com', full_name: 'Fahad Al-Zahrani' },
  { email: 'maha.alsubaie@example.com', full_name: 'Maha Al-Subaie' },
  { email: 'omar.alanazi@example.com', full_name: 'Omar Al-Anazi' },
  { email: 'layla.almutairi@example.com', full_name: 'Layla Al-Mutairi' },
] as const;

const PASSWORD = 'Trainee#2026';
const COURSE_SLUG = 'information-technology-3';
/** Uploads of server/seed-learning.ts the classmates' work points at. */
const COMPARISON_FILE = '5eed0000-0000-4000-8000-000000000006';
const DESIGN_FILE = '5eed0000-0000-4000-8000-000000000007';

type Work =
  | { status: 'Submitted'; daysAgo: number }
  | { status: 'Reviewed'; grade: number; feedback: string; daysAgo: number }
  | { status: 'Returned'; feedback: string; daysAgo: number };

/** Each classmate's (by index) assignment work, by lecture slug. */
const ASSIGNMENTS: Record<string, readonly (Work | null)[]> = {
  'cloud-assignment-compare': [
    { status: 'Reviewed', grade: 9, feedback: 'Thorough and well organised.', daysAgo: 5 },
    { status: 'Reviewed', grade: 6.5, feedback: 'Add an example of each model.', daysAgo: 5 },
    { status: 'Submitted', daysAgo: 3 },
    { status: 'Submitted', daysAgo: 2 },
    { status: 'Returned', feedback: 'The PaaS part is missing; add it and send it again.', daysAgo: 4 },
  ],
  'cloud-assignment-design': [
    { status: 'Submitted', daysAgo: 1 },
    { status: 'Reviewed', grade: 7.75, feedback: 'A sound design; name the backup service.', daysAgo: 2 },
    null,
    { status: 'Reviewed', grade: 4, feedback: 'The diagram does not match the text.', daysAgo: 2 },
    null,
  ],
};

/** Each classmate's submitted quiz scores (out of 10, attempt by attempt), by lecture slug. */
const QUIZZES: Record<string, readonly (readonly number[])[]> = {
  'cloud-quiz-models': [[8], [10], [3.33, 5], [6.67], []],
  'cloud-quiz-final': [[7.5], [], [5], [], [2.5]],
};

export async function seedGrading(db: Db): Promise<void> {
  const trainee = await findUserByEmail(db, 'trainee@example.com');
  const course = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [COURSE_SLUG]);
  const courseId = course.rows[0]?.id;
  if (!trainee || courseId === undefined) return;
  const lectures = await db.query<{ id: number; slug: string }>(
    'SELECT id, slug FROM lectures WHERE slug = ANY($1::text[])',
    [[...Object.keys(ASSIGNMENTS), ...Object.keys(QUIZZES)]],
  );
  const lectureId = new Map(lectures.rows.map((row) => [row.slug, row.id]));
  const files = await db.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::uuid[])', [
    [COMPARISON_FILE, DESIGN_FILE],
  ]);
  if (files.rows.length < 2) return;

  const existing = await db.query<{ email: string }>(
    'SELECT email FROM users WHERE email = ANY($1::text[])',
    [GRADING_CLASSMATES.map((classmate) => classmate.email)],
  );
  const passwordHash = existing.rows.length < GRADING_CLASSMATES.length ? await hashPassword(PASSWORD) : null;
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const [index, classmate] of GRADING_CLASSMATES.entries()) {
      if (passwordHash) {
        await tx.query(
          `INSERT INTO users (full_name, email, phone_number, role, password_hash, approved, verified)
           VALUES ($1, $2, $3, 'TRAINEE', $4, true, true) ON CONFLICT (email) DO NOTHING`,
          [classmate.full_name, classmate.email, `05500000${String(index + 10)}`, passwordHash],
        );
      }
      const { rows } = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
        classmate.email,
      ]);
      const id = rows[0]?.id;
      if (id === undefined) return;
      ids.push(id);
      await tx.query(
        `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
         ON CONFLICT (user_id, course_id) DO NOTHING`,
        [id, courseId],
      );
    }
    for (const [slug, works] of Object.entries(ASSIGNMENTS)) {
      const lecture = lectureId.get(slug);
      if (lecture === undefined) continue;
      const file = slug === 'cloud-assignment-compare' ? COMPARISON_FILE : DESIGN_FILE;
      for (const [index, work] of works.entries()) {
        const userId = ids[index];
        if (!work || userId === undefined) continue;
        const reviewed = work.status !== 'Submitted';
        await tx.query(
          `INSERT INTO submissions (lecture_id, user_id, attempt, file_id, status, grade, feedback,
             submitted_at, reviewed_at, reviewed_by)
           SELECT $1, $2, 1, $3, $4, $5, $6, now() - make_interval(days => $7),
             CASE WHEN $8 THEN now() - make_interval(days => $7) + interval '1 day' END,
             CASE WHEN $8 THEN (SELECT created_by FROM courses WHERE id = $9) END
           WHERE NOT EXISTS (SELECT 1 FROM submissions WHERE lecture_id = $1 AND user_id = $2)`,
          [
            lecture,
            userId,
            file,
            work.status,
            work.status === 'Reviewed' ? work.grade : null,
            work.status === 'Submitted' ? null : work.feedback,
            work.daysAgo,
            reviewed,
            courseId,
          ],
        );
      }
    }
    for (const [slug, scores] of Object.entries(QUIZZES)) {
      const lecture = lectureId.get(slug);
      if (lecture === undefined) continue;
      for (const [index, attempts] of scores.entries()) {
        const userId = ids[index];
        if (userId === undefined) continue;
        for (const [number, score] of attempts.entries()) {
          await tx.query(
            `INSERT INTO quiz_attempts (id, lecture_id, user_id, number, started_at, submitted_at, submitted_by, score)
             VALUES (gen_random_uuid(), $1, $2, $3, now() - interval '6 days' + make_interval(hours => $3),
               now() - interval '6 days' + make_interval(hours => $3, mins => 20), 'trainee', $4)
             ON CONFLICT (lecture_id, user_id, number) DO NOTHING`,
            [lecture, userId, number + 1, score],
          );
        }
      }
    }
  });
}
