import { lectureKind } from '@contract/domain/learning';
import {
  AUTHORING_VALIDATION,
  type BuilderClassType,
  CLASS_TYPE_IDS,
  type ClassInput,
  type QuizItem,
  type QuizSettings,
} from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { AuthoringCourse, AuthoringLecture, ClassRecord } from '@contract/wire/authoring';
import type { Db, Queryable } from '../db';
import { HttpProblem } from '../http';
import { fileAddress, fileIdOf, fileLink, type UploadRow } from '../learning/files';
import { courseRevisionFor } from '../staff/revisions';
import type { AuthoredCourse } from './access';

/**
 * Classes, assignments and quizzes as their forms edit them: reading one back in the payload's
 * shape, checking its file and week, and storing it (the lecture, a quiz's settings and questions)
 * in one transaction.
 */

export type StoredClassType = BuilderClassType | 'Survey';

/** A lecture as the class forms read it. */
export interface AuthoredLecture {
  id: number;
  course_id: number;
  week: number;
  position: number;
  class_type: StoredClassType;
  title: string;
  title_ar: string;
  description: string;
  description_ar: string;
  body: string;
  body_ar: string;
  file: Pick<UploadRow, 'id' | 'name' | 'extension' | 'size'> | null;
}

/** The name of a class type id of GET /course/class-type/. */
export function classTypeName(id: number): BuilderClassType {
  const entry = Object.entries(CLASS_TYPE_IDS).find(([, value]) => value === id);
  if (!entry) throw new Error(`No class type has the id ${id}`);
  return entry[0] as BuilderClassType;
}

/** The lecture of the path, or 404. */
export async function authoredLecture(db: Queryable, lectureId: number): Promise<AuthoredLecture> {
  const { rows } = await db.query<AuthoredLecture>(
    `SELECT l.id, l.course_id, l.week, l.position, l.class_type, l.title, l.title_ar, l.description,
       l.description_ar, l.body, l.body_ar,
       CASE WHEN u.id IS NULL THEN NULL
         ELSE json_build_object('id', u.id, 'name', u.name, 'extension', u.extension, 'size', u.size) END AS file
     FROM lectures l LEFT JOIN uploads u ON u.id = l.file_id WHERE l.id = $1`,
    [lectureId],
  );
  const lecture = rows[0];
  if (!lecture) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return lecture;
}

/** Whether trainees have handed in work for the lecture: a submission or a quiz attempt. */
export async function hasWork(db: Queryable, lectureId: number): Promise<boolean> {
  const { rows } = await db.query<{ work: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM submissions WHERE lecture_id = $1)
       OR EXISTS (SELECT 1 FROM quiz_attempts WHERE lecture_id = $1) AS work`,
    [lectureId],
  );
  return rows[0]?.work === true;
}

async function hasAttempts(db: Queryable, lectureId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM quiz_attempts WHERE lecture_id = $1 LIMIT 1', [lectureId]);
  return rows.length > 0;
}

interface StoredQuestion {
  kind: QuizItem['question']['kind'] | 'rating' | 'choice' | 'text';
  text: string;
  text_ar: string;
  options: { id: number; text: string; text_ar: string }[];
  correct: number[];
  marks: number;
}

async function storedQuestions(db: Queryable, lectureId: number): Promise<StoredQuestion[]> {
  const { rows } = await db.query<StoredQuestion>(
    `SELECT kind, text, text_ar, options, correct, marks::float8 AS marks FROM questions
     WHERE lecture_id = $1 AND kind IN ('single', 'multiple', 'true_false') ORDER BY position, id`,
    [lectureId],
  );
  return rows;
}

/** A stored question in the payload's shape: the options' texts, the correct ones as indexes. */
function toQuizItem(question: StoredQuestion): QuizItem {
  const options = Array.isArray(question.options) ? question.options : [];
  const correct = Array.isArray(question.correct) ? question.correct : [];
  return {
    question: {
      text: question.text,
      kind: question.kind as QuizItem['question']['kind'],
      options: options.map((option) => option.text),
      correct: correct
        .map((id) => options.findIndex((option) => option.id === id))
        .filter((index) => index >= 0),
      marks: question.marks,
    },
  };
}

async function storedSettings(db: Queryable, lectureId: number): Promise<QuizSettings | null> {
  const { rows } = await db.query<{
    time_limit_seconds: number | null;
    attempts_allowed: number;
    shows_answers: boolean;
  }>('SELECT time_limit_seconds, attempts_allowed, shows_answers FROM quizzes WHERE lecture_id = $1', [
    lectureId,
  ]);
  const quiz = rows[0];
  if (!quiz) return null;
  return {
    time_limit_minutes:
      quiz.time_limit_seconds === null ? null : Math.max(1, Math.round(quiz.time_limit_seconds / 60)),
    attempts_allowed: quiz.attempts_allowed,
    shows_answers: quiz.shows_answers,
  };
}

/** GET /course/class-create/{id}/: the lecture in the payload's shape (not a survey: the caller checks). */
export async function classRecord(
  db: Queryable,
  secret: Uint8Array,
  lecture: AuthoredLecture,
): Promise<ClassRecord> {
  const type = lecture.class_type as BuilderClassType;
  const isQuiz = type === 'Quiz';
  // A text Class's description is its body (see lectureValues).
  const isText = type === 'Class' && !lecture.file && lecture.body.trim() !== '';
  return {
    id: lecture.id,
    class_type: CLASS_TYPE_IDS[type],
    class_type_name: type,
    course: lecture.course_id,
    week: lecture.week,
    detail_info: {
      title: lecture.title,
      title_ar: lecture.title_ar,
      description: isText ? lecture.body : lecture.description,
      description_ar: isText ? lecture.body_ar : lecture.description_ar,
      file: lecture.file ? fileAddress(lecture.file.id) : null,
    },
    file: lecture.file ? fileLink(secret, lecture.file) : null,
    quiz_info: isQuiz ? (await storedQuestions(db, lecture.id)).map(toQuizItem) : [],
    quiz_settings: isQuiz ? await storedSettings(db, lecture.id) : null,
    has_work: await hasWork(db, lecture.id),
  };
}

/** The number of weeks of the course's syllabus (courses.weeks). */
export function weekCount(weeks: unknown): number {
  return Array.isArray(weeks) ? weeks.length : 0;
}

/** Refuses a week outside the course's syllabus with 400. */
export function assertWeek(week: number, weeks: unknown): void {
  if (week > weekCount(weeks))
    throw new HttpProblem(400, { field: 'week', message: AUTHORING_VALIDATION.weekInvalid });
}

/** An upload a lecture may show, with the length read from it once stored (null until then). */
export type AttachableFile = UploadRow & { duration_seconds: number | null };

/**
 * The upload `address` names, when the caller may attach it: one of their own uploads, or the file
 * already attached to the lecture being saved. Anything else is refused with 400 fileUnknown; a
 * Class's file must be one the player shows (a video or a PDF), else 400 classFileType.
 */
export async function attachableFile(
  db: Queryable,
  userId: number,
  address: string | null,
  type: BuilderClassType,
  lectureId?: number,
): Promise<AttachableFile | null> {
  if (address === null) return null;
  const refuse = (message: (typeof AUTHORING_VALIDATION)['fileUnknown' | 'classFileType']): never => {
    throw new HttpProblem(400, { field: 'detail_info.file', message });
  };
  const fileId = fileIdOf(address);
  if (!fileId) return refuse(AUTHORING_VALIDATION.fileUnknown);
  const { rows } = await db.query<AttachableFile>(
    `SELECT u.id, u.owner_id, u.path, u.name, u.extension, u.content_type, u.size, u.duration_seconds FROM uploads u
     WHERE u.id = $1 AND (u.owner_id = $2 OR EXISTS (SELECT 1 FROM lectures l WHERE l.id = $3 AND l.file_id = u.id))`,
    [fileId, userId, lectureId ?? null],
  );
  const upload = rows[0];
  if (!upload) return refuse(AUTHORING_VALIDATION.fileUnknown);
  if (type === 'Class') {
    const kind = lectureKind({ class_type_name: 'Class', file_extension: upload.extension });
    if (kind !== 'video' && kind !== 'pdf') return refuse(AUTHORING_VALIDATION.classFileType);
  }
  return upload;
}

/** Whether the upload is a video the player plays (its duration is worth reading). */
export function isVideoUpload(upload: Pick<UploadRow, 'extension'> | null): boolean {
  return (
    upload !== null && lectureKind({ class_type_name: 'Class', file_extension: upload.extension }) === 'video'
  );
}

/** What a lecture row stores of a payload (the Arabic texts null when the payload has none). */
interface LectureValues {
  type: BuilderClassType;
  title: string;
  title_ar: string | null;
  description: string;
  description_ar: string | null;
  body: string;
  body_ar: string | null;
  fileId: string | null;
  duration: number | null;
}

function lectureValues(input: ClassInput, file: UploadRow | null, duration: number | null): LectureValues {
  const type = classTypeName(input.class_type);
  const { detail_info: detail } = input;
  const description = detail.description.trim();
  const descriptionAr = detail.description_ar === undefined ? null : detail.description_ar.trim();
  // A Class without a file is text to read: its description is the body (paragraphs kept), shown
  // once, not also as the heading's description.
  const isText = type === 'Class' && file === null;
  return {
    type,
    title: detail.title.trim(),
    title_ar: detail.title_ar === undefined ? null : detail.title_ar.trim(),
    description: isText ? '' : description,
    description_ar: isText && descriptionAr !== null ? '' : descriptionAr,
    body: isText ? description : '',
    body_ar: !isText && descriptionAr !== null ? '' : descriptionAr,
    fileId: file?.id ?? null,
    duration: isVideoUpload(file) && type === 'Class' ? duration : null,
  };
}

/**
 * The position at the end of a week of the course, before its post-course evaluation: that survey
 * stays the course's last lecture, so it moves one place on to make room.
 */
async function endOfWeek(tx: Queryable, courseId: number, week: number): Promise<number> {
  const { rows } = await tx.query<{ position: number }>(
    'SELECT COALESCE(max(position), 0) + 1 AS position FROM lectures WHERE course_id = $1 AND week = $2',
    [courseId, week],
  );
  const end = rows[0]?.position ?? 1;
  const { rows: last } = await tx.query<{ id: number; position: number }>(
    `SELECT l.id, l.position FROM lectures l JOIN surveys s ON s.lecture_id = l.id
      WHERE l.course_id = $1 AND l.week = $2 AND s.stage = 'post' ORDER BY l.position DESC LIMIT 1`,
    [courseId, week],
  );
  const survey = last[0];
  if (!survey || survey.position !== end - 1) return end;
  await tx.query('UPDATE lectures SET position = $2 WHERE id = $1', [survey.id, end]);
  return survey.position;
}

async function saveSettings(tx: Queryable, lectureId: number, settings: QuizSettings): Promise<void> {
  await tx.query(
    `INSERT INTO quizzes (lecture_id, time_limit_seconds, attempts_allowed, shows_answers) VALUES ($1, $2, $3, $4)
     ON CONFLICT (lecture_id) DO UPDATE SET time_limit_seconds = EXCLUDED.time_limit_seconds,
       attempts_allowed = EXCLUDED.attempts_allowed, shows_answers = EXCLUDED.shows_answers`,
    [
      lectureId,
      settings.time_limit_minutes === null ? null : settings.time_limit_minutes * 60,
      settings.attempts_allowed,
      settings.shows_answers,
    ],
  );
}

/**
 * Stores a quiz's questions in order: options [{id: index + 1, text, text_ar}], `correct` the ids
 * of the right ones, the marks. The Arabic of a question (or an answer) whose text is unchanged
 * from `previous` is kept.
 */
async function insertQuestions(
  tx: Queryable,
  lectureId: number,
  items: readonly QuizItem[],
  previous: readonly StoredQuestion[] = [],
): Promise<void> {
  for (const [index, { question }] of items.entries()) {
    const before = previous[index];
    const text = question.text.trim();
    const options = question.options.map((option, position) => {
      const optionText = option.trim();
      const same = before?.options?.find((old) => old.text === optionText);
      return { id: position + 1, text: optionText, text_ar: same?.text_ar ?? '' };
    });
    await tx.query(
      `INSERT INTO questions (lecture_id, position, kind, text, text_ar, options, correct, marks)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
      [
        lectureId,
        index + 1,
        question.kind,
        text,
        before?.text === text ? before.text_ar : '',
        JSON.stringify(options),
        JSON.stringify(question.correct.map((correct) => correct + 1)),
        question.marks,
      ],
    );
  }
}

/** Whether the payload's questions are the stored ones (texts compared trimmed). */
function sameQuestions(stored: readonly StoredQuestion[], items: readonly QuizItem[]): boolean {
  const normal = (item: QuizItem) =>
    JSON.stringify({
      text: item.question.text.trim(),
      kind: item.question.kind,
      options: item.question.options.map((option) => option.trim()),
      correct: [...item.question.correct].sort((a, b) => a - b),
      marks: item.question.marks,
    });
  return (
    stored.length === items.length &&
    stored.every((question, index) => {
      const item = items[index];
      return item !== undefined && normal(toQuizItem(question)) === normal(item);
    })
  );
}

/** POST /course/class-create/: the lecture at the end of its week, a quiz's settings and questions. */
export async function createClass(
  db: Db,
  input: ClassInput,
  file: UploadRow | null,
  duration: number | null,
): Promise<number> {
  const values = lectureValues(input, file, duration);
  return db.transaction(async (tx) => {
    // One writer at a time per course, so that two saves never take the same position.
    await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [input.course]);
    const position = await endOfWeek(tx, input.course, input.week);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO lectures (course_id, week, position, class_type, title, title_ar, description,
         description_ar, body, body_ar, file_id, duration_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        input.course,
        input.week,
        position,
        values.type,
        values.title,
        values.title_ar ?? '',
        values.description,
        values.description_ar ?? '',
        values.body,
        values.body_ar ?? '',
        values.fileId,
        values.duration,
      ],
    );
    const lectureId = rows[0]?.id;
    if (lectureId === undefined) throw new Error('The lecture was not stored');
    if (values.type === 'Quiz' && input.quiz_settings) {
      await saveSettings(tx, lectureId, input.quiz_settings);
      await insertQuestions(tx, lectureId, input.quiz_info);
    }
    return lectureId;
  });
}

/**
 * PUT /course/class-create/{id}/: the lecture's title, description, file and week (moved to the
 * end of a new week); its type only while no trainee has worked on it (409 typeHasWork); a quiz's
 * settings always, its questions only while no attempt exists (409 quizHasAttempts).
 */
export async function updateClass(
  db: Db,
  lecture: AuthoredLecture,
  input: ClassInput,
  file: UploadRow | null,
  duration: number | null,
): Promise<void> {
  const values = lectureValues(input, file, duration);
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [lecture.course_id]);
    if (values.type !== lecture.class_type && (await hasWork(tx, lecture.id)))
      throw new HttpProblem(409, AUTHORING_MESSAGES.typeHasWork);
    const previous = lecture.class_type === 'Quiz' ? await storedQuestions(tx, lecture.id) : [];
    if (
      values.type === 'Quiz' &&
      lecture.class_type === 'Quiz' &&
      !sameQuestions(previous, input.quiz_info)
    ) {
      if (await hasAttempts(tx, lecture.id)) throw new HttpProblem(409, AUTHORING_MESSAGES.quizHasAttempts);
    }
    const position =
      input.week === lecture.week ? lecture.position : await endOfWeek(tx, lecture.course_id, input.week);
    // The same file keeps the duration read when it was attached.
    const keepsDuration = values.fileId !== null && values.fileId === lecture.file?.id;
    // The Arabic the payload gives is stored; without it (the spec's payload), the stored Arabic
    // stays while its English does, and goes when the English changes.
    await tx.query(
      `UPDATE lectures SET week = $2, position = $3, class_type = $4,
         title_ar = COALESCE($11::text, CASE WHEN title = $5 THEN title_ar ELSE '' END), title = $5,
         description_ar = COALESCE($12::text, CASE WHEN description = $6 THEN description_ar ELSE '' END), description = $6,
         body_ar = COALESCE($13::text, CASE WHEN body = $7 THEN body_ar ELSE '' END), body = $7,
         file_id = $8, duration_seconds = CASE WHEN $10::boolean AND $4 = 'Class' THEN duration_seconds ELSE $9 END
       WHERE id = $1`,
      [
        lecture.id,
        input.week,
        position,
        values.type,
        values.title,
        values.description,
        values.body,
        values.fileId,
        values.duration,
        keepsDuration,
        values.title_ar,
        values.description_ar,
        values.body_ar,
      ],
    );
    if (values.type !== 'Quiz') {
      // No attempt exists here (a type with work cannot change): the quiz's rows go with its type.
      if (lecture.class_type === 'Quiz') {
        await tx.query('DELETE FROM questions WHERE lecture_id = $1', [lecture.id]);
        await tx.query('DELETE FROM quizzes WHERE lecture_id = $1', [lecture.id]);
      }
      return;
    }
    if (input.quiz_settings) await saveSettings(tx, lecture.id, input.quiz_settings);
    if (!sameQuestions(previous, input.quiz_info)) {
      await tx.query('DELETE FROM questions WHERE lecture_id = $1', [lecture.id]);
      await insertQuestions(tx, lecture.id, input.quiz_info, previous);
    }
  });
}

// ── The trainer's view of a course ──────────────────────────────────────────────────────────────

/** The syllabus titles of the course's weeks (courses.weeks), by week number. */
function syllabusTitles(weeks: unknown): Map<number, { title: string; title_ar: string }> {
  const titles = new Map<number, { title: string; title_ar: string }>();
  if (!Array.isArray(weeks)) return titles;
  for (const [index, week] of (weeks as Record<string, unknown>[]).entries()) {
    const number = typeof week?.week === 'number' ? week.week : index + 1;
    titles.set(number, {
      title: typeof week?.syllabus_title === 'string' ? week.syllabus_title : '',
      title_ar: typeof week?.syllabus_title_ar === 'string' ? week.syllabus_title_ar : '',
    });
  }
  return titles;
}

/**
 * GET /authoring/courses/{id}/lectures/: every syllabus week (and any other week holding
 * lectures) with its lectures in order, and what the caller may do with the course.
 */
export async function authoringCourse(db: Queryable, course: AuthoredCourse): Promise<AuthoringCourse> {
  const { rows: lectures } = await db.query<AuthoringLecture & { week: number }>(
    `SELECT l.id, l.week, l.title, l.title_ar, l.class_type AS class_type_name, u.extension AS file_extension,
       coalesce(l.duration_seconds, CASE WHEN l.class_type = 'Class' THEN u.duration_seconds END) AS duration,
       (l.class_type <> 'Survey') AS editable
     FROM lectures l LEFT JOIN uploads u ON u.id = l.file_id WHERE l.course_id = $1
     ORDER BY l.week, l.position, l.id`,
    [course.id],
  );
  const { rows: enrolled } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM enrolments
     WHERE course_id = $1 AND status IN ('enrolled', 'withdrawal_requested')`,
    [course.id],
  );
  const titles = syllabusTitles(course.weeks);
  const numbers = [...new Set([...titles.keys(), ...lectures.map((lecture) => lecture.week)])].sort(
    (a, b) => a - b,
  );
  const open = course.status === 'Approved' && !course.ended;
  return {
    course: {
      id: course.id,
      title: course.title,
      title_ar: course.title_ar,
      cover_image: course.cover_image,
      status: course.status,
      display_status:
        course.status !== 'Approved'
          ? course.status
          : course.ended
            ? 'Completed'
            : course.started
              ? 'ONGOING'
              : 'Approved',
      rejection_reason: course.rejection_reason,
      start_date: course.start_date,
      end_date: course.end_date,
    },
    role: course.role,
    flags: {
      can_edit: !course.ended,
      can_delete: course.role === 'trainer' && (enrolled[0]?.count ?? 0) === 0,
      can_add_class: open,
      can_take_action: open,
    },
    revision: await courseRevisionFor(db, course.id),
    weeks: numbers.map((week) => ({
      week,
      ...(titles.get(week) ?? { title: '', title_ar: '' }),
      lectures: lectures
        .filter((lecture) => lecture.week === week)
        .map(({ week: _week, ...lecture }) => lecture),
    })),
  };
}
