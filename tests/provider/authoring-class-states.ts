import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startSession } from '../../server/auth/sessions';
import { createClass } from '../../server/authoring/class-queries';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { LEARNING_COURSES } from '../../server/seed-learning';
import type { TestServer } from '../../server/testing';
import type { UserRow } from '../../server/users';
import { findUserByEmail } from '../../server/users';
import {
  CLASS_STATES,
  INJECTED_CLASS,
  STATE_QUIZ,
  STATE_QUIZ_TITLE_AR,
} from '../pact/authoring-class-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/** The columns a course is copied with (the trainer's own course, made anew for each interaction). */
const COURSE_COLUMNS = `title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id, cover_image,
  skill_level, languages, captions, weeks, surveys, facilitators, routine, female_only, price_halalas, created_by`;

/**
 * The provider states of the class contracts: the demo trainer signed in, with a course of their own
 * copied from the one they teach (approved and under way, or awaiting approval), a text class in
 * every week of its syllabus, a quiz in week 1, and a video they uploaded.
 */
export function classStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens } = server;

  async function trainer(): Promise<UserRow> {
    const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
    if (!user) throw new Error('The seed did not create the demo trainer');
    await db.query('UPDATE users SET approved = true, verified = true WHERE id = $1', [user.id]);
    return user;
  }

  /** A short MP4 (its first box is ftyp) the trainer uploaded. */
  async function uploadedVideo(ownerId: number): Promise<string> {
    const id = randomUUID();
    const bytes = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
    const path = `files/${id}.mp4`;
    await mkdir(dirname(join(server.uploadsDir, path)), { recursive: true });
    await writeFile(join(server.uploadsDir, path), bytes);
    await db.query(
      `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
       VALUES ($1, $2, $3, 'cloud-intro.mp4', 'mp4', 'video/mp4', $4)`,
      [id, ownerId, path, bytes.length],
    );
    return `/api/v1/files/${id}`;
  }

  async function trainerCourse(status: 'Approved' | 'Pending') {
    const user = await trainer();
    const { rows } = await db.query<{ id: number; weeks: number }>(
      `INSERT INTO courses (${COURSE_COLUMNS}, start_date, end_date, status)
       SELECT ${COURSE_COLUMNS}, current_date - 7, current_date + 60, 'Approved' FROM courses WHERE slug = $1
       RETURNING id, jsonb_array_length(weeks) AS weeks`,
      [LEARNING_COURSES.cloud.slug],
    );
    const course = rows[0];
    if (!course) throw new Error('The course to copy is not seeded');
    const lectureIds: number[] = [];
    for (let week = 1; week <= course.weeks; week += 1) {
      lectureIds.push(
        await createClass(
          db,
          {
            class_type: 1,
            course: course.id,
            week,
            detail_info: {
              title: `Reading of week ${week}`,
              description: 'Read this before the class.\n\nBring your questions.',
              file: null,
            },
            quiz_info: [],
          },
          null,
          null,
        ),
      );
    }
    const quiz = await createClass(
      db,
      {
        class_type: 3,
        course: course.id,
        week: 1,
        detail_info: {
          title: 'Service models quiz',
          title_ar: STATE_QUIZ_TITLE_AR,
          description: '',
          file: null,
        },
        ...STATE_QUIZ,
      },
      null,
      null,
    );
    await db.query('UPDATE courses SET status = $2 WHERE id = $1', [course.id, status]);
    const session = await startSession(db, tokens, user);
    return {
      courseId: course.id,
      quiz,
      injected: {
        [INJECTED_ACCESS_TOKEN]: session.access_token,
        [INJECTED_CLASS.courseId]: course.id,
        [INJECTED_CLASS.classLectureId]: lectureIds[0] ?? 0,
        [INJECTED_CLASS.quizLectureId]: quiz,
        [INJECTED_CLASS.videoAddress]: await uploadedVideo(user.id),
      },
    };
  }

  return {
    [CLASS_STATES.trainerTeachesApprovedCourse]: async () => (await trainerCourse('Approved')).injected,
    [CLASS_STATES.trainerCourseAwaitingApproval]: async () => (await trainerCourse('Pending')).injected,
    [CLASS_STATES.trainerQuizTaken]: async () => {
      const setting = await trainerCourse('Approved');
      const learner = await trainee();
      await db.query(
        `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
         ON CONFLICT (user_id, course_id) DO UPDATE SET status = 'enrolled'`,
        [learner.id, setting.courseId],
      );
      await db.query(
        `INSERT INTO quiz_attempts (id, lecture_id, user_id, number, started_at, submitted_at, submitted_by, score, correct_count)
         VALUES ($1, $2, $3, 1, now() - interval '10 minutes', now() - interval '5 minutes', 'trainee', 5, 2)`,
        [randomUUID(), setting.quiz, learner.id],
      );
      return setting.injected;
    },
  };
}
