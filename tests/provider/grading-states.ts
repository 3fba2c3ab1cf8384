import { randomUUID } from 'node:crypto';
import { startSession } from '../../server/auth/sessions';
import { createClass } from '../../server/authoring/class-queries';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { signedInTrainee, type TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';
import { STATE_QUIZ } from '../pact/authoring-class-states';
import { GRADING_STATES, INJECTED_GRADING } from '../pact/grading-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/** The columns a course is copied with (the trainer's own course, made anew for each interaction). */
const COURSE_COLUMNS = `title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id, cover_image,
  skill_level, languages, captions, weeks, surveys, facilitators, routine, female_only, price_halalas, created_by`;

/**
 * The provider state of the grading contracts: the demo trainer signed in, with an approved course
 * of their own (copied from the one they teach) holding an assignment and a quiz, and one enrolled
 * trainee whose assignment waits for a grade.
 */
export function gradingStateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;
  return {
    [GRADING_STATES.trainerHasWorkToGrade]: async () => {
      const trainer = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
      if (!trainer) throw new Error('The seed did not create the demo trainer');
      await db.query('UPDATE users SET approved = true, verified = true WHERE id = $1', [trainer.id]);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO courses (${COURSE_COLUMNS}, start_date, end_date, status)
         SELECT ${COURSE_COLUMNS}, current_date - 7, current_date + 60, 'Approved' FROM courses WHERE slug = $1
         RETURNING id`,
        [LEARNING_COURSES.cloud.slug],
      );
      const courseId = rows[0]?.id;
      if (courseId === undefined) throw new Error('The course to copy is not seeded');
      await db.query('UPDATE courses SET created_by = $2 WHERE id = $1', [courseId, trainer.id]);
      const assignmentId = await createClass(
        db,
        {
          class_type: 2,
          course: courseId,
          week: 1,
          detail_info: { title: 'Compare IaaS, PaaS and SaaS', description: 'One page.', file: null },
          quiz_info: [],
        },
        null,
        null,
      );
      const quizId = await createClass(
        db,
        {
          class_type: 3,
          course: courseId,
          week: 1,
          detail_info: { title: 'Service models quiz', description: '', file: null },
          ...STATE_QUIZ,
        },
        null,
        null,
      );
      const { user } = await signedInTrainee(server, 'graded');
      await db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
        user.id,
        courseId,
      ]);
      const fileId = randomUUID();
      await db.query(
        `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
         VALUES ($1, $2, $3, 'comparison.pdf', 'pdf', 'application/pdf', 2048)`,
        [fileId, user.id, `files/${fileId}.pdf`],
      );
      const submission = await db.query<{ id: number }>(
        'INSERT INTO submissions (lecture_id, user_id, attempt, file_id) VALUES ($1, $2, 1, $3) RETURNING id',
        [assignmentId, user.id, fileId],
      );
      const session = await startSession(db, tokens, trainer);
      return {
        [INJECTED_ACCESS_TOKEN]: session.access_token,
        [INJECTED_GRADING.courseId]: courseId,
        [INJECTED_GRADING.assignmentId]: assignmentId,
        [INJECTED_GRADING.quizId]: quizId,
        [INJECTED_GRADING.submissionId]: submission.rows[0]?.id ?? 0,
      };
    },
  };
}
