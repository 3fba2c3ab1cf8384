import { startSession } from '../../server/auth/sessions';
import { decideCourse } from '../../server/authoring/course-approval';
import { resolveCover } from '../../server/authoring/course-covers';
import { insertCourse } from '../../server/authoring/course-queries';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { fileAddress, saveUpload } from '../../server/learning/files';
import { seed } from '../../server/seed';
import type { TestServer } from '../../server/testing';
import { createUploadStore } from '../../server/uploads';
import { ensureUser, findUserByEmail } from '../../server/users';
import { pngOf } from '../fixtures/images';
import { AUTHORING_COURSE_STATES, INJECTED_AUTHORING } from '../pact/authoring-course-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

const PACT_TRAINER = {
  email: 'pact.trainer@example.com',
  password: 'PactTrainer#2026',
  full_name: 'Dr. Maha Al-Omari',
  role: 'TRAINER',
  phone_number: '0507778888',
  govt_id_or_iqama_no: '1088877766',
  approved: true,
} as const;

/**
 * The provider states of the trainer's course contracts: a trainer signed in, with a course
 * of their own made anew by each state (Pending; or Approved with a trainee enrolled), a PNG of
 * theirs uploaded for a new cover, and the seed's categories and evaluation surveys.
 */
export function authoringCourseStateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;
  const uploads = createUploadStore(server.uploadsDir);

  async function trainerWithCourse(status: 'Pending' | 'Approved') {
    await seed(db);
    // A trainer of the contracts' own: their list holds only the courses these states make.
    const trainer = await ensureUser(db, PACT_TRAINER);
    // The contracts create courses: the day's limit is not theirs to meet.
    await db.query(
      "DELETE FROM rate_limits WHERE bucket IN ('courseCreateAccount', 'facilitatorSearchAccount')",
    );
    const upload = async () =>
      fileAddress(
        (
          await saveUpload(db, uploads, trainer.id, {
            bytes: pngOf(16),
            name: 'cover.png',
            extension: 'png',
            contentType: 'image/png',
          })
        ).id,
      );
    const coverAddress = await upload();
    const cover = await resolveCover(db, uploads, coverAddress, trainer.id);
    const { rows: categories } = await db.query<{ id: number }>(
      'SELECT id FROM course_categories ORDER BY position, id LIMIT 1',
    );
    const categoryId = categories[0]?.id ?? 0;
    const courseId = await db.transaction((tx) =>
      insertCourse(
        tx,
        trainer.id,
        {
          title: 'Project Management Basics',
          title_ar: 'أساسيات إدارة المشاريع',
          subtitle: 'Plan, run and close a project.',
          subtitle_ar: 'خطط للمشروع ونفّذه وأغلقه.',
          description: 'Six weeks of planning practice.',
          description_ar: 'ستة أسابيع من التدريب على التخطيط.',
          category: categoryId,
          cover_image: coverAddress,
          skill_level: 'Beginner',
          languages: ['Arabic', 'English'],
          captions: [],
          female_only: false,
          price_halalas: 19_900,
          weeks: [
            { syllabus_title: 'Scope', syllabus_title_ar: 'النطاق', lectures: 2, quizzes: 1, assignments: 0 },
          ],
          surveys: { pre: null, post: null },
          start_date: '2030-03-02',
          end_date: '2030-04-12',
          routine: [{ day: 'Sunday', start_time: '17:00', end_time: '19:00' }],
          facilitators: [],
        },
        cover,
        [],
      ),
    );
    if (status === 'Approved') {
      await db.query("UPDATE courses SET status = 'Approved', decided_at = now() WHERE id = $1", [courseId]);
      const trainee = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
      await db.query("INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')", [
        trainee?.id,
        courseId,
      ]);
    }
    const session = await startSession(db, tokens, trainer);
    return {
      [INJECTED_ACCESS_TOKEN]: session.access_token,
      [INJECTED_AUTHORING.courseId]: courseId,
      [INJECTED_AUTHORING.courseCover]: coverAddress,
      [INJECTED_AUTHORING.categoryId]: categoryId,
      [INJECTED_AUTHORING.newCover]: await upload(),
    };
  }

  return {
    [AUTHORING_COURSE_STATES.trainerCoursesDecided]: async () => {
      const approved = await trainerWithCourse('Pending');
      const rejected = await trainerWithCourse('Pending');
      const trainer = await ensureUser(db, PACT_TRAINER);
      await db.query('DELETE FROM notifications WHERE user_id = $1', [trainer.id]);
      await decideCourse(db, server.notifier, server.url, Number(approved[INJECTED_AUTHORING.courseId]), {
        approve: true,
      });
      await decideCourse(db, server.notifier, server.url, Number(rejected[INJECTED_AUTHORING.courseId]), {
        approve: false,
        reason: 'Add the practical labs to the weekly plan.',
      });
      return { [INJECTED_ACCESS_TOKEN]: rejected[INJECTED_ACCESS_TOKEN] };
    },
    [AUTHORING_COURSE_STATES.trainerHasPendingCourse]: () => trainerWithCourse('Pending'),
    [AUTHORING_COURSE_STATES.trainerCourseHasTrainees]: () => trainerWithCourse('Approved'),
    [AUTHORING_COURSE_STATES.surveyCategoriesExist]: async () => {
      await seed(db);
      return undefined;
    },
  };
}
