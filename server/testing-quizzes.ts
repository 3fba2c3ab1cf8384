import type { QuestionKind } from '@contract/wire/learning';
import type { Queryable } from './db';

/** A question to create: its options' texts, and the indexes of the right ones. */
export interface QuestionSpec {
  kind: QuestionKind;
  text: string;
  options: readonly string[];
  correct: readonly number[];
  /** Its weight in the score (1 when not said). */
  marks?: number;
}

export interface QuizSpec {
  courseId: number;
  title?: string;
  timeLimitSeconds?: number | null;
  attemptsAllowed?: number;
  closesAt?: Date | null;
  showsAnswers?: boolean;
  questions?: readonly QuestionSpec[];
}

/** A created question: its id, its options' ids in order, and the ids of the right ones. */
export interface CreatedQuestion {
  id: number;
  kind: QuestionKind;
  optionIds: number[];
  correct: number[];
}

/** Three questions, one of each kind: the first option of each is right, and the multiple's third. */
export const SAMPLE_QUESTIONS: readonly QuestionSpec[] = [
  {
    kind: 'single',
    text: 'Which keyword declares a constant?',
    options: ['const', 'let', 'var'],
    correct: [0],
  },
  {
    kind: 'multiple',
    text: 'Which are primitive types?',
    options: ['string', 'object', 'number', 'array'],
    correct: [0, 2],
  },
  {
    kind: 'true_false',
    text: 'TypeScript compiles to JavaScript.',
    options: ['True', 'False'],
    correct: [0],
  },
];

let made = 0;

/**
 * A 'Quiz' lecture in a week of its own at the end of the course, with its settings and questions
 * (SAMPLE_QUESTIONS by default). Option ids are unique across the quiz.
 */
export async function createQuiz(
  db: Queryable,
  spec: QuizSpec,
): Promise<{ lectureId: number; questions: CreatedQuestion[] }> {
  made += 1;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO lectures (course_id, week, position, class_type, title, title_ar)
     SELECT $1, COALESCE(max(week), 0) + 1, 1, 'Quiz', $2, $3 FROM lectures WHERE course_id = $1
     RETURNING id`,
    [spec.courseId, spec.title ?? `Quiz ${made}`, `اختبار ${made}`],
  );
  const lectureId = rows[0]?.id;
  if (lectureId === undefined) throw new Error('The quiz lecture was not created');
  return { lectureId, questions: await setUpQuiz(db, lectureId, spec) };
}

/**
 * The settings and questions of an existing 'Quiz' lecture (SAMPLE_QUESTIONS by default); option
 * ids count from 1 across the quiz.
 */
export async function setUpQuiz(
  db: Queryable,
  lectureId: number,
  spec: Omit<QuizSpec, 'courseId' | 'title'>,
): Promise<CreatedQuestion[]> {
  await db.query(
    `INSERT INTO quizzes (lecture_id, time_limit_seconds, attempts_allowed, closes_at, shows_answers)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      lectureId,
      spec.timeLimitSeconds ?? null,
      spec.attemptsAllowed ?? 1,
      spec.closesAt ?? null,
      spec.showsAnswers ?? true,
    ],
  );
  const questions: CreatedQuestion[] = [];
  let optionId = 0;
  for (const [position, question] of (spec.questions ?? SAMPLE_QUESTIONS).entries()) {
    const options = question.options.map((text) => {
      optionId += 1;
      return { id: optionId, text, text_ar: text };
    });
    const correct = question.correct.map((index) => options[index]?.id ?? -1);
    const { rows: created } = await db.query<{ id: number }>(
      `INSERT INTO questions (lecture_id, position, kind, text, text_ar, options, correct, marks)
       VALUES ($1, $2, $3, $4, $4, $5::jsonb, $6::jsonb, $7) RETURNING id`,
      [
        lectureId,
        position + 1,
        question.kind,
        question.text,
        JSON.stringify(options),
        JSON.stringify(correct),
        question.marks ?? 1,
      ],
    );
    const id = created[0]?.id;
    if (id === undefined) throw new Error('The question was not created');
    questions.push({ id, kind: question.kind, optionIds: options.map((option) => option.id), correct });
  }
  return questions;
}

/** Another lecture of the course, of a kind that is not a quiz (a text to read). */
export async function createReadingLecture(db: Queryable, courseId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO lectures (course_id, week, position, class_type, title, body)
     SELECT $1, COALESCE(max(week), 0) + 1, 1, 'Class', 'Reading', 'Text to read.' FROM lectures WHERE course_id = $1
     RETURNING id`,
    [courseId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('The lecture was not created');
  return id;
}

/** Enrols the user in the course (or sets their enrolment to `status`). */
export async function enrol(
  db: Queryable,
  userId: number,
  courseId: number,
  status: 'enrolled' | 'withdrawal_requested' | 'withdrawn' = 'enrolled',
): Promise<void> {
  await db.query(
    `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, course_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
    [userId, courseId, status],
  );
}

/** Moves an attempt's start and deadline `seconds` into the past (its time ran out). */
export async function ageAttempt(db: Queryable, attemptId: string, seconds: number): Promise<void> {
  await db.query(
    `UPDATE quiz_attempts SET started_at = started_at - make_interval(secs => $2),
       deadline = deadline - make_interval(secs => $2) WHERE id = $1`,
    [attemptId, seconds],
  );
}
