import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTHORING_VALIDATION, type ClassInput, LONG_TEXT_MAX, TITLE_MAX } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  authoringCourseSchema,
  classRecordSchema,
  classSavedSchema,
  classTypeListSchema,
} from '@contract/wire/authoring';
import {
  attemptReviewSchema,
  attemptSchema,
  courseLecturesSchema,
  lectureDetailsSchema,
  uploadResponseSchema,
} from '@contract/wire/learning';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { ROOT } from '../../server/paths';
import { RATE_LIMITS } from '../../server/rate-limits';
import { LEARNING_COURSES, VIDEO_SECONDS } from '../../server/seed-learning';
import {
  courseIdBySlug,
  enrolBySlug,
  lectureIdBySlug,
  signedInTrainee,
  startTestServer,
  type TestServer,
} from '../../server/testing';
import { ensureUser, findUserByEmail } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let cloudId: number;
/** The demo trainer, who teaches the cloud course; the demo trainee studies it. */
let trainerToken: string;
let traineeToken: string;
/** An approved trainer who does not teach the cloud course, and one named its facilitator. */
let strangerToken: string;
let facilitatorToken: string;
let facilitatorId: number;

async function trainer(email: string, id: string): Promise<{ token: string; id: number }> {
  const user = await ensureUser(server.db, {
    email,
    password: 'Trainer#2026xyz',
    full_name: 'Reem Al-Otaibi',
    role: 'TRAINER',
    phone_number: '0552223333',
    govt_id_or_iqama_no: id,
    approved: true,
  });
  return { token: (await server.tokens.issue('access', user)).token, id: user.id };
}

beforeAll(async () => {
  server = await startTestServer();
  const demoTrainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  const demoTrainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  if (!demoTrainer || !demoTrainee) throw new Error('The demo accounts are not seeded');
  trainerToken = (await server.tokens.issue('access', demoTrainer)).token;
  traineeToken = (await server.tokens.issue('access', demoTrainee)).token;
  cloudId = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
  strangerToken = (await trainer('stranger.trainer@example.com', '1066677788')).token;
  const facilitator = await trainer('facilitator.trainer@example.com', '1066677789');
  facilitatorToken = facilitator.token;
  facilitatorId = facilitator.id;
  await server.db.query('INSERT INTO course_facilitators (course_id, user_id) VALUES ($1, $2)', [
    cloudId,
    facilitatorId,
  ]);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  // Each test starts from the seeded, approved, ongoing course.
  await server.db.query(
    `UPDATE courses SET status = 'Approved', end_date = greatest(end_date, current_date + 30) WHERE id = $1`,
    [cloudId],
  );
});

const { call } = testClient(() => server);

const refusal = (message: string) => ({ success: false, details: [{ message }] });

async function upload(token: string, bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  const answer = await call('/upload/', { token, body: form });
  expect(answer.status, name).toBe(200);
  return uploadResponseSchema.parse(answer.body).file;
}

const seedFile = (name: string) => readFile(join(ROOT, 'server', 'seed-files', name));

/** A class payload of the cloud course's first week. */
function payload(more: Partial<ClassInput> = {}): ClassInput {
  return {
    class_type: 1,
    course: cloudId,
    week: 1,
    detail_info: {
      title: 'Regions and zones',
      description: 'A region holds several zones.\n\nPut copies in two zones.',
      file: null,
    },
    quiz_info: [],
    ...more,
  };
}

const QUIZ = {
  class_type: 3,
  quiz_info: [
    {
      question: {
        text: 'Which model rents servers?',
        kind: 'single',
        options: ['IaaS', 'SaaS'],
        correct: [0],
        marks: 2,
      },
    },
    {
      question: {
        text: 'Which are deployment models?',
        kind: 'multiple',
        options: ['Public', 'Hybrid', 'Serverless'],
        correct: [0, 1],
        marks: 5,
      },
    },
    {
      question: {
        text: 'SaaS is patched by you.',
        kind: 'true_false',
        options: ['True', 'False'],
        correct: [1],
        marks: 3,
      },
    },
  ],
  quiz_settings: { time_limit_minutes: 10, attempts_allowed: 2, shows_answers: true },
} satisfies Partial<ClassInput>;

function quizPayload(more: Partial<ClassInput> = {}): ClassInput {
  return payload({ ...QUIZ, detail_info: { title: 'Models check', description: '', file: null }, ...more });
}

async function create(body: unknown, token = trainerToken) {
  return call('/course/class-create/', { token, body });
}

async function created(body: ClassInput, token = trainerToken) {
  const answer = await create(body, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return classSavedSchema.parse(answer.body);
}

async function record(lectureId: number, token = trainerToken) {
  const answer = await call(`/course/class-create/${lectureId}/`, { token });
  expect(answer.status).toBe(200);
  return classRecordSchema.parse(answer.body);
}

const put = (lectureId: number, body: unknown, token = trainerToken) =>
  call(`/course/class-create/${lectureId}/`, { token, method: 'PUT', body });

async function positionOf(lectureId: number): Promise<{ week: number; position: number; last: number }> {
  const { rows } = await server.db.query<{ week: number; position: number; last: number }>(
    `SELECT l.week, l.position,
       (SELECT max(position) FROM lectures o WHERE o.course_id = l.course_id AND o.week = l.week) AS last
     FROM lectures l WHERE l.id = $1`,
    [lectureId],
  );
  const row = rows[0];
  if (!row) throw new Error('no lecture');
  return row;
}

describe('GET /course/class-type/', () => {
  it('lists Class, Assignment and Quiz for a trainer, and refuses a trainee', async () => {
    const answer = await call('/course/class-type/', { token: trainerToken });
    expect(classTypeListSchema.parse(answer.body)).toEqual([
      { id: 1, name: 'Class' },
      { id: 2, name: 'Assignment' },
      { id: 3, name: 'Quiz' },
    ]);
    expect(await call('/course/class-type/', { token: traineeToken })).toEqual({
      status: 403,
      body: refusal(SERVER_MESSAGES.trainersOnly),
    });
  });
});

describe('POST /course/class-create/', () => {
  it('adds a text class at the end of its week: the description is the text trainees read, paragraphs kept', async () => {
    const saved = await created(payload());
    expect(saved.message).toBe(AUTHORING_MESSAGES.classCreated);
    expect(saved.data).toMatchObject({
      class_type: 1,
      class_type_name: 'Class',
      course: cloudId,
      week: 1,
      detail_info: payload().detail_info,
      file: null,
      quiz_info: [],
      quiz_settings: null,
      has_work: false,
    });
    const place = await positionOf(saved.data.id);
    expect(place.position).toBe(place.last);
    const details = lectureDetailsSchema.parse(
      (await call(`/course/individual-course-lecture-details/${saved.data.id}/`, { token: traineeToken }))
        .body,
    );
    expect(details.body).toBe('A region holds several zones.\n\nPut copies in two zones.');
    expect(details.description).toBe('');
    expect(details.file).toBeNull();
  });

  it('adds a video class with its signed link, and its length once read from the file', async () => {
    const file = await upload(trainerToken, await seedFile('cloud-intro.mp4'), 'intro.mp4');
    const saved = await created(payload({ detail_info: { title: 'Intro', description: 'Watch it.', file } }));
    expect(saved.data.detail_info.file).toBe(file);
    expect(saved.data.file).toMatchObject({ name: 'intro.mp4', extension: 'mp4' });
    expect(saved.data.file?.url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    // Read in the background once the upload is stored (server/media/video-facts.ts).
    await server.uploads.settle();
    const { rows } = await server.db.query<{ duration_seconds: number | null }>(
      'SELECT duration_seconds FROM lectures WHERE id = $1',
      [saved.data.id],
    );
    expect(rows[0]?.duration_seconds).toBe(VIDEO_SECONDS);
  });

  it('refuses a class whose file the player cannot show, but takes it for an assignment', async () => {
    const sheet = await upload(trainerToken, Buffer.from('name,score\nSara,9\n'), 'scores.csv');
    const answer = await create(
      payload({ detail_info: { title: 'Scores', description: 'See.', file: sheet } }),
    );
    expect(answer).toEqual({
      status: 400,
      body: {
        success: false,
        details: [{ field: 'detail_info.file', message: AUTHORING_VALIDATION.classFileType }],
      },
    });
    const saved = await created(
      payload({ class_type: 2, detail_info: { title: 'Grade these', description: '', file: sheet } }),
    );
    expect(saved.data).toMatchObject({ class_type_name: 'Assignment', detail_info: { file: sheet } });
  });

  it('adds an assignment with a PDF brief and no description', async () => {
    const file = await upload(trainerToken, await seedFile('assignment-brief.pdf'), 'brief.pdf');
    const saved = await created(
      payload({ class_type: 2, week: 2, detail_info: { title: 'Design a backup', description: '', file } }),
    );
    expect(saved.data).toMatchObject({
      class_type_name: 'Assignment',
      week: 2,
      file: { extension: 'pdf', name: 'brief.pdf' },
    });
  });

  it('adds a quiz with its settings and questions, given back in the payload’s shape', async () => {
    const saved = await created(quizPayload());
    expect(saved.message).toBe(AUTHORING_MESSAGES.quizCreated);
    expect(saved.data.quiz_info).toEqual(QUIZ.quiz_info);
    expect(saved.data.quiz_settings).toEqual(QUIZ.quiz_settings);
    const { rows: quiz } = await server.db.query(
      'SELECT time_limit_seconds, attempts_allowed, shows_answers FROM quizzes WHERE lecture_id = $1',
      [saved.data.id],
    );
    expect(quiz).toEqual([{ time_limit_seconds: 600, attempts_allowed: 2, shows_answers: true }]);
    const { rows: questions } = await server.db.query<{ options: unknown; correct: unknown; marks: number }>(
      'SELECT options, correct, marks::float8 AS marks FROM questions WHERE lecture_id = $1 ORDER BY position',
      [saved.data.id],
    );
    expect(questions[1]).toEqual({
      options: [
        { id: 1, text: 'Public', text_ar: '' },
        { id: 2, text: 'Hybrid', text_ar: '' },
        { id: 3, text: 'Serverless', text_ar: '' },
      ],
      correct: [1, 2],
      marks: 5,
    });
  });

  it('answers 400 with every broken rule at the path of its field, storing nothing', async () => {
    const { rows: before } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM lectures WHERE course_id = $1',
      [cloudId],
    );
    const lecturesBefore = before[0]?.count;
    const blank = await create(
      payload({ detail_info: { title: ' ', description: '', file: null }, week: 0 }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual(
      expect.arrayContaining([
        { field: 'detail_info.title', message: 'Class title is required' },
        { field: 'week', message: AUTHORING_VALIDATION.weekInvalid },
      ]),
    );
    const noDescription = await create(payload({ detail_info: { title: 'A', description: '', file: null } }));
    expect(noDescription.body).toEqual({
      success: false,
      details: [{ field: 'detail_info.description', message: 'Class description is required' }],
    });
    const noQuestions = await create(quizPayload({ quiz_info: [] }));
    expect(noQuestions.body).toEqual({
      success: false,
      details: [{ field: 'quiz_info', message: 'Quiz field is required' }],
    });
    const heavy = QUIZ.quiz_info.map((item) => ({ question: { ...item.question, marks: 4 } }));
    const tooManyMarks = await create(quizPayload({ quiz_info: heavy }));
    expect(tooManyMarks.body).toEqual({
      success: false,
      details: [{ field: 'quiz_info', message: AUTHORING_VALIDATION.marksTotal }],
    });
    const notJson = await call('/course/class-create/', { token: trainerToken, body: '[1,' });
    expect(notJson.status).toBe(400);
    const { rows } = await server.db.query(
      'SELECT count(*)::int AS count FROM lectures WHERE course_id = $1',
      [cloudId],
    );
    expect(rows).toEqual([{ count: lecturesBefore }]);
  });

  it('refuses a course that is not approved, or has ended', async () => {
    await server.db.query(`UPDATE courses SET status = 'Pending' WHERE id = $1`, [cloudId]);
    expect(await create(payload())).toEqual({
      status: 403,
      body: refusal(AUTHORING_MESSAGES.courseNotApproved),
    });
    await server.db.query(
      `UPDATE courses SET status = 'Approved', end_date = current_date - 1, start_date = current_date - 60 WHERE id = $1`,
      [cloudId],
    );
    expect(await create(payload())).toEqual({ status: 403, body: refusal(AUTHORING_MESSAGES.courseEnded) });
  });

  it('refuses a trainer who does not teach the course, a trainee, and a course that does not exist', async () => {
    expect(await create(payload(), strangerToken)).toEqual({
      status: 403,
      body: refusal(AUTHORING_MESSAGES.notYourCourse),
    });
    expect((await create(payload(), traineeToken)).status).toBe(403);
    expect((await create(payload(), '')).status).toBe(401);
    expect((await create(payload({ course: 999_999 }))).status).toBe(404);
  });

  it('lets a facilitator named on the course add a class', async () => {
    const saved = await created(
      payload({ detail_info: { title: 'By the facilitator', description: 'Hi.', file: null } }),
      facilitatorToken,
    );
    expect(saved.data.course).toBe(cloudId);
  });

  it('refuses a week the syllabus does not have', async () => {
    const { rows } = await server.db.query<{ weeks: number }>(
      'SELECT jsonb_array_length(weeks) AS weeks FROM courses WHERE id = $1',
      [cloudId],
    );
    const weeks = rows[0]?.weeks ?? 0;
    expect(await create(payload({ week: weeks + 1 }))).toEqual({
      status: 400,
      body: { success: false, details: [{ field: 'week', message: AUTHORING_VALIDATION.weekInvalid }] },
    });
    expect((await create(payload({ week: weeks }))).status).toBe(201);
  });

  it('refuses a file the trainer did not upload, or no upload at all', async () => {
    const foreign = await upload(strangerToken, await seedFile('cloud-notes.pdf'), 'notes.pdf');
    const theirs = await create(
      payload({ detail_info: { title: 'Notes', description: 'Read.', file: foreign } }),
    );
    expect(theirs).toEqual({
      status: 400,
      body: {
        success: false,
        details: [{ field: 'detail_info.file', message: AUTHORING_VALIDATION.fileUnknown }],
      },
    });
    for (const file of ['/api/v1/files/00000000-0000-4000-8000-000000000000', 'https://example.com/x.pdf']) {
      const answer = await create(payload({ detail_info: { title: 'Notes', description: 'Read.', file } }));
      expect(answer.body, file).toEqual(theirs.body);
    }
  });
});

describe('GET and PUT /course/class-create/{id}/', () => {
  it('gives a seeded quiz back with its correct answers as indexes, and refuses a survey', async () => {
    const quizId = await lectureIdBySlug(server, 'cloud-quiz-models');
    const quiz = await record(quizId);
    expect(quiz.class_type_name).toBe('Quiz');
    expect(quiz.quiz_info.length).toBeGreaterThan(0);
    for (const { question } of quiz.quiz_info) {
      expect(question.correct.every((index) => index >= 0 && index < question.options.length)).toBe(true);
      expect(question.marks).toBe(1);
    }
    const surveyId = await lectureIdBySlug(server, 'cloud-pre-survey');
    expect(await call(`/course/class-create/${surveyId}/`, { token: trainerToken })).toEqual({
      status: 400,
      body: refusal(AUTHORING_MESSAGES.notEditable),
    });
    expect((await call(`/course/class-create/${quizId}/`, { token: strangerToken })).status).toBe(403);
    expect((await call(`/course/class-create/${quizId}/`, { token: traineeToken })).status).toBe(403);
    expect((await call('/course/class-create/999999/', { token: trainerToken })).status).toBe(404);
  });

  it('saves title, text and file, moves the lecture to the end of another week, and changes its type while no one has worked on it', async () => {
    const saved = await created(payload());
    const file = await upload(trainerToken, await seedFile('cloud-notes.pdf'), 'notes.pdf');
    const moved = await put(
      saved.data.id,
      payload({ week: 2, detail_info: { title: 'Regions (notes)', description: 'Read the notes.', file } }),
    );
    expect(moved.status).toBe(200);
    const answer = classSavedSchema.parse(moved.body);
    expect(answer.message).toBe(AUTHORING_MESSAGES.classUpdated);
    expect(answer.data).toMatchObject({ week: 2, detail_info: { title: 'Regions (notes)', file } });
    const place = await positionOf(saved.data.id);
    expect(place).toMatchObject({ week: 2, position: place.last });
    // The facilitator keeps the file already attached (not theirs) and makes it an assignment.
    const retyped = await put(
      saved.data.id,
      payload({ class_type: 2, week: 2, detail_info: { title: 'Regions task', description: '', file } }),
      facilitatorToken,
    );
    expect(retyped.status).toBe(200);
    expect(classSavedSchema.parse(retyped.body).message).toBe(AUTHORING_MESSAGES.assignmentUpdated);
    expect(classSavedSchema.parse(retyped.body).data).toMatchObject({
      class_type_name: 'Assignment',
      file: { name: 'notes.pdf' },
    });
    // Back to a quiz, then to a class: the quiz's rows go with its type.
    const requizzed = await put(saved.data.id, quizPayload({ week: 2 }));
    expect(requizzed.status).toBe(200);
    expect(classSavedSchema.parse(requizzed.body).message).toBe(AUTHORING_MESSAGES.quizUpdated);
    expect((await put(saved.data.id, payload({ week: 2 }))).status).toBe(200);
    const { rows } = await server.db.query(
      'SELECT (SELECT count(*)::int FROM questions WHERE lecture_id = $1) AS questions, (SELECT count(*)::int FROM quizzes WHERE lecture_id = $1) AS quizzes',
      [saved.data.id],
    );
    expect(rows).toEqual([{ questions: 0, quizzes: 0 }]);
  });

  it('refuses a type change once a trainee handed in work, and any save while the course is not approved', async () => {
    const assignmentId = await lectureIdBySlug(server, 'cloud-assignment-compare');
    const current = await record(assignmentId);
    expect(current.has_work).toBe(true);
    const same = {
      class_type: current.class_type,
      course: current.course,
      week: current.week,
      detail_info: { ...current.detail_info, title: 'Compare IaaS, PaaS and SaaS' },
      quiz_info: [],
    };
    expect((await put(assignmentId, same)).status).toBe(200);
    expect(await put(assignmentId, { ...same, class_type: 1 })).toEqual({
      status: 409,
      body: refusal(AUTHORING_MESSAGES.typeHasWork),
    });
    await server.db.query(`UPDATE courses SET status = 'Pending' WHERE id = $1`, [cloudId]);
    expect(await put(assignmentId, same)).toEqual({
      status: 403,
      body: refusal(AUTHORING_MESSAGES.courseNotApproved),
    });
    expect((await call(`/course/class-create/${assignmentId}/`, { token: trainerToken })).status).toBe(200);
    expect((await put(assignmentId, same, strangerToken)).status).toBe(403);
  });

  it('has an enrolled trainee take a created quiz, scored by marks; then keeps its questions but saves the rest', async () => {
    const saved = await created(quizPayload());
    const { user, token } = await signedInTrainee(server, 'taker');
    await enrolBySlug(server, user.id, LEARNING_COURSES.cloud.slug);
    const started = await call(`/learning/lectures/${saved.data.id}/attempts/`, { token, body: {} });
    const attempt = attemptSchema.parse(started.body);
    const [first, second, third] = attempt.questions;
    if (!first || !second || !third) throw new Error('three questions expected');
    const answer = (questionId: number, choice: number[]) =>
      call(`/learning/attempts/${attempt.id}/answers/${questionId}/`, {
        token,
        method: 'PUT',
        body: { choice, version: 1 },
      });
    expect((await answer(first.id, [1])).status).toBe(200); // right: 2 marks
    expect((await answer(second.id, [1])).status).toBe(200); // half the set: wrong, 5 marks lost
    expect((await answer(third.id, [2])).status).toBe(200); // right: 3 marks
    const submitted = await call(`/learning/attempts/${attempt.id}/submit/`, {
      token,
      body: { key: 'k-taker-1' },
    });
    expect(attemptReviewSchema.parse(submitted.body)).toMatchObject({
      score: 5,
      correct_count: 2,
      question_count: 3,
    });

    const current = await record(saved.data.id);
    expect(current.has_work).toBe(true);
    const changed = quizPayload({
      quiz_info: QUIZ.quiz_info.filter((_, index) => index !== 1),
      detail_info: { title: 'Models check (v2)', description: '', file: null },
    });
    expect(await put(saved.data.id, changed)).toEqual({
      status: 409,
      body: refusal(AUTHORING_MESSAGES.quizHasAttempts),
    });
    const renamed = await put(
      saved.data.id,
      quizPayload({
        detail_info: { title: 'Models check (v2)', description: 'Twenty minutes.', file: null },
        quiz_settings: { time_limit_minutes: 20, attempts_allowed: 3, shows_answers: false },
      }),
    );
    expect(renamed.status).toBe(200);
    expect(classSavedSchema.parse(renamed.body).data).toMatchObject({
      detail_info: { title: 'Models check (v2)' },
      quiz_settings: { time_limit_minutes: 20, attempts_allowed: 3, shows_answers: false },
      quiz_info: QUIZ.quiz_info,
    });
    expect(await put(saved.data.id, payload())).toEqual({
      status: 409,
      body: refusal(AUTHORING_MESSAGES.typeHasWork),
    });
  });

  it('replaces a quiz’s questions while no one has taken it, keeping the Arabic of unchanged ones', async () => {
    const saved = await created(quizPayload());
    await server.db.query(
      `UPDATE questions SET text_ar = 'أي نموذج يؤجر الخوادم؟' WHERE lecture_id = $1 AND position = 1`,
      [saved.data.id],
    );
    const answer = await put(
      saved.data.id,
      quizPayload({ quiz_info: QUIZ.quiz_info.filter((_, index) => index !== 1) }),
    );
    expect(answer.status).toBe(200);
    expect(classSavedSchema.parse(answer.body).data.quiz_info).toEqual([
      QUIZ.quiz_info[0],
      QUIZ.quiz_info[2],
    ]);
    const { rows } = await server.db.query<{ text_ar: string }>(
      'SELECT text_ar FROM questions WHERE lecture_id = $1 ORDER BY position',
      [saved.data.id],
    );
    expect(rows.map((row) => row.text_ar)).toEqual(['أي نموذج يؤجر الخوادم؟', '']);
  });
});

describe('GET /authoring/courses/{id}/lectures/', () => {
  it('keeps the post-course evaluation the last lecture of its week', async () => {
    const surveyId = await lectureIdBySlug(server, 'cloud-post-survey');
    const { rows } = await server.db.query<{ week: number }>('SELECT week FROM lectures WHERE id = $1', [
      surveyId,
    ]);
    const week = rows[0]?.week ?? 0;
    const saved = await created(
      payload({
        week,
        detail_info: { title: 'Before the evaluation', description: 'Last words.', file: null },
      }),
    );
    const view = authoringCourseSchema.parse(
      (await call(`/authoring/courses/${cloudId}/lectures/`, { token: trainerToken })).body,
    );
    const ids = view.weeks.find((item) => item.week === week)?.lectures.map((lecture) => lecture.id) ?? [];
    expect(ids.slice(-2)).toEqual([saved.data.id, surveyId]);
  });

  it('gives every syllabus week with its lectures in order, surveys not editable, and what may be done', async () => {
    const saved = await created(
      payload({ week: 3, detail_info: { title: 'Week three extra', description: 'More.', file: null } }),
    );
    const answer = await call(`/authoring/courses/${cloudId}/lectures/`, { token: trainerToken });
    expect(answer.status).toBe(200);
    const view = authoringCourseSchema.parse(answer.body);
    const { rows } = await server.db.query<{ weeks: { syllabus_title: string }[] }>(
      'SELECT weeks FROM courses WHERE id = $1',
      [cloudId],
    );
    const syllabus = rows[0]?.weeks ?? [];
    expect(view.weeks.slice(0, syllabus.length).map((week) => week.title)).toEqual(
      syllabus.map((week) => week.syllabus_title),
    );
    expect(view.role).toBe('trainer');
    expect(view.course).toMatchObject({ id: cloudId, status: 'Approved', display_status: 'ONGOING' });
    // The demo trainee is enrolled: the course cannot be deleted.
    expect(view.flags).toEqual({
      can_edit: true,
      can_delete: false,
      can_add_class: true,
      can_take_action: true,
    });
    // The last lecture but the post-course evaluation, which stays last.
    expect(
      view.weeks
        .find((week) => week.week === 3)
        ?.lectures.filter((l) => l.editable)
        .at(-1),
    ).toMatchObject({
      id: saved.data.id,
      class_type_name: 'Class',
      editable: true,
    });
    const surveys = view.weeks.flatMap((week) => week.lectures).filter((l) => l.class_type_name === 'Survey');
    expect(surveys.length).toBeGreaterThan(0);
    expect(surveys.every((survey) => !survey.editable)).toBe(true);

    const asFacilitator = authoringCourseSchema.parse(
      (await call(`/authoring/courses/${cloudId}/lectures/`, { token: facilitatorToken })).body,
    );
    expect(asFacilitator.role).toBe('facilitator');
    expect(asFacilitator.flags.can_delete).toBe(false);
  });

  it('says what may no longer be done once the course is pending or ended; a deleted course is not found', async () => {
    await server.db.query(`UPDATE courses SET status = 'Pending' WHERE id = $1`, [cloudId]);
    const pending = authoringCourseSchema.parse(
      (await call(`/authoring/courses/${cloudId}/lectures/`, { token: trainerToken })).body,
    );
    expect(pending.flags).toMatchObject({ can_edit: true, can_add_class: false, can_take_action: false });
    expect(pending.course.display_status).toBe('Pending');
    await server.db.query(
      `UPDATE courses SET status = 'Approved', start_date = current_date - 60, end_date = current_date - 1 WHERE id = $1`,
      [cloudId],
    );
    const ended = authoringCourseSchema.parse(
      (await call(`/authoring/courses/${cloudId}/lectures/`, { token: trainerToken })).body,
    );
    expect(ended.flags).toMatchObject({ can_edit: false, can_add_class: false, can_take_action: false });
    expect(ended.course).toMatchObject({ status: 'Approved', display_status: 'Completed' });
    await server.db.query(`UPDATE courses SET status = 'Deleted' WHERE id = $1`, [cloudId]);
    expect((await call(`/authoring/courses/${cloudId}/lectures/`, { token: trainerToken })).status).toBe(404);
    expect((await call(`/authoring/courses/${cloudId}/lectures/`, { token: strangerToken })).status).toBe(
      404,
    );
    await server.db.query(`UPDATE courses SET status = 'Approved' WHERE id = $1`, [cloudId]);
    expect((await call(`/authoring/courses/${cloudId}/lectures/`, { token: strangerToken })).status).toBe(
      403,
    );
    expect((await call(`/authoring/courses/${cloudId}/lectures/`, { token: traineeToken })).status).toBe(403);
  });
});

describe('the Arabic title and description (the product adds them to detail_info)', () => {
  const details = async (lectureId: number) =>
    lectureDetailsSchema.parse(
      (await call(`/course/individual-course-lecture-details/${lectureId}/`, { token: traineeToken })).body,
    );
  const arabic = async (lectureId: number) =>
    (
      await server.db.query<{ title_ar: string; description_ar: string; body_ar: string }>(
        'SELECT title_ar, description_ar, body_ar FROM lectures WHERE id = $1',
        [lectureId],
      )
    ).rows[0];

  it('stores them, gives them back to the form, and shows them to trainees; a text class’s Arabic is its Arabic text', async () => {
    const textClass = await created(
      payload({
        detail_info: {
          title: 'Regions and zones',
          title_ar: '  المناطق والنطاقات ',
          description: 'A region holds several zones.',
          description_ar: 'تضم المنطقة عدة نطاقات.\n\nضع نسخًا في نطاقين.',
          file: null,
        },
      }),
    );
    expect(textClass.data.detail_info).toMatchObject({
      title_ar: 'المناطق والنطاقات',
      description_ar: 'تضم المنطقة عدة نطاقات.\n\nضع نسخًا في نطاقين.',
    });
    expect(await arabic(textClass.data.id)).toEqual({
      title_ar: 'المناطق والنطاقات',
      description_ar: '',
      body_ar: 'تضم المنطقة عدة نطاقات.\n\nضع نسخًا في نطاقين.',
    });
    expect(await details(textClass.data.id)).toMatchObject({
      title_ar: 'المناطق والنطاقات',
      body_ar: 'تضم المنطقة عدة نطاقات.\n\nضع نسخًا في نطاقين.',
    });
    const lectures = courseLecturesSchema.parse(
      (await call(`/learning/courses/${cloudId}/lectures/`, { token: traineeToken })).body,
    );
    const listed = lectures.weeks.flatMap((week) => week.lectures).find(({ id }) => id === textClass.data.id);
    expect(listed?.title_ar).toBe('المناطق والنطاقات');

    const quiz = await created(
      quizPayload({
        detail_info: {
          title: 'Models check',
          title_ar: 'اختبار النماذج',
          description: 'Ten minutes.',
          description_ar: 'عشر دقائق.',
          file: null,
        },
      }),
    );
    expect((await record(quiz.data.id)).detail_info).toEqual({
      title: 'Models check',
      title_ar: 'اختبار النماذج',
      description: 'Ten minutes.',
      description_ar: 'عشر دقائق.',
      file: null,
    });
    expect(await details(quiz.data.id)).toMatchObject({
      title_ar: 'اختبار النماذج',
      description_ar: 'عشر دقائق.',
      body_ar: '',
    });
  });

  it("on PUT stores what is sent ('' clears it); a payload without them keeps the Arabic while the English stays", async () => {
    const assignment = await created(
      payload({
        class_type: 2,
        detail_info: {
          title: 'Compare providers',
          title_ar: 'قارن بين المزودين',
          description: 'Two pages.',
          description_ar: 'صفحتان.',
          file: null,
        },
      }),
    );
    const id = assignment.data.id;
    // The spec's payload, the English unchanged: the Arabic stays.
    const spec = payload({
      class_type: 2,
      detail_info: { title: 'Compare providers', description: 'Two pages.', file: null },
    });
    expect((await put(id, spec)).status).toBe(200);
    expect((await record(id)).detail_info).toMatchObject({
      title_ar: 'قارن بين المزودين',
      description_ar: 'صفحتان.',
    });
    // New Arabic with the same English; then the Arabic title cleared.
    const edited = await put(
      id,
      payload({
        class_type: 2,
        detail_info: { ...spec.detail_info, title_ar: 'مقارنة المزودين', description_ar: 'صفحتان فقط.' },
      }),
    );
    expect(classSavedSchema.parse(edited.body).data.detail_info).toMatchObject({
      title_ar: 'مقارنة المزودين',
      description_ar: 'صفحتان فقط.',
    });
    await put(id, payload({ class_type: 2, detail_info: { ...spec.detail_info, title_ar: '' } }));
    expect((await record(id)).detail_info).toMatchObject({ title_ar: '', description_ar: 'صفحتان فقط.' });
    // The spec's payload with new English: the Arabic of what changed goes with it.
    await put(
      id,
      payload({ class_type: 2, detail_info: { ...spec.detail_info, description: 'Three pages.' } }),
    );
    expect((await record(id)).detail_info).toMatchObject({ title_ar: '', description_ar: '' });
  });

  it('refuses an Arabic title or description over the English limits (400 at its field), storing nothing', async () => {
    const { rows: before } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM lectures',
    );
    const long = await create(
      payload({
        detail_info: { ...payload().detail_info, title_ar: 'ع'.repeat(TITLE_MAX + 1) },
      }),
    );
    expect(long).toEqual({
      status: 400,
      body: {
        success: false,
        details: [{ field: 'detail_info.title_ar', message: AUTHORING_VALIDATION.classTitleMax }],
      },
    });
    const longText = await create(
      payload({
        detail_info: { ...payload().detail_info, description_ar: 'ع'.repeat(LONG_TEXT_MAX + 1) },
      }),
    );
    expect(longText).toEqual({
      status: 400,
      body: {
        success: false,
        details: [{ field: 'detail_info.description_ar', message: AUTHORING_VALIDATION.classDescriptionMax }],
      },
    });
    const notText = await create({ ...payload(), detail_info: { ...payload().detail_info, title_ar: 7 } });
    expect(notText).toEqual({
      status: 400,
      body: {
        success: false,
        details: [{ field: 'detail_info.title_ar', message: AUTHORING_VALIDATION.classTitleMax }],
      },
    });
    // Exactly the limit is taken.
    const fits = await created(
      payload({ detail_info: { ...payload().detail_info, title_ar: 'ع'.repeat(TITLE_MAX) } }),
    );
    expect(fits.data.detail_info.title_ar).toHaveLength(TITLE_MAX);
    const { rows: after } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM lectures',
    );
    expect(after[0]?.count).toBe((before[0]?.count ?? 0) + 1);
  });
});

describe('the preview (GET /course/individual-course-lecture-details/{id}/)', () => {
  it('shows the trainer and facilitators a lecture as a trainee sees it before doing anything', async () => {
    const gradedId = await lectureIdBySlug(server, 'cloud-assignment-compare');
    const asTrainee = lectureDetailsSchema.parse(
      (await call(`/course/individual-course-lecture-details/${gradedId}/`, { token: traineeToken })).body,
    );
    expect(asTrainee.assignment?.submissions.length).toBeGreaterThan(0);
    for (const token of [trainerToken, facilitatorToken]) {
      const preview = lectureDetailsSchema.parse(
        (await call(`/course/individual-course-lecture-details/${gradedId}/`, { token })).body,
      );
      expect(preview).toMatchObject({ id: gradedId, is_read: false, title: asTrainee.title });
      expect(preview.assignment?.submissions).toEqual([]);
    }
    const notesFile = (
      await server.db.query<{ file_id: string }>('SELECT file_id FROM lectures WHERE slug = $1', [
        'cloud-notes-pdf',
      ])
    ).rows[0]?.file_id;
    // With the bearer token too, as the course's trainer can; not a stranger.
    const bearer = (token: string) => call(`/files/${notesFile}`, { token });
    expect((await bearer(facilitatorToken)).status).toBe(200);
    expect((await bearer(strangerToken)).status).toBe(404);
    const videoId = await lectureIdBySlug(server, 'cloud-intro-video');
    const video = lectureDetailsSchema.parse(
      (await call(`/course/individual-course-lecture-details/${videoId}/`, { token: trainerToken })).body,
    );
    expect(video.file?.url).toMatch(/\?expires=\d+&signature=/);
    expect(video.position).toBeNull();
    const quizId = await lectureIdBySlug(server, 'cloud-quiz-models');
    const quiz = lectureDetailsSchema.parse(
      (await call(`/course/individual-course-lecture-details/${quizId}/`, { token: trainerToken })).body,
    );
    expect(quiz.quiz?.attempts).toEqual([]);
    expect(
      await call(`/course/individual-course-lecture-details/${videoId}/`, { token: strangerToken }),
    ).toEqual({
      status: 403,
      body: refusal(AUTHORING_MESSAGES.notYourCourse),
    });
  });
});

describe('the rate limit of class saves', () => {
  it('refuses a trainer’s saves past the limit with 429', async () => {
    const limited = await startTestServer({
      rateLimits: { ...RATE_LIMITS, classSaveAccount: { ...RATE_LIMITS.classSaveAccount, max: 2 } },
    });
    try {
      const user = await findUserByEmail(limited.db, DEMO_ACCOUNTS.trainer.email);
      if (!user) throw new Error('no demo trainer');
      const token = (await limited.tokens.issue('access', user)).token;
      const course = await courseIdBySlug(limited, LEARNING_COURSES.cloud.slug);
      const save = () =>
        testClient(limited).call('/course/class-create/', { token, body: payload({ course }) });
      expect((await save()).status).toBe(201);
      expect((await save()).status).toBe(201);
      const refused = await save();
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject(refusal(SERVER_MESSAGES.tooManyRequests));
    } finally {
      await limited.close();
    }
  }, 90_000);
});
