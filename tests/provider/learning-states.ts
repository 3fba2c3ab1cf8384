import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startSession } from '../../server/auth/sessions';
import type { Queryable } from '../../server/db';
import { finishAttempt } from '../../server/quizzes/queries';
import type { TestServer } from '../../server/testing';
import { type CreatedQuestion, enrol, setUpQuiz } from '../../server/testing-quizzes';
import type { UserRow } from '../../server/users';
import {
  INJECTED_ACCESS_TOKEN,
  INJECTED_ATTEMPT_ID,
  INJECTED_COURSE_ID,
  INJECTED_FILE_ADDRESS,
  INJECTED_LECTURES,
  INJECTED_QUESTION_ID,
  INJECTED_SURVEY_QUESTION_IDS,
  PROVIDER_STATES,
} from '../pact/states';
import type { StateHandlers } from './pact-files';

/** The bytes of each kind of file the states store (short, but of the right type). */
const BYTES: Record<string, { type: string; bytes: Buffer }> = {
  mp4: {
    type: 'video/mp4',
    bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]),
  },
  vtt: { type: 'text/vtt; charset=utf-8', bytes: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n') },
  jpg: { type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0xff, 0xd9]) },
  pdf: {
    type: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  },
};

/**
 * The provider states of the learning contracts: a course of the trainee's own whose lectures are
 * made anew by each state with SQL (a text, a video with captions, a PDF in week 1; an assignment,
 * a quiz and a survey in week 2), and what each interaction needs on top (a submission, an attempt).
 */
export function learningStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens } = server;

  /** A stored file: its uploads row and its bytes in the upload folder. */
  async function storeFile(ownerId: number, name: string, extension: string): Promise<string> {
    const id = randomUUID();
    const file = BYTES[extension];
    if (!file) throw new Error(`No bytes for .${extension}`);
    const path = `learning/${id}.${extension}`;
    await mkdir(dirname(join(server.uploadsDir, path)), { recursive: true });
    await writeFile(join(server.uploadsDir, path), file.bytes);
    await db.query(
      `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, ownerId, path, name, extension, file.type, file.bytes.length],
    );
    return id;
  }

  async function lecture(
    q: Queryable,
    courseId: number,
    week: number,
    position: number,
    fields: {
      class_type: string;
      title: string;
      title_ar: string;
      body?: string;
      file_id?: string;
      duration?: number;
      captions?: unknown;
    },
  ): Promise<number> {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO lectures (course_id, week, position, class_type, title, title_ar, description, description_ar,
         body, body_ar, file_id, duration_seconds, captions)
       VALUES ($1, $2, $3, $4, $5, $6, 'What this lecture is about.', 'عمّ تتحدث هذه المحاضرة.', $7, $7, $8, $9, $10::jsonb)
       RETURNING id`,
      [
        courseId,
        week,
        position,
        fields.class_type,
        fields.title,
        fields.title_ar,
        fields.body ?? '',
        fields.file_id ?? null,
        fields.duration ?? null,
        JSON.stringify(fields.captions ?? []),
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The lecture was not created');
    return id;
  }

  /**
   * The demo trainee, signed in, enrolled (or `status`) in one course only: an approved course no
   * seeded lecture uses, its lectures made anew.
   */
  async function learningCourse(status: 'enrolled' | 'withdrawn' = 'enrolled') {
    const user = await trainee();
    const { rows: courses } = await db.query<{ id: number; created_by: number | null }>(
      `SELECT c.id, c.created_by FROM courses c WHERE c.status = 'Approved'
         AND NOT EXISTS (SELECT 1 FROM lectures l WHERE l.course_id = c.id AND l.slug IS NOT NULL)
       ORDER BY c.id DESC LIMIT 1`,
    );
    const course = courses[0];
    if (!course) throw new Error('No approved course without seeded lectures');
    await db.query('DELETE FROM lectures WHERE course_id = $1', [course.id]);
    await db.query('DELETE FROM enrolments WHERE user_id = $1', [user.id]);
    await enrol(db, user.id, course.id, status);
    const trainer = course.created_by ?? user.id;

    const video = await storeFile(trainer, 'cloud-intro.mp4', 'mp4');
    // The facts read from the video once stored (server/media/video-facts.ts).
    const poster = await storeFile(trainer, 'cloud-intro.jpg', 'jpg');
    await db.query('UPDATE uploads SET duration_seconds = 95, poster_id = $2 WHERE id = $1', [video, poster]);
    const captions = [
      { language: 'en', label: 'English', file_id: await storeFile(trainer, 'cloud-intro.en.vtt', 'vtt') },
      { language: 'ar', label: 'العربية', file_id: await storeFile(trainer, 'cloud-intro.ar.vtt', 'vtt') },
    ];
    const notes = await storeFile(trainer, 'cloud-notes.pdf', 'pdf');
    const answerFile = await storeFile(user.id, 'deployment.pdf', 'pdf');

    const ids = {
      read: await lecture(db, course.id, 1, 1, {
        class_type: 'Class',
        title: 'Welcome',
        title_ar: 'مرحباً',
        body: 'Welcome to the course.\n\nRead this first.',
      }),
      video: await lecture(db, course.id, 1, 2, {
        class_type: 'Class',
        title: 'What the cloud is',
        title_ar: 'ما هي السحابة',
        file_id: video,
        duration: 95,
        captions,
      }),
      pdf: await lecture(db, course.id, 1, 3, {
        class_type: 'Class',
        title: 'Course notes',
        title_ar: 'ملاحظات الدورة',
        file_id: notes,
      }),
      assignment: await lecture(db, course.id, 2, 1, {
        class_type: 'Assignment',
        title: 'Design a deployment',
        title_ar: 'تصميم نشر',
      }),
      quiz: await lecture(db, course.id, 2, 2, {
        class_type: 'Quiz',
        title: 'Service models quiz',
        title_ar: 'اختبار نماذج الخدمة',
      }),
      survey: await lecture(db, course.id, 2, 3, {
        class_type: 'Survey',
        title: 'Before the course',
        title_ar: 'قبل الدورة',
      }),
    };
    const questions = await setUpQuiz(db, ids.quiz, {
      timeLimitSeconds: 600,
      attemptsAllowed: 1,
      questions: [
        {
          kind: 'single',
          text: 'Which service model rents virtual machines?',
          options: ['IaaS', 'PaaS', 'SaaS'],
          correct: [0],
        },
        {
          kind: 'multiple',
          text: 'Which are public clouds?',
          options: ['AWS', 'A server room', 'Azure', 'A laptop'],
          correct: [0, 2],
        },
        {
          kind: 'true_false',
          text: 'Elasticity means paying for what you use.',
          options: ['True', 'False'],
          correct: [1],
        },
      ],
    });
    await db.query(`INSERT INTO surveys (lecture_id, stage) VALUES ($1, 'pre')`, [ids.survey]);
    const surveyQuestion = async (
      position: number,
      kind: string,
      text: string,
      required: boolean,
      options: unknown[],
    ) => {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO questions (lecture_id, position, kind, text, text_ar, options, required)
         VALUES ($1, $2, $3, $4, $4, $5::jsonb, $6) RETURNING id`,
        [ids.survey, position, kind, text, JSON.stringify(options), required],
      );
      return rows[0]?.id ?? 0;
    };
    const survey = {
      rating: await surveyQuestion(1, 'rating', 'How well do you know the subject?', true, []),
      choice: await surveyQuestion(2, 'choice', 'How did you hear of the course?', true, [
        { id: 1, text: 'A colleague', text_ar: 'زميل' },
        { id: 2, text: 'The website', text_ar: 'الموقع' },
      ]),
      text: await surveyQuestion(3, 'text', 'What do you hope to learn?', false, []),
    };

    const session = await startSession(db, tokens, user);
    const injected = {
      [INJECTED_ACCESS_TOKEN]: session.access_token,
      [INJECTED_COURSE_ID]: course.id,
      [INJECTED_FILE_ADDRESS]: `/api/v1/files/${answerFile}`,
      [INJECTED_QUESTION_ID]: questions[0]?.id ?? 0,
      [INJECTED_SURVEY_QUESTION_IDS.rating]: survey.rating,
      [INJECTED_SURVEY_QUESTION_IDS.choice]: survey.choice,
      [INJECTED_SURVEY_QUESTION_IDS.text]: survey.text,
      ...Object.fromEntries(
        Object.entries(INJECTED_LECTURES).map(([kind, key]) => [key, ids[kind as keyof typeof ids]]),
      ),
    };
    return { user, courseId: course.id, ids, questions, answerFile, injected };
  }

  /** An attempt at the quiz, started `ago` seconds ago, with the first question answered `choice`. */
  async function attempt(
    setting: Awaited<ReturnType<typeof learningCourse>>,
    ago: number,
    choice: number[],
  ): Promise<{ id: string; first: CreatedQuestion }> {
    const id = randomUUID();
    const first = setting.questions[0];
    if (!first) throw new Error('The quiz has no question');
    await db.query(
      `INSERT INTO quiz_attempts (id, lecture_id, user_id, number, started_at, deadline)
       VALUES ($1, $2, $3, 1, now() - make_interval(secs => $4), now() - make_interval(secs => $4) + interval '600 seconds')`,
      [id, setting.ids.quiz, setting.user.id, ago],
    );
    await db.query(
      'INSERT INTO quiz_answers (attempt_id, question_id, choice, version) VALUES ($1, $2, $3::jsonb, 1)',
      [id, first.id, JSON.stringify(choice)],
    );
    return { id, first };
  }

  /** A submission of the trainee's file at the assignment, with its status. */
  async function submission(
    setting: Awaited<ReturnType<typeof learningCourse>>,
    status: 'Submitted' | 'Returned',
  ) {
    await db.query(
      `INSERT INTO submissions (lecture_id, user_id, attempt, file_id, status, feedback, submitted_at, reviewed_at)
       VALUES ($1, $2, 1, $3, $4, $5, now() - interval '3 days', $6)`,
      [
        setting.ids.assignment,
        setting.user.id,
        setting.answerFile,
        status,
        status === 'Returned' ? 'Add the network diagram.' : null,
        status === 'Returned' ? new Date(Date.now() - 2 * 86_400_000) : null,
      ],
    );
    await db.query('INSERT INTO lecture_reads (user_id, lecture_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      setting.user.id,
      setting.ids.assignment,
    ]);
  }

  return {
    [PROVIDER_STATES.learningCourse]: async () => (await learningCourse()).injected,
    [PROVIDER_STATES.learningWithdrawn]: async () => (await learningCourse('withdrawn')).injected,
    [PROVIDER_STATES.assignmentAwaitingGrade]: async () => {
      const setting = await learningCourse();
      await submission(setting, 'Submitted');
      // A second file to hand in.
      const again = await storeFile(setting.user.id, 'deployment-2.pdf', 'pdf');
      return { ...setting.injected, [INJECTED_FILE_ADDRESS]: `/api/v1/files/${again}` };
    },
    [PROVIDER_STATES.assignmentReturned]: async () => {
      const setting = await learningCourse();
      await submission(setting, 'Returned');
      return setting.injected;
    },
    [PROVIDER_STATES.quizAttemptInProgress]: async () => {
      const setting = await learningCourse();
      const started = await attempt(setting, 60, [2]);
      return { ...setting.injected, [INJECTED_ATTEMPT_ID]: started.id };
    },
    [PROVIDER_STATES.quizAttemptTimedOut]: async () => {
      const setting = await learningCourse();
      const started = await attempt(setting, 700, [2]);
      return { ...setting.injected, [INJECTED_ATTEMPT_ID]: started.id };
    },
    [PROVIDER_STATES.quizAttemptSubmitted]: async () => {
      const setting = await learningCourse();
      const started = await attempt(setting, 400, [1]);
      await db.transaction((tx) =>
        finishAttempt(
          tx,
          { id: started.id, lecture_id: setting.ids.quiz, user_id: setting.user.id },
          { trainee: randomUUID() },
        ),
      );
      return { ...setting.injected, [INJECTED_ATTEMPT_ID]: started.id };
    },
  };
}
