import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  type Attempt,
  type AttemptReview,
  attemptReviewSchema,
  attemptSchema,
  savedAnswerResponseSchema,
} from '@contract/wire/learning';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCommand } from '../../server/cli';
import { type Db, openPglite } from '../../server/db';
import { startMaintenance } from '../../server/maintenance';
import { adminTokenFile, pgliteDir } from '../../server/paths';
import { finishAttempt, startAttempt } from '../../server/quizzes/queries';
import { sweepOverdueAttempts } from '../../server/quizzes/sweep';
import { openSeededPglite } from '../../server/test-database';
import { demoStaffToken, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import {
  ageAttempt,
  type CreatedQuestion,
  createQuiz,
  createReadingLecture,
  enrol,
  type QuizSpec,
  SAMPLE_QUESTIONS,
} from '../../server/testing-quizzes';
import { testClient } from '../support/test-client';

let server: TestServer;
let courseId: number;

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await server.db.query<{ id: number }>(
    "SELECT id FROM courses WHERE status = 'Approved' ORDER BY id LIMIT 1",
  );
  courseId = rows[0]?.id ?? 0;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

interface Trainee {
  id: number;
  token: string;
}

/** A new trainee enrolled in the course. */
async function enrolledTrainee(name = 'quizzer'): Promise<Trainee> {
  const { user, token } = await signedInTrainee(server, name);
  await enrol(server.db, user.id, courseId);
  return { id: user.id, token };
}

const { call } = testClient(() => server);

const refusal = (message: string) => ({ success: false, details: [{ message }] });

async function quiz(spec: Partial<QuizSpec> = {}) {
  return createQuiz(server.db, { courseId, ...spec });
}

/** Asks to start (or resume) an attempt at a quiz lecture: the raw answer. */
const begin = (trainee: Trainee, lectureId: number) =>
  call(`/learning/lectures/${lectureId}/attempts/`, { token: trainee.token, body: {} });

async function start(trainee: Trainee, lectureId: number): Promise<Attempt> {
  const answer = await begin(trainee, lectureId);
  expect([200, 201]).toContain(answer.status);
  return attemptSchema.parse(answer.body);
}

const save = (trainee: Trainee, attemptId: string, questionId: number, choice: number[], version: number) =>
  call(`/learning/attempts/${attemptId}/answers/${questionId}/`, {
    token: trainee.token,
    method: 'PUT',
    body: { choice, version },
  });

const submit = (trainee: Trainee, attemptId: string, key: string = randomUUID()) =>
  call(`/learning/attempts/${attemptId}/submit/`, { token: trainee.token, body: { key } });

/** Answers every question right except the ones named. */
async function answerAll(
  trainee: Trainee,
  attemptId: string,
  questions: CreatedQuestion[],
  wrong: number[] = [],
) {
  for (const question of questions) {
    const choice = wrong.includes(question.id)
      ? question.optionIds.filter((id) => !question.correct.includes(id)).slice(0, 1)
      : question.correct;
    expect((await save(trainee, attemptId, question.id, choice, 1)).status).toBe(200);
  }
}

describe('starting an attempt', () => {
  it('creates attempt 1 with the questions but not their answers, and resumes it on the next start', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz({ timeLimitSeconds: 600 });

    const first = await begin(trainee, lectureId);
    expect(first.status).toBe(201);
    const attempt = attemptSchema.parse(first.body);
    expect(attempt).toMatchObject({
      lecture_id: lectureId,
      course_id: courseId,
      number: 1,
      state: 'in_progress',
    });
    expect(attempt.questions.map((question) => question.id)).toEqual(
      questions.map((question) => question.id),
    );
    expect(attempt.questions[1]?.kind).toBe('multiple');
    expect(JSON.stringify(first.body)).not.toContain('correct');
    expect(attempt.answers).toEqual([]);
    const limit = Date.parse(attempt.deadline ?? '') - Date.parse(attempt.started_at);
    expect(limit).toBe(600_000);
    expect(Math.abs(Date.parse(attempt.server_now) - Date.now())).toBeLessThan(5_000);

    const again = await begin(trainee, lectureId);
    expect(again.status).toBe(200);
    expect(attemptSchema.parse(again.body).id).toBe(attempt.id);
  });

  it('has no deadline without a time limit or a close time', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId } = await quiz();
    expect((await start(trainee, lectureId)).deadline).toBeNull();
  });

  it('sets the deadline to the close time when it comes before the time limit ends', async () => {
    const trainee = await enrolledTrainee();
    const closesAt = new Date(Date.now() + 120_000);
    const { lectureId } = await quiz({ timeLimitSeconds: 3600, closesAt });
    const attempt = await start(trainee, lectureId);
    expect(Date.parse(attempt.deadline ?? '')).toBe(closesAt.getTime());

    const later = await quiz({ timeLimitSeconds: 60, closesAt: new Date(Date.now() + 3_600_000) });
    const limited = await start(trainee, later.lectureId);
    expect(Date.parse(limited.deadline ?? '') - Date.parse(limited.started_at)).toBe(60_000);
  });

  it('refuses a closed quiz and an attempt past the limit (409)', async () => {
    const trainee = await enrolledTrainee();
    const closed = await quiz({ closesAt: new Date(Date.now() - 1000) });
    expect(await begin(trainee, closed.lectureId)).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.quizClosed),
    });

    const { lectureId } = await quiz({ attemptsAllowed: 2 });
    const first = await start(trainee, lectureId);
    expect((await submit(trainee, first.id)).status).toBe(200);
    const second = await start(trainee, lectureId);
    expect(second.number).toBe(2);
    expect((await submit(trainee, second.id)).status).toBe(200);
    expect(await begin(trainee, lectureId)).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.attemptsUsed),
    });
  });

  it('refuses a lecture that is not a quiz (400) and one that does not exist (404)', async () => {
    const trainee = await enrolledTrainee();
    const reading = await createReadingLecture(server.db, courseId);
    expect(await begin(trainee, reading)).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.notAQuiz),
    });
    expect((await begin(trainee, 999999)).status).toBe(404);
  });

  it('makes one attempt of two starts at once', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId } = await quiz({ attemptsAllowed: 3 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => begin(trainee, lectureId)));
    const ids = new Set(answers.map((answer) => attemptSchema.parse(answer.body).id));
    expect(ids.size).toBe(1);
    const { rows } = await server.db.query('SELECT id FROM quiz_attempts WHERE lecture_id = $1', [lectureId]);
    expect(rows).toHaveLength(1);
  });

  it('answers the first attempt to a start whose insert lost the race (unique violation)', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId } = await quiz({ attemptsAllowed: 3 });
    // Both starts find no attempt, then insert together: the second breaks the one-open index.
    let waiting: (() => void)[] = [];
    const racing: Db = {
      ...server.db,
      async query(sql, params) {
        if (sql.includes('INSERT INTO quiz_attempts')) {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === 2) {
              for (const release of waiting) release();
              waiting = [];
            }
          });
        }
        return server.db.query(sql, params);
      },
    };
    const noTimeout = async () => {};
    const [first, second] = await Promise.all([
      startAttempt(racing, trainee.id, lectureId, noTimeout),
      startAttempt(racing, trainee.id, lectureId, noTimeout),
    ]);
    expect(second?.attempt.id).toBe(first?.attempt.id);
    expect([first?.created, second?.created].sort()).toEqual([false, true]);
    const { rows } = await server.db.query('SELECT id FROM quiz_attempts WHERE lecture_id = $1', [lectureId]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a trainee who withdrew (403 with the sentence), and one never enrolled', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId } = await quiz();
    const attempt = await start(trainee, lectureId);
    await enrol(server.db, trainee.id, courseId, 'withdrawn');
    expect(await begin(trainee, lectureId)).toEqual({
      status: 403,
      body: refusal(SERVER_MESSAGES.courseWithdrawn),
    });
    expect(await call(`/learning/attempts/${attempt.id}/`, { token: trainee.token })).toEqual({
      status: 403,
      body: refusal(SERVER_MESSAGES.courseWithdrawn),
    });

    const { token } = await signedInTrainee(server, 'stranger');
    expect(await call(`/learning/lectures/${lectureId}/attempts/`, { token, body: {} })).toEqual({
      status: 403,
      body: refusal(SERVER_MESSAGES.notEnrolled),
    });
  });
});

describe('saving answers', () => {
  it('keeps the highest version: an older one changes nothing and is answered with what is kept', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz();
    const attempt = await start(trainee, lectureId);
    const [single, multiple] = questions as [CreatedQuestion, CreatedQuestion];

    const saved = await save(trainee, attempt.id, single.id, [single.optionIds[1] ?? 0], 2);
    expect(saved.status).toBe(200);
    expect(savedAnswerResponseSchema.parse(saved.body)).toMatchObject({ question_id: single.id, version: 2 });
    const older = await save(trainee, attempt.id, single.id, [single.optionIds[0] ?? 0], 1);
    expect(savedAnswerResponseSchema.parse(older.body).version).toBe(2);
    await save(trainee, attempt.id, multiple.id, multiple.correct, 1);
    await save(trainee, attempt.id, multiple.id, [], 3);

    const read = attemptSchema.parse(
      (await call(`/learning/attempts/${attempt.id}/`, { token: trainee.token })).body,
    );
    expect(read.answers).toEqual([
      { question_id: single.id, choice: [single.optionIds[1]], version: 2 },
      { question_id: multiple.id, choice: [], version: 3 },
    ]);
  });

  it('refuses choices outside the options, two for a single choice, and repeated ids (400)', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz();
    const attempt = await start(trainee, lectureId);
    const [single, multiple, trueFalse] = questions as [CreatedQuestion, CreatedQuestion, CreatedQuestion];
    const invalid = { status: 400, body: refusal(SERVER_MESSAGES.answerInvalid) };

    expect(await save(trainee, attempt.id, single.id, [multiple.optionIds[0] ?? 0], 1)).toEqual(invalid);
    expect(await save(trainee, attempt.id, single.id, single.optionIds.slice(0, 2), 1)).toEqual(invalid);
    expect(await save(trainee, attempt.id, trueFalse.id, trueFalse.optionIds, 1)).toEqual(invalid);
    expect(
      await save(
        trainee,
        attempt.id,
        multiple.id,
        [multiple.optionIds[0] ?? 0, multiple.optionIds[0] ?? 0],
        1,
      ),
    ).toEqual(invalid);
    expect(
      await call(`/learning/attempts/${attempt.id}/answers/${single.id}/`, {
        token: trainee.token,
        method: 'PUT',
        body: {
          choice: ['a'],
          version: 1,
        },
      }),
    ).toEqual(invalid);
    expect(
      await call(`/learning/attempts/${attempt.id}/answers/${single.id}/`, {
        token: trainee.token,
        method: 'PUT',
        body: {
          choice: [],
          version: 0,
        },
      }),
    ).toEqual(invalid);
    // A question of another quiz is not found.
    const other = await quiz();
    expect((await save(trainee, attempt.id, other.questions[0]?.id ?? 0, [], 1)).status).toBe(404);
    expect((await save(trainee, attempt.id, multiple.id, multiple.optionIds, 1)).status).toBe(200);
  });

  // Only PostgreSQL runs two transactions at once (`npm run with-postgres -- npx vitest run …`).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'refuses an answer that waited for a submit holding the attempt, and stores nothing',
    async () => {
      const trainee = await enrolledTrainee();
      const { lectureId, questions } = await quiz();
      const attempt = await start(trainee, lectureId);
      const [single] = questions as [CreatedQuestion];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const submitting = server.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM quiz_attempts WHERE id = $1 FOR UPDATE', [attempt.id]);
        await finishAttempt(
          tx,
          { id: attempt.id, lecture_id: lectureId, user_id: trainee.id },
          { trainee: randomUUID() },
        );
        locked();
        await held;
      });
      await lockTaken;
      const saving = save(trainee, attempt.id, single.id, single.correct, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await submitting;
      expect(await saving).toEqual({ status: 409, body: refusal(SERVER_MESSAGES.attemptEnded) });
      const { rows } = await server.db.query('SELECT 1 FROM quiz_answers WHERE attempt_id = $1', [
        attempt.id,
      ]);
      expect(rows).toEqual([]);
    },
  );

  it('refuses an answer after the deadline or the submission (409), and submits the overdue attempt', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz({ timeLimitSeconds: 60, attemptsAllowed: 2 });
    const [single] = questions as [CreatedQuestion];
    const attempt = await start(trainee, lectureId);
    await save(trainee, attempt.id, single.id, single.correct, 1);
    await ageAttempt(server.db, attempt.id, 61);

    expect(await save(trainee, attempt.id, single.id, [], 2)).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.attemptEnded),
    });
    const review = attemptReviewSchema.parse(
      (await call(`/learning/attempts/${attempt.id}/review/`, { token: trainee.token })).body,
    );
    expect(review).toMatchObject({ submitted_by: 'timeout', correct_count: 1, score: 3.33 });

    const second = await start(trainee, lectureId);
    expect((await submit(trainee, second.id)).status).toBe(200);
    expect((await save(trainee, second.id, single.id, single.correct, 1)).status).toBe(409);
  });

  it('answers 404 to another trainee, for every call on the attempt', async () => {
    const trainee = await enrolledTrainee();
    const other = await enrolledTrainee('neighbour');
    const { lectureId, questions } = await quiz();
    const attempt = await start(trainee, lectureId);
    const notFound = { status: 404, body: refusal(SERVER_MESSAGES.notFound) };
    expect(await call(`/learning/attempts/${attempt.id}/`, { token: other.token })).toEqual(notFound);
    expect(await save(other, attempt.id, questions[0]?.id ?? 0, [], 1)).toEqual(notFound);
    expect(await submit(other, attempt.id)).toEqual(notFound);
    expect(await call(`/learning/attempts/${attempt.id}/review/`, { token: other.token })).toEqual(notFound);
    expect((await call('/learning/attempts/not-an-id/', { token: other.token })).status).toBe(404);
    expect((await call(`/learning/attempts/${attempt.id}/`, { token: trainee.token })).status).toBe(200);
  });
});

describe('submitting', () => {
  it('scores each question alike (a multiple choice right only as the exact set), marks the lecture read', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz();
    const attempt = await start(trainee, lectureId);
    const [single, multiple, trueFalse] = questions as [CreatedQuestion, CreatedQuestion, CreatedQuestion];
    await save(trainee, attempt.id, single.id, single.correct, 1);
    await save(trainee, attempt.id, multiple.id, multiple.correct.slice(0, 1), 1);
    await save(trainee, attempt.id, trueFalse.id, trueFalse.correct, 1);

    const answer = await submit(trainee, attempt.id);
    expect(answer.status).toBe(200);
    const review = attemptReviewSchema.parse(answer.body);
    expect(review).toMatchObject({
      id: attempt.id,
      score: 6.67,
      correct_count: 2,
      question_count: 3,
      submitted_by: 'trainee',
    });
    expect(review.questions.map((question) => question.is_correct)).toEqual([true, false, true]);
    expect(review.questions[1]?.correct).toEqual(multiple.correct);
    expect(review.questions[1]?.choice).toEqual(multiple.correct.slice(0, 1));
    const { rows } = await server.db.query(
      'SELECT 1 FROM lecture_reads WHERE user_id = $1 AND lecture_id = $2',
      [trainee.id, lectureId],
    );
    expect(rows).toHaveLength(1);
    const read = attemptSchema.parse(
      (await call(`/learning/attempts/${attempt.id}/`, { token: trainee.token })).body,
    );
    expect(read.state).toBe('submitted');
  });

  it("weighs each question by its marks: the marks earned over the quiz's marks, out of 10", async () => {
    const trainee = await enrolledTrainee();
    const weights = [1, 2.5, 4];
    const { lectureId, questions } = await quiz({
      questions: SAMPLE_QUESTIONS.map((question, index) => ({ ...question, marks: weights[index] ?? 1 })),
    });
    const attempt = await start(trainee, lectureId);
    const [single, multiple, trueFalse] = questions as [CreatedQuestion, CreatedQuestion, CreatedQuestion];
    await save(trainee, attempt.id, single.id, single.correct, 1);
    await save(trainee, attempt.id, multiple.id, multiple.correct, 1);
    await save(trainee, attempt.id, trueFalse.id, trueFalse.optionIds.slice(1), 1);

    const review = attemptReviewSchema.parse((await submit(trainee, attempt.id)).body);
    // 3.5 of 7.5 marks: 4.67 of 10, though two of three questions are right.
    expect(review).toMatchObject({ score: 4.67, correct_count: 2, question_count: 3 });
  });

  it('makes one submission of five submits at once, with different keys or the same key', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz({ attemptsAllowed: 2 });
    for (const sameKey of [false, true]) {
      const attempt = await start(trainee, lectureId);
      await answerAll(trainee, attempt.id, questions);
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => submit(trainee, attempt.id, sameKey ? key : randomUUID())),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const reviews = answers.map((answer) => attemptReviewSchema.parse(answer.body));
      for (const review of reviews) expect(review).toEqual(reviews[0]);
      expect(reviews[0]?.score).toBe(10);
      const { rows } = await server.db.query<{ submitted: number }>(
        'SELECT count(*)::int AS submitted FROM quiz_attempts WHERE id = $1 AND submitted_at IS NOT NULL AND submit_key IS NOT NULL',
        [attempt.id],
      );
      expect(rows[0]?.submitted).toBe(1);
    }
    const { rows } = await server.db.query('SELECT 1 FROM quiz_attempts WHERE lecture_id = $1', [lectureId]);
    expect(rows).toHaveLength(2);
  });

  it('answers the review of a retried submit, whatever its key', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId } = await quiz();
    const attempt = await start(trainee, lectureId);
    const key = randomUUID();
    const first = await submit(trainee, attempt.id, key);
    expect(await submit(trainee, attempt.id, key)).toEqual(first);
    expect(await submit(trainee, attempt.id, randomUUID())).toEqual(first);
    expect(await submit(trainee, attempt.id, 'short')).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.submitKeyInvalid),
    });
  });

  it('refuses a key already spent on another attempt (400)', async () => {
    const trainee = await enrolledTrainee();
    const key = randomUUID();
    const first = await start(trainee, (await quiz()).lectureId);
    expect((await submit(trainee, first.id, key)).status).toBe(200);
    const second = await start(trainee, (await quiz()).lectureId);
    expect(await submit(trainee, second.id, key)).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.submitKeyInvalid),
    });
    expect((await submit(trainee, second.id)).status).toBe(200);
  });
});

describe('the review', () => {
  it('is not found while the attempt is in progress', async () => {
    const trainee = await enrolledTrainee();
    const attempt = await start(trainee, (await quiz()).lectureId);
    expect((await call(`/learning/attempts/${attempt.id}/review/`, { token: trainee.token })).status).toBe(
      404,
    );
  });

  it('hides the correct answers when the quiz does not show them', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz({ showsAnswers: false });
    const attempt = await start(trainee, lectureId);
    await answerAll(trainee, attempt.id, questions, [questions[0]?.id ?? 0]);
    await submit(trainee, attempt.id);
    const answer = await call(`/learning/attempts/${attempt.id}/review/`, { token: trainee.token });
    const review: AttemptReview = attemptReviewSchema.parse(answer.body);
    expect(review.questions.map((question) => question.correct)).toEqual([null, null, null]);
    expect(review.score).toBe(6.67);
  });
});

describe('the sweep', () => {
  it('submits the attempts whose time ran out, scored from their saved answers, and tells the trainees', async () => {
    const trainee = await enrolledTrainee();
    const other = await enrolledTrainee();
    const { lectureId, questions } = await quiz({ timeLimitSeconds: 60 });
    const overdue = await start(trainee, lectureId);
    await answerAll(trainee, overdue.id, questions, [questions[2]?.id ?? 0]);
    const running = await start(other, lectureId);
    await ageAttempt(server.db, overdue.id, 61);

    const submitted = await sweepOverdueAttempts(server.db, server.notifier, { batch: 1 });
    expect(submitted).toBeGreaterThanOrEqual(1);

    const { rows } = await server.db.query<{ id: string; submitted_by: string | null; score: string | null }>(
      'SELECT id, submitted_by, score FROM quiz_attempts WHERE lecture_id = $1 ORDER BY number, user_id',
      [lectureId],
    );
    expect(rows.find((row) => row.id === overdue.id)).toMatchObject({ submitted_by: 'timeout' });
    expect(Number(rows.find((row) => row.id === overdue.id)?.score)).toBe(6.67);
    expect(rows.find((row) => row.id === running.id)?.submitted_by).toBeNull();
    const { rows: reads } = await server.db.query(
      'SELECT 1 FROM lecture_reads WHERE user_id = $1 AND lecture_id = $2',
      [trainee.id, lectureId],
    );
    expect(reads).toHaveLength(1);
    const notifications = await server.notifier.list(trainee.id);
    expect(notifications[0]?.title).toBe('Your quiz was submitted');
    expect(notifications[0]?.link).toBe(`/ongoing-courses/${courseId}/${lectureId}`);

    const read = attemptSchema.parse(
      (await call(`/learning/attempts/${overdue.id}/`, { token: trainee.token })).body,
    );
    expect(read.state).toBe('submitted');
    expect(await sweepOverdueAttempts(server.db, server.notifier)).toBe(0);
  });

  it('submits an overdue attempt when it is read before the sweep came', async () => {
    const trainee = await enrolledTrainee();
    const { lectureId, questions } = await quiz({ timeLimitSeconds: 30 });
    const attempt = await start(trainee, lectureId);
    await answerAll(trainee, attempt.id, questions);
    await ageAttempt(server.db, attempt.id, 31);
    const read = attemptSchema.parse(
      (await call(`/learning/attempts/${attempt.id}/`, { token: trainee.token })).body,
    );
    expect(read.state).toBe('submitted');
    expect(read.answers).toHaveLength(3);
    const review = attemptReviewSchema.parse(
      (await call(`/learning/attempts/${attempt.id}/review/`, { token: trainee.token })).body,
    );
    expect(review).toMatchObject({ submitted_by: 'timeout', score: 10 });
    expect((await server.notifier.list(trainee.id))[0]?.title).toBe('Your quiz was submitted');
  });

  it('runs from the server maintenance at its own short interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const trainee = await enrolledTrainee();
      const { lectureId } = await quiz({ timeLimitSeconds: 60 });
      const attempt = await start(trainee, lectureId);
      const maintenance = startMaintenance(
        server.db,
        { remove: async () => {} },
        {
          quizSweep: { notifier: server.notifier, intervalMs: 1000 },
        },
      );
      await maintenance.idle();
      await ageAttempt(server.db, attempt.id, 61);
      vi.advanceTimersByTime(1000);
      await maintenance.idle();
      await maintenance.stop();
      const { rows } = await server.db.query<{ submitted_by: string | null }>(
        'SELECT submitted_by FROM quiz_attempts WHERE id = $1',
        [attempt.id],
      );
      expect(rows[0]?.submitted_by).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('npm run admin -- set-quiz-time-limit', () => {
  it('sets the limit of the attempts started afterwards through the running server; refuses what is not a quiz', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-quiz-admin-'));
    try {
      await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
      const env = { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken };
      const trainee = await enrolledTrainee();
      const { lectureId } = await quiz({ attemptsAllowed: 2 });
      const running = await start(trainee, lectureId);
      expect(running.deadline).toBeNull();

      const set = await adminCommand(['set-quiz-time-limit', String(lectureId), '60', '--url', server.url], {
        env,
      });
      expect(set.err).toEqual([]);
      expect(set.code).toBe(0);
      expect(set.out.join('\n')).toContain('a time limit of 60 s');
      expect((await start(trainee, lectureId)).deadline).toBeNull();
      await submit(trainee, running.id);
      const next = await start(trainee, lectureId);
      expect(Date.parse(next.deadline ?? '') - Date.parse(next.started_at)).toBe(60_000);

      const reading = await createReadingLecture(server.db, courseId);
      const notQuiz = await adminCommand(
        ['set-quiz-time-limit', String(reading), '60', '--url', server.url],
        {
          env,
        },
      );
      expect(notQuiz.code).toBe(1);
      expect(notQuiz.err.join('\n')).toContain(SERVER_MESSAGES.notAQuiz);
      const invalid = await adminCommand(
        ['set-quiz-time-limit', String(lectureId), '0', '--url', server.url],
        {
          env,
        },
      );
      expect(invalid.code).toBe(2);
      expect(invalid.err.join('\n')).toContain(SERVER_MESSAGES.quizTimeLimitInvalid);
      const none = await adminCommand(
        ['set-quiz-time-limit', String(lectureId), 'none', '--url', server.url],
        {
          env,
        },
      );
      expect(none.out.join('\n')).toContain('no time limit');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('sets the limit on the database of the data folder when no server runs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-quiz-offline-'));
    try {
      let db = await openSeededPglite(pgliteDir(dataDir));
      let lectureId: number;
      let staffToken: string;
      try {
        staffToken = await demoStaffToken(db);
        const { rows } = await db.query<{ id: number }>(
          "SELECT id FROM courses WHERE status = 'Approved' LIMIT 1",
        );
        ({ lectureId } = await createQuiz(db, { courseId: rows[0]?.id ?? 0 }));
      } finally {
        await db.close();
      }
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const address = probe.address();
          probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
        });
      });
      const result = await adminCommand(
        ['set-quiz-time-limit', String(lectureId), '90', '--url', `http://127.0.0.1:${port}`],
        { env: { DATA_DIR: dataDir, KFU_STAFF_TOKEN: staffToken } },
      );
      expect(result.err).toEqual([]);
      expect(result.out.join('\n')).toContain(`in the database of ${dataDir}`);
      db = await openPglite(pgliteDir(dataDir));
      try {
        const { rows } = await db.query<{ time_limit_seconds: number }>(
          'SELECT time_limit_seconds FROM quizzes WHERE lecture_id = $1',
          [lectureId],
        );
        expect(rows[0]?.time_limit_seconds).toBe(90);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
