/**
 * The quiz case of `npm run bench` (`npm run bench -- --quiz [--postgres]`): 200 trainees start one
 * quiz at once, then each sends every answer (as the quiz's outbox does after a dropped network,
 * two at a time), then changes every answer (a higher version) mixed with replays of the first
 * copies (an outbox sending them again), all trainees together. Measures starting and saving an answer (p50,
 * p95, p99, max), submits every attempt twice at once, and then reads the database: every answer
 * must be kept at its highest version with its last choice, every attempt submitted once with the
 * score those answers give.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { attemptReviewSchema, attemptSchema } from '@contract/wire/learning';
import { hashPassword } from '../server/auth/passwords';
import { createTokenService } from '../server/auth/tokens';
import { type Db, openPglite, openPostgres } from '../server/db';
import { migrate } from '../server/migrate';
import { pgliteDir } from '../server/paths';
import { seed } from '../server/seed';
import { type CreatedQuestion, createQuiz, type QuestionSpec } from '../server/testing-quizzes';
import { percentile, startServer } from './bench-server';
import { startPgCluster } from './lib/pg-cluster';

export const QUIZ_TRAINEES = 200;

/** Ten questions of the three kinds. */
const QUESTIONS: QuestionSpec[] = Array.from({ length: 10 }, (_, index): QuestionSpec => {
  if (index % 3 === 1)
    return {
      kind: 'multiple',
      text: `Question ${index + 1}`,
      options: ['A', 'B', 'C', 'D'],
      correct: [0, 2],
    };
  if (index % 3 === 2)
    return { kind: 'true_false', text: `Question ${index + 1}`, options: ['True', 'False'], correct: [1] };
  return { kind: 'single', text: `Question ${index + 1}`, options: ['A', 'B', 'C'], correct: [1] };
});

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface QuizBench {
  trainees: number;
  questions: number;
  database: 'PGlite' | 'PostgreSQL';
  start: Timing;
  save: Timing;
  saves: number;
  failedSaves: number;
  wallSeconds: number;
  /** Saves answered per second while every trainee was saving. */
  savesPerSecond: number;
  /** Answers kept at their highest version and last choice, of trainees × questions. */
  kept: number;
  lost: number;
  submitted: number;
  scoresRight: number;
}

function stats(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/**
 * How many saves one trainee's outbox sends at once. A browser opens at most 6 connections to a
 * server; 2 keep the 200 trainees' 400 connections within the listen backlog (511), where 1 200
 * connecting at once on this machine timed out before the server took them.
 */
const BROWSER_CONNECTIONS = 2;

/** Runs the tasks with at most `limit` of them going at once. */
async function pooled(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await task?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** The trainees, enrolled in one course, and its quiz. */
async function prepare(db: Db) {
  await migrate(db);
  await seed(db);
  const hash = await hashPassword(`Bench#${randomUUID()}`);
  const { rows: users } = await db.query<{ id: number; role: 'TRAINEE'; session_version: number }>(
    `INSERT INTO users (full_name, email, role, password_hash, approved, verified, govt_id_or_iqama_no)
     SELECT 'Bench Trainee ' || n, 'bench.quiz.' || n || '@example.com', 'TRAINEE', $1, true, true,
       (1500000000 + n)::text
     FROM generate_series(1, $2::int) AS n
     RETURNING id, role, session_version`,
    [hash, QUIZ_TRAINEES],
  );
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM courses WHERE status = 'Approved' ORDER BY id LIMIT 1`,
  );
  const courseId = rows[0]?.id;
  if (courseId === undefined) throw new Error('No approved course');
  await db.query(
    `INSERT INTO enrolments (user_id, course_id, status) SELECT id, $2, 'enrolled' FROM unnest($1::int[]) AS id`,
    [users.map((user) => user.id), courseId],
  );
  const quiz = await createQuiz(db, { courseId, timeLimitSeconds: 3600, questions: QUESTIONS });
  return { users, lectureId: quiz.lectureId, questions: quiz.questions };
}

/** A trainee's first and final choice for a question: the final one right for every other trainee. */
function choices(question: CreatedQuestion, trainee: number) {
  const wrong = question.optionIds.filter((id) => !question.correct.includes(id)).slice(0, 1);
  const right = question.correct;
  return trainee % 2 === 0 ? { first: wrong, last: right } : { first: right, last: wrong };
}

export async function quizBench(options: { postgres?: boolean } = {}): Promise<QuizBench> {
  const tokenSecret = randomBytes(32).toString('base64url');
  const cluster = options.postgres ? await startPgCluster() : undefined;
  let prepared: Awaited<ReturnType<typeof prepare>> | undefined;
  try {
    if (cluster) {
      const db = openPostgres(cluster.url, { max: 2 });
      try {
        prepared = await prepare(db);
      } finally {
        await db.close();
      }
    }
    const server = await startServer(
      { TOKEN_SECRET: tokenSecret, ...(cluster ? { DATABASE_URL: cluster.url } : {}) },
      cluster
        ? undefined
        : async (dataDir) => {
            const db = await openPglite(pgliteDir(dataDir));
            try {
              prepared = await prepare(db);
            } finally {
              await db.close();
            }
          },
    );
    if (!prepared) throw new Error('The quiz was not prepared');
    const { users, lectureId, questions } = prepared;
    let result: Omit<QuizBench, 'kept' | 'lost' | 'submitted' | 'scoresRight'> | undefined;
    let expected: { attemptId: string; trainee: number }[] = [];
    const reviews = new Map<string, number>();
    try {
      const tokens = createTokenService(new TextEncoder().encode(tokenSecret));
      const bearer = await Promise.all(users.map(async (user) => (await tokens.issue('access', user)).token));
      const api = (path: string, token: string, init: RequestInit = {}) =>
        fetch(`${server.origin}/api/v1${path}`, {
          ...init,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
        }).catch((error: unknown) => {
          const cause =
            error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
          throw new Error(`${init.method ?? 'GET'} ${path} failed${cause}`);
        });

      const wallStart = performance.now();
      const started = await Promise.all(
        bearer.map((token) =>
          timed(async () => {
            const response = await api(`/learning/lectures/${lectureId}/attempts/`, token, {
              method: 'POST',
              body: '{}',
            });
            if (response.status !== 201)
              throw new Error(`start: HTTP ${response.status} ${await response.text()}`);
            return attemptSchema.parse(await response.json());
          }),
        ),
      );
      expected = started.map(({ value }, trainee) => ({ attemptId: value.id, trainee }));

      const saveTimes: number[] = [];
      let failedSaves = 0;
      const save = async (
        token: string,
        attemptId: string,
        questionId: number,
        choice: number[],
        version: number,
      ) => {
        const { ms, value: status } = await timed(async () => {
          const response = await api(`/learning/attempts/${attemptId}/answers/${questionId}/`, token, {
            method: 'PUT',
            body: JSON.stringify({ choice, version }),
          });
          await response.body?.cancel();
          return response.status;
        });
        saveTimes.push(ms);
        if (status !== 200) failedSaves += 1;
      };
      // A trainee's browser has its connections open by the time it saves (it loaded the quiz and
      // read the attempt): open BROWSER_CONNECTIONS per trainee first, by reading the attempt, so
      // that the saves measure the server rather than 200 new TCP connections queuing to be accepted
      // behind busy ones (which left half the first saves waiting up to 19 s).
      await Promise.all(
        expected.flatMap(({ attemptId, trainee }) =>
          Array.from({ length: BROWSER_CONNECTIONS }, async () => {
            const response = await api(`/learning/attempts/${attemptId}/`, bearer[trainee] ?? '');
            await response.body?.cancel();
          }),
        ),
      );
      const savesStart = performance.now();
      // Every trainee at once, each with BROWSER_CONNECTIONS saves going at a time: all
      // first answers, then every change mixed with a replay of each first answer (which must
      // change nothing).
      await Promise.all(
        expected.map(async ({ attemptId, trainee }) => {
          const token = bearer[trainee] ?? '';
          const send = (question: CreatedQuestion, which: 'first' | 'last') => () =>
            save(token, attemptId, question.id, choices(question, trainee)[which], which === 'first' ? 1 : 2);
          await pooled(
            questions.map((question) => send(question, 'first')),
            BROWSER_CONNECTIONS,
          );
          await pooled(
            questions.flatMap((question) => [send(question, 'last'), send(question, 'first')]),
            BROWSER_CONNECTIONS,
          );
        }),
      );
      const wallSeconds = (performance.now() - wallStart) / 1000;
      const savesSeconds = (performance.now() - savesStart) / 1000;

      // Two submits of every attempt at once, with one key: one submission each.
      await Promise.all(
        expected.map(async ({ attemptId, trainee }) => {
          const key = randomUUID();
          const answers = await Promise.all(
            [0, 1].map(() =>
              api(`/learning/attempts/${attemptId}/submit/`, bearer[trainee] ?? '', {
                method: 'POST',
                body: JSON.stringify({ key }),
              }),
            ),
          );
          for (const answer of answers) {
            if (answer.status !== 200) throw new Error(`submit: HTTP ${answer.status}`);
            reviews.set(attemptId, attemptReviewSchema.parse(await answer.json()).score);
          }
        }),
      );
      result = {
        trainees: users.length,
        questions: questions.length,
        database: cluster ? 'PostgreSQL' : 'PGlite',
        start: stats(started.map(({ ms }) => ms)),
        save: stats(saveTimes),
        saves: saveTimes.length,
        failedSaves,
        wallSeconds,
        savesPerSecond: saveTimes.length / savesSeconds,
      };
    } catch (error) {
      await server.stop();
      throw error;
    }

    // What the database holds, read once the server is gone (PGlite) or beside it (PostgreSQL).
    let counted: Pick<QuizBench, 'kept' | 'lost' | 'submitted' | 'scoresRight'> | undefined;
    const inspect = async (db: Db) => {
      const { rows: answers } = await db.query<{
        attempt_id: string;
        question_id: number;
        choice: number[];
        version: number;
      }>(
        `SELECT w.attempt_id, w.question_id, w.choice, w.version FROM quiz_answers w
         JOIN quiz_attempts a ON a.id = w.attempt_id WHERE a.lecture_id = $1`,
        [lectureId],
      );
      const stored = new Map(answers.map((row) => [`${row.attempt_id}:${row.question_id}`, row]));
      let kept = 0;
      for (const { attemptId, trainee } of expected) {
        for (const question of questions) {
          const row = stored.get(`${attemptId}:${question.id}`);
          const last = choices(question, trainee).last;
          if (row && row.version === 2 && JSON.stringify(row.choice) === JSON.stringify(last)) kept += 1;
        }
      }
      const { rows: attempts } = await db.query<{ id: string; score: string; submitted_by: string }>(
        `SELECT id, score::text, submitted_by FROM quiz_attempts WHERE lecture_id = $1 AND submitted_at IS NOT NULL`,
        [lectureId],
      );
      // Even trainees end with every answer right (10), odd ones with every answer wrong (0).
      const scoresRight = attempts.filter((attempt) => {
        const trainee = expected.find((item) => item.attemptId === attempt.id)?.trainee ?? -1;
        const score = Number(attempt.score);
        return score === (trainee % 2 === 0 ? 10 : 0) && reviews.get(attempt.id) === score;
      }).length;
      const total = expected.length * questions.length;
      counted = { kept, lost: total - kept, submitted: attempts.length, scoresRight };
    };
    if (cluster) {
      const db = openPostgres(cluster.url, { max: 1 });
      try {
        await inspect(db);
      } finally {
        await db.close();
        await server.stop();
      }
    } else {
      await server.stop(async (dataDir) => {
        const db = await openPglite(pgliteDir(dataDir));
        try {
          await inspect(db);
        } finally {
          await db.close();
        }
      });
    }
    if (!result || !counted) throw new Error('The quiz bench did not finish');
    return { ...result, ...counted };
  } finally {
    await cluster?.stop();
  }
}

/** The lines `npm run bench -- --quiz` prints; throws when an answer was lost or an attempt doubled. */
export function quizTable(result: QuizBench): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padEnd(12);
  const row = (label: string, timing: Timing) =>
    `  ${label.padEnd(54)}${ms(timing.p50)}${ms(timing.p95)}${ms(timing.p99)}${ms(timing.max)}`;
  const title = `${result.trainees} trainees answer one quiz of ${result.questions} questions at once (${result.database})`;
  const lines = [
    title,
    `${''.padEnd(56)}${['p50', 'p95', 'p99', 'max'].map((name) => name.padEnd(12)).join('')}`,
    row('start the attempt (POST …/attempts/)', result.start),
    row(`save an answer (PUT …/answers/{id}/, ${result.saves} saves)`, result.save),
    `  all started and saved in ${result.wallSeconds.toFixed(1)} s (${Math.round(result.savesPerSecond)} saves/s); refused saves ${result.failedSaves}; answers kept at their last version ${result.kept}, lost ${result.lost}; attempts submitted ${result.submitted} (each submitted twice at once), scored right ${result.scoresRight}`,
  ];
  const sound =
    result.lost === 0 &&
    result.failedSaves === 0 &&
    result.submitted === result.trainees &&
    result.scoresRight === result.trainees;
  if (!sound) throw new Error(`The quiz lost answers or submissions:\n${lines.join('\n')}`);
  return lines;
}
