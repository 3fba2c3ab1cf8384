import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import type {
  Attempt,
  AttemptReview,
  QuestionKind,
  QuestionOption,
  QuizQuestion,
  SavedAnswer,
  SavedAnswerResponse,
} from '@contract/wire/learning';
import type { Db, Queryable } from '../db';
import { assertEnrolled } from '../enrolments/access';
import { HttpProblem } from '../http';
import { isUniqueViolation } from '../payments/queries';
import { choiceFits, isCorrect, QUIZ_KINDS, scoreOf } from './scoring';

/** A refusal of a quiz call, with its status and sentence. */
export class QuizError extends HttpProblem {
  constructor(status: 400 | 403 | 404 | 409, message: ServerMessage) {
    super(status, message);
  }
}

const notFound = () => new QuizError(404, SERVER_MESSAGES.notFound);

/** A quiz lecture and its settings (the defaults of migration 013 when it has no quizzes row). */
interface QuizRow {
  lecture_id: number;
  course_id: number;
  class_type: string;
  title: string;
  title_ar: string;
  time_limit_seconds: number | null;
  attempts_allowed: number;
  closes_at: Date | null;
  shows_answers: boolean;
}

/** An attempt as stored, with what the calls on it need of its quiz. */
interface AttemptRow {
  id: string;
  lecture_id: number;
  course_id: number;
  user_id: number;
  number: number;
  started_at: Date;
  deadline: Date | null;
  submitted_at: Date | null;
  submitted_by: 'trainee' | 'timeout' | null;
  score: string | number | null;
  correct_count: number | null;
  shows_answers: boolean;
  /** Whether the deadline has passed (by the database's clock). */
  overdue: boolean;
  server_now: Date;
}

interface QuestionRow {
  id: number;
  kind: QuestionKind;
  text: string;
  text_ar: string;
  options: unknown;
  correct: unknown;
  /** The question's weight in the score (questions.marks). */
  marks: number;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Whether a string is a UUID as attempts are named (anything else is not found). */
export function isAttemptId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

const ATTEMPT_COLUMNS = `a.id, a.lecture_id, l.course_id, a.user_id, a.number, a.started_at, a.deadline,
  a.submitted_at, a.submitted_by, a.score, a.correct_count, COALESCE(q.shows_answers, true) AS shows_answers,
  (a.submitted_at IS NULL AND a.deadline IS NOT NULL AND a.deadline < clock_timestamp()) AS overdue,
  clock_timestamp() AS server_now`;
const ATTEMPT_FROM = `quiz_attempts a JOIN lectures l ON l.id = a.lecture_id
  LEFT JOIN quizzes q ON q.lecture_id = a.lecture_id`;

async function findQuiz(db: Queryable, lectureId: number): Promise<QuizRow | undefined> {
  const { rows } = await db.query<QuizRow>(
    `SELECT l.id AS lecture_id, l.course_id, l.class_type, l.title, l.title_ar, q.time_limit_seconds,
            COALESCE(q.attempts_allowed, 1) AS attempts_allowed, q.closes_at,
            COALESCE(q.shows_answers, true) AS shows_answers
     FROM lectures l LEFT JOIN quizzes q ON q.lecture_id = l.id WHERE l.id = $1`,
    [lectureId],
  );
  return rows[0];
}

async function findAttempt(db: Queryable, attemptId: string, lock = false): Promise<AttemptRow | undefined> {
  if (!isAttemptId(attemptId)) return undefined;
  const { rows } = await db.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM ${ATTEMPT_FROM} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
    [attemptId],
  );
  return rows[0];
}

/** The options of a question as stored: [{id, text, text_ar}]. */
function optionsOf(value: unknown): QuestionOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((option: unknown) => {
    if (typeof option !== 'object' || option === null) return [];
    const { id, text, text_ar } = option as Record<string, unknown>;
    if (typeof id !== 'number') return [];
    return [
      { id, text: typeof text === 'string' ? text : '', text_ar: typeof text_ar === 'string' ? text_ar : '' },
    ];
  });
}

function idsOf(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

async function questionsOf(db: Queryable, lectureId: number): Promise<QuestionRow[]> {
  const { rows } = await db.query<QuestionRow>(
    `SELECT id, kind, text, text_ar, options, correct, marks::float8 AS marks FROM questions
     WHERE lecture_id = $1 AND kind = ANY($2::text[]) ORDER BY position, id`,
    [lectureId, QUIZ_KINDS],
  );
  return rows;
}

function shownQuestion(row: QuestionRow): QuizQuestion {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    text_ar: row.text_ar,
    options: optionsOf(row.options),
  };
}

async function answersOf(db: Queryable, attemptId: string): Promise<SavedAnswer[]> {
  const { rows } = await db.query<{ question_id: number; choice: unknown; version: number }>(
    'SELECT question_id, choice, version FROM quiz_answers WHERE attempt_id = $1 ORDER BY question_id',
    [attemptId],
  );
  return rows.map((row) => ({
    question_id: row.question_id,
    choice: idsOf(row.choice),
    version: row.version,
  }));
}

async function attemptAnswer(db: Queryable, attempt: AttemptRow): Promise<Attempt> {
  return {
    id: attempt.id,
    lecture_id: attempt.lecture_id,
    course_id: attempt.course_id,
    number: attempt.number,
    state: attempt.submitted_at ? 'submitted' : 'in_progress',
    started_at: iso(attempt.started_at),
    deadline: attempt.deadline ? iso(attempt.deadline) : null,
    server_now: iso(attempt.server_now),
    questions: (await questionsOf(db, attempt.lecture_id)).map(shownQuestion),
    answers: await answersOf(db, attempt.id),
  };
}

/**
 * Scores an attempt from its saved answers and marks it submitted, by the trainee (with the key of
 * the request) or by the time running out (at its deadline); the lecture counts as read. Run it
 * in a transaction holding the attempt's row (FOR UPDATE), on an attempt not yet submitted.
 */
export async function finishAttempt(
  tx: Queryable,
  attempt: Pick<AttemptRow, 'id' | 'lecture_id' | 'user_id'>,
  by: { trainee: string } | 'timeout',
): Promise<void> {
  const questions = await questionsOf(tx, attempt.lecture_id);
  const answers = new Map(
    (await answersOf(tx, attempt.id)).map((answer) => [answer.question_id, answer.choice]),
  );
  const right = questions.filter((question) =>
    isCorrect(idsOf(question.correct), answers.get(question.id) ?? []),
  );
  const correctCount = right.length;
  const marksOf = (some: readonly QuestionRow[]) => some.reduce((sum, question) => sum + question.marks, 0);
  const { rows } = await tx.query(
    `UPDATE quiz_attempts
     SET submitted_at = CASE WHEN $2 = 'timeout' THEN LEAST(COALESCE(deadline, clock_timestamp()), clock_timestamp())
                             ELSE clock_timestamp() END,
         submitted_by = $2, submit_key = $3, score = $4, correct_count = $5
     WHERE id = $1 AND submitted_at IS NULL RETURNING id`,
    [
      attempt.id,
      by === 'timeout' ? 'timeout' : 'trainee',
      by === 'timeout' ? null : by.trainee,
      scoreOf(marksOf(right), marksOf(questions)),
      correctCount,
    ],
  );
  if (rows.length === 0) return;
  await tx.query(
    'INSERT INTO lecture_reads (user_id, lecture_id) VALUES ($1, $2) ON CONFLICT (user_id, lecture_id) DO NOTHING',
    [attempt.user_id, attempt.lecture_id],
  );
}

/** Tells the caller that the server submitted an attempt whose time ran out. */
export type TimeoutHook = (attempt: { id: string; user_id: number; lecture_id: number }) => Promise<void>;

/**
 * Submits an attempt found past its deadline (a read came before the sweep), and answers it anew.
 * Another request or the sweep may have submitted it meanwhile: then it is only read again.
 */
async function settleOverdue(db: Db, attempt: AttemptRow, onTimeout: TimeoutHook): Promise<AttemptRow> {
  if (!attempt.overdue) return attempt;
  const submitted = await db.transaction(async (tx) => {
    const locked = await findAttempt(tx, attempt.id, true);
    if (!locked?.overdue) return false;
    await finishAttempt(tx, locked, 'timeout');
    return true;
  });
  if (submitted) await onTimeout(attempt);
  return (await findAttempt(db, attempt.id)) ?? attempt;
}

/** The caller's own attempt (others: not found), in a course they may still learn in. */
async function ownAttempt(
  db: Db,
  userId: number,
  attemptId: string,
  onTimeout: TimeoutHook,
): Promise<AttemptRow> {
  const attempt = await findAttempt(db, attemptId);
  if (!attempt || attempt.user_id !== userId) throw notFound();
  await assertEnrolled(db, userId, attempt.course_id);
  return settleOverdue(db, attempt, onTimeout);
}

/**
 * POST /learning/lectures/{id}/attempts/: the attempt in progress, or a new one when attempts are
 * left and the quiz is open. Two starts at once make one attempt: the second insert breaks the
 * one-open-attempt index (or the attempt number), and answers the first one's attempt.
 */
export async function startAttempt(
  db: Db,
  userId: number,
  lectureId: number,
  onTimeout: TimeoutHook,
): Promise<{ attempt: Attempt; created: boolean }> {
  const quiz = await findQuiz(db, lectureId);
  if (!quiz) throw notFound();
  await assertEnrolled(db, userId, quiz.course_id);
  if (quiz.class_type !== 'Quiz') throw new QuizError(400, SERVER_MESSAGES.notAQuiz);

  const open = async () => {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM quiz_attempts WHERE lecture_id = $1 AND user_id = $2 AND submitted_at IS NULL',
      [lectureId, userId],
    );
    const found = rows[0] && (await findAttempt(db, rows[0].id));
    return found ? settleOverdue(db, found, onTimeout) : undefined;
  };
  const running = await open();
  if (running && !running.submitted_at) return { attempt: await attemptAnswer(db, running), created: false };

  const { rows: used } = await db.query<{ used: number; closed: boolean }>(
    `SELECT (SELECT count(*)::int FROM quiz_attempts WHERE lecture_id = $1 AND user_id = $2) AS used,
            COALESCE((SELECT closes_at <= clock_timestamp() FROM quizzes WHERE lecture_id = $1), false) AS closed`,
    [lectureId, userId],
  );
  const { used: count = 0, closed = false } = used[0] ?? {};
  if (count >= quiz.attempts_allowed) throw new QuizError(409, SERVER_MESSAGES.attemptsUsed);
  if (closed) throw new QuizError(409, SERVER_MESSAGES.quizClosed);

  const id = randomUUID();
  try {
    // The deadline: the earlier of start + time limit and the close time (LEAST skips nulls).
    await db.query(
      `INSERT INTO quiz_attempts (id, lecture_id, user_id, number, started_at, deadline)
       SELECT $1, $2, $3, $4, clock_timestamp(),
              LEAST(clock_timestamp() + make_interval(secs => q.time_limit_seconds), q.closes_at)
       FROM (SELECT 1) one LEFT JOIN quizzes q ON q.lecture_id = $2`,
      [id, lectureId, userId, count + 1],
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another start of the same trainee was first: answer its attempt.
    const other = await open();
    if (other && !other.submitted_at) return { attempt: await attemptAnswer(db, other), created: false };
    throw new QuizError(409, SERVER_MESSAGES.attemptsUsed);
  }
  const created = await findAttempt(db, id);
  if (!created) throw new Error('The attempt was not stored');
  return { attempt: await attemptAnswer(db, created), created: true };
}

/** GET /learning/attempts/{id}/: the attempt; one past its deadline is submitted first. */
export async function readAttempt(
  db: Db,
  userId: number,
  attemptId: string,
  onTimeout: TimeoutHook,
): Promise<Attempt> {
  return attemptAnswer(db, await ownAttempt(db, userId, attemptId, onTimeout));
}

/**
 * PUT /learning/attempts/{id}/answers/{questionId}/: keeps the answer of the highest version. The
 * attempt's row is read FOR SHARE by the insert, so a submit holding it waits for the save, and a
 * save waiting for a submit finds the attempt submitted and stores nothing.
 */
export async function saveAnswer(
  db: Db,
  userId: number,
  attemptId: string,
  questionId: number,
  answer: { choice: number[]; version: number },
  onTimeout: TimeoutHook,
): Promise<SavedAnswerResponse> {
  const attempt = await ownAttempt(db, userId, attemptId, onTimeout);
  const { rows: questions } = await db.query<QuestionRow>(
    `SELECT id, kind, text, text_ar, options, correct, marks::float8 AS marks FROM questions
     WHERE id = $1 AND lecture_id = $2 AND kind = ANY($3::text[])`,
    [questionId, attempt.lecture_id, QUIZ_KINDS],
  );
  const question = questions[0];
  if (!question) throw notFound();
  const optionIds = optionsOf(question.options).map((option) => option.id);
  if (!choiceFits(question.kind, optionIds, answer.choice))
    throw new QuizError(400, SERVER_MESSAGES.answerInvalid);
  if (attempt.submitted_at) throw new QuizError(409, SERVER_MESSAGES.attemptEnded);

  const { rows } = await db.query<{ version: number; saved_at: Date }>(
    `INSERT INTO quiz_answers (attempt_id, question_id, choice, version, saved_at)
     SELECT a.id, $2, $3::jsonb, $4, clock_timestamp() FROM quiz_attempts a
     WHERE a.id = $1 AND a.submitted_at IS NULL AND (a.deadline IS NULL OR a.deadline >= clock_timestamp())
     FOR SHARE
     ON CONFLICT (attempt_id, question_id) DO UPDATE
       SET choice = EXCLUDED.choice, version = EXCLUDED.version, saved_at = EXCLUDED.saved_at
       WHERE quiz_answers.version < EXCLUDED.version
     RETURNING version, saved_at`,
    [attempt.id, questionId, JSON.stringify(answer.choice), answer.version],
  );
  const saved = rows[0];
  if (saved) return { question_id: questionId, version: saved.version, saved_at: iso(saved.saved_at) };

  // Nothing written: the attempt has ended, or a higher version is kept.
  const now = await findAttempt(db, attempt.id);
  if (!now || now.submitted_at || now.overdue) {
    if (now?.overdue) await settleOverdue(db, now, onTimeout);
    throw new QuizError(409, SERVER_MESSAGES.attemptEnded);
  }
  const { rows: kept } = await db.query<{ version: number; saved_at: Date }>(
    'SELECT version, saved_at FROM quiz_answers WHERE attempt_id = $1 AND question_id = $2',
    [attempt.id, questionId],
  );
  const row = kept[0];
  if (!row) throw new QuizError(409, SERVER_MESSAGES.attemptEnded);
  return { question_id: questionId, version: row.version, saved_at: iso(row.saved_at) };
}

async function reviewOf(db: Queryable, attempt: AttemptRow): Promise<AttemptReview> {
  if (!attempt.submitted_at || attempt.score === null || !attempt.submitted_by) throw notFound();
  const questions = await questionsOf(db, attempt.lecture_id);
  const answers = new Map(
    (await answersOf(db, attempt.id)).map((answer) => [answer.question_id, answer.choice]),
  );
  return {
    id: attempt.id,
    lecture_id: attempt.lecture_id,
    course_id: attempt.course_id,
    number: attempt.number,
    score: Number(attempt.score),
    correct_count: attempt.correct_count ?? 0,
    question_count: questions.length,
    submitted_at: iso(attempt.submitted_at),
    submitted_by: attempt.submitted_by,
    questions: questions.map((question) => {
      const choice = answers.get(question.id) ?? [];
      const correct = idsOf(question.correct);
      return {
        ...shownQuestion(question),
        choice,
        correct: attempt.shows_answers ? correct : null,
        is_correct: isCorrect(correct, choice),
      };
    }),
  };
}

/**
 * POST /learning/attempts/{id}/submit/ {key}: one transaction holds the attempt's row (FOR
 * UPDATE); an attempt already submitted, by any request or by the time running out, answers its
 * review. The state guard, the unique submit key and the table's CHECK make one submission.
 */
export async function submitAttempt(
  db: Db,
  userId: number,
  attemptId: string,
  key: string,
  onTimeout: TimeoutHook,
): Promise<AttemptReview> {
  const before = await findAttempt(db, attemptId);
  if (!before || before.user_id !== userId) throw notFound();
  await assertEnrolled(db, userId, before.course_id);
  let timedOut = false;
  let review: AttemptReview;
  try {
    review = await db.transaction(async (tx) => {
      const attempt = await findAttempt(tx, attemptId, true);
      if (!attempt) throw notFound();
      if (!attempt.submitted_at) {
        // Past the deadline, the saved answers are final: the time ran out before this request.
        timedOut = attempt.overdue;
        await finishAttempt(tx, attempt, attempt.overdue ? 'timeout' : { trainee: key });
      }
      const submitted = await findAttempt(tx, attemptId);
      if (!submitted) throw notFound();
      return reviewOf(tx, submitted);
    });
  } catch (error) {
    // The key was spent on another attempt: a key names one submission.
    if (isUniqueViolation(error)) throw new QuizError(400, SERVER_MESSAGES.submitKeyInvalid);
    throw error;
  }
  if (timedOut) await onTimeout(before);
  return review;
}

/** GET /learning/attempts/{id}/review/: a submitted attempt's review; one in progress is not found. */
export async function reviewAttempt(
  db: Db,
  userId: number,
  attemptId: string,
  onTimeout: TimeoutHook,
): Promise<AttemptReview> {
  return reviewOf(db, await ownAttempt(db, userId, attemptId, onTimeout));
}

/** What a notification about a quiz names: its lecture and course. */
export async function quizTitles(
  db: Queryable,
  lectureId: number,
): Promise<{ lecture_id: number; course_id: number; title: string; title_ar: string } | undefined> {
  const quiz = await findQuiz(db, lectureId);
  return (
    quiz && {
      lecture_id: quiz.lecture_id,
      course_id: quiz.course_id,
      title: quiz.title,
      title_ar: quiz.title_ar,
    }
  );
}

export interface QuizTimeLimit {
  lecture_id: number;
  title: string;
  time_limit_seconds: number | null;
}

/**
 * Sets a quiz's time limit (null: none); attempts started afterwards get the new deadline, those
 * running keep theirs. Undefined when the lecture is not a quiz.
 */
export async function setQuizTimeLimit(
  db: Db,
  lectureId: number,
  seconds: number | null,
): Promise<QuizTimeLimit | undefined> {
  return db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, lectureId);
    if (quiz?.class_type !== 'Quiz') return undefined;
    await tx.query(
      `INSERT INTO quizzes (lecture_id, time_limit_seconds) VALUES ($1, $2)
       ON CONFLICT (lecture_id) DO UPDATE SET time_limit_seconds = EXCLUDED.time_limit_seconds`,
      [lectureId, seconds],
    );
    return { lecture_id: lectureId, title: quiz.title, time_limit_seconds: seconds };
  });
}
