import { AUTHORING_VALIDATION, type CourseInput } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { CourseRecord, Facilitator, SurveyCategory, TrainerCourse } from '@contract/wire/authoring';
import type { Db, Queryable } from '../db';
import { HttpProblem, type ProblemDetail } from '../http';
import { fileAddress } from '../learning/files';
import { courseRevisionFor } from '../staff/revisions';
import { DEFAULT_AVATAR, normaliseEmail } from '../users';

/**
 * The trainer's courses and their approval lifecycle (migration 014): Pending → Approved, or
 * Rejected with the admin's reason → edited → Pending again; Deleted is kept for the record and
 * seen by no one. The course's creator does everything; a facilitator everything but deleting it
 * and changing the facilitators.
 */

/** Enrolments that make a course's trainee: they count in `enrolled_count`. */
export const ENROLLED_STATUSES = ['enrolled', 'withdrawal_requested'] as const;
/** Enrolments that keep a course from being deleted: its trainees, and those paying for it in cash. */
export const DELETE_BLOCKING_STATUSES = [...ENROLLED_STATUSES, 'awaiting_payment'] as const;

const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** 'Completed' (approved and ended: its end date passed or its trainer closed it), 'ONGOING' (approved, between its dates), else the stored status. */
const STATUS = `CASE
  WHEN c.status = 'Approved' AND course_ended(c.end_date, c.closed_at) THEN 'Completed'
  WHEN c.status = 'Approved' AND centre_today() >= c.start_date THEN 'ONGOING'
  ELSE c.status END`;

/** The role of user $1 in course c: 'trainer', 'facilitator' or null. */
const ROLE = `CASE WHEN c.created_by = $1 THEN 'trainer'
  WHEN EXISTS (SELECT 1 FROM course_facilitators f WHERE f.course_id = c.id AND f.user_id = $1) THEN 'facilitator'
  END`;

const ENROLLED_COUNT = `(SELECT count(*)::int FROM enrolments e
  WHERE e.course_id = c.id AND e.status IN (${sqlList(ENROLLED_STATUSES)}))`;
const BLOCKING_COUNT = `(SELECT count(*)::int FROM enrolments e
  WHERE e.course_id = c.id AND e.status IN (${sqlList(DELETE_BLOCKING_STATUSES)}))`;

/** The columns every answer about a course of the trainer reads. */
const COURSE_STATE = `c.id, c.status AS stored_status, ${STATUS} AS status, ${ROLE} AS role,
  ${ENROLLED_COUNT} AS enrolled_count, ${BLOCKING_COUNT} AS blocking_count, c.rejection_reason,
  to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date`;

interface CourseState {
  id: number;
  stored_status: 'Pending' | 'Approved' | 'Rejected' | 'Deleted';
  status: TrainerCourse['status'];
  role: 'trainer' | 'facilitator' | null;
  enrolled_count: number;
  blocking_count: number;
  rejection_reason: string | null;
  start_date: string;
  end_date: string;
}

/** What the signed-in trainer may do with the course (courseFlagsSchema). */
export function flagsOf(state: CourseState): TrainerCourse['flags'] {
  const completed = state.status === 'Completed';
  const approved = state.stored_status === 'Approved';
  return {
    can_edit: !completed,
    can_delete: state.role === 'trainer' && state.blocking_count === 0,
    can_add_class: approved && !completed,
    can_take_action: approved && !completed,
  };
}

// ── My courses ──────────────────────────────────────────────────────────────────────────────────

/** GET /course/course-list-of-a-trainer/: the courses the trainer created or facilitates (not deleted), newest first. */
export async function trainerCourses(db: Queryable, userId: number): Promise<TrainerCourse[]> {
  const { rows } = await db.query<
    CourseState & Omit<TrainerCourse, 'status' | 'role' | 'flags' | 'rejection_reason' | 'enrolled_count'>
  >(
    `SELECT ${COURSE_STATE}, c.title, c.title_ar, c.cover_image,
       json_build_object('id', k.id, 'name', k.name, 'name_ar', k.name_ar) AS category,
       (SELECT count(*)::int FROM lectures l WHERE l.course_id = c.id) AS lecture_count,
       to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
     FROM courses c JOIN course_categories k ON k.id = c.category_id
     WHERE c.status <> 'Deleted'
       AND (c.created_by = $1 OR c.id IN (SELECT course_id FROM course_facilitators WHERE user_id = $1))
     ORDER BY c.created_at DESC, c.id DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    title_ar: row.title_ar,
    cover_image: row.cover_image,
    category: row.category,
    status: row.status,
    rejection_reason: row.stored_status === 'Rejected' ? row.rejection_reason : null,
    start_date: row.start_date,
    end_date: row.end_date,
    enrolled_count: row.enrolled_count,
    lecture_count: row.lecture_count,
    role: row.role ?? 'trainer',
    flags: flagsOf(row),
    updated_at: row.updated_at,
  }));
}

// ── One course ──────────────────────────────────────────────────────────────────────────────────

/** The course's state for the user; 404 when it is unknown or deleted, 403 when the user has no part in it. */
export async function courseStateFor(db: Queryable, courseId: number, userId: number, lock = false) {
  const { rows } = await db.query<CourseState & { created_by: number }>(
    `SELECT ${COURSE_STATE}, c.created_by FROM courses c WHERE c.id = $2 AND c.status <> 'Deleted'
     ${lock ? 'FOR UPDATE' : ''}`,
    [userId, courseId],
  );
  const state = rows[0];
  if (!state) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  if (!state.role) throw new HttpProblem(403, AUTHORING_MESSAGES.notYourCourse);
  return state as CourseState & { role: 'trainer' | 'facilitator'; created_by: number };
}

interface CourseDetailRow {
  title: string;
  title_ar: string;
  subtitle: string;
  subtitle_ar: string;
  description: string;
  description_ar: string;
  category_id: number;
  cover_image: string;
  cover_file_id: string | null;
  skill_level: CourseRecord['skill_level'];
  languages: CourseRecord['languages'];
  captions: CourseRecord['captions'];
  female_only: boolean;
  price_halalas: number;
  weeks: (CourseRecord['weeks'][number] & { week?: number })[];
  pre_survey_id: number | null;
  post_survey_id: number | null;
  routine: CourseRecord['routine'];
}

/** GET /course/course-create/{id}/: the course as the wizard edits it. */
export async function courseRecord(db: Queryable, courseId: number, userId: number): Promise<CourseRecord> {
  const state = await courseStateFor(db, courseId, userId);
  const { rows } = await db.query<CourseDetailRow>(
    `SELECT title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id, cover_image,
       cover_file_id::text, skill_level, languages, captions, female_only, price_halalas, weeks,
       pre_survey_id, post_survey_id, routine
     FROM courses WHERE id = $1`,
    [courseId],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  const { rows: facilitators } = await db.query<Facilitator>(
    `SELECT u.id, u.full_name, u.email, coalesce(u.image, $2) AS image
     FROM course_facilitators f JOIN users u ON u.id = f.user_id
     WHERE f.course_id = $1 ORDER BY f.position, u.id`,
    [courseId, DEFAULT_AVATAR],
  );
  return {
    id: state.id,
    title: row.title,
    title_ar: row.title_ar,
    subtitle: row.subtitle,
    subtitle_ar: row.subtitle_ar,
    description: row.description,
    description_ar: row.description_ar,
    category: row.category_id,
    cover_image: row.cover_file_id ? fileAddress(row.cover_file_id) : row.cover_image,
    cover_image_url: row.cover_image,
    skill_level: row.skill_level,
    languages: row.languages,
    captions: row.captions,
    female_only: row.female_only,
    price_halalas: row.price_halalas,
    weeks: row.weeks.map((week) => ({
      syllabus_title: week.syllabus_title,
      syllabus_title_ar: week.syllabus_title_ar,
      lectures: week.lectures,
      quizzes: week.quizzes,
      assignments: week.assignments,
    })),
    surveys: { pre: row.pre_survey_id, post: row.post_survey_id },
    start_date: state.start_date,
    end_date: state.end_date,
    routine: row.routine,
    facilitators,
    // courseStateFor never answers a Deleted course.
    status: state.stored_status as CourseRecord['status'],
    rejection_reason: state.stored_status === 'Rejected' ? state.rejection_reason : null,
    role: state.role,
    flags: flagsOf(state),
    enrolled_count: state.enrolled_count,
    revision: await courseRevisionFor(db, courseId),
  };
}

// ── Checks the rules cannot make ────────────────────────────────────────────────────────────────

interface SurveyChoice {
  id: number;
  stage: 'pre' | 'post';
  name: string;
  name_ar: string;
}

/**
 * What a course names must exist: its category (shown, or the one the course already has:
 * `courseId`), its surveys (of their stage), its facilitators (approved trainers, not the creator).
 */
export async function referenceProblems(
  db: Queryable,
  input: CourseInput,
  creatorId: number,
  courseId: number | null = null,
): Promise<{ problems: ProblemDetail[]; surveys: SurveyChoice[] }> {
  const problems: ProblemDetail[] = [];
  const { rows: categories } = await db.query(
    `SELECT 1 FROM course_categories k WHERE k.id = $1
       AND (k.hidden_at IS NULL OR EXISTS (SELECT 1 FROM courses c WHERE c.id = $2 AND c.category_id = k.id))`,
    [input.category, courseId],
  );
  if (categories.length === 0)
    problems.push({ field: 'category', message: AUTHORING_VALIDATION.categoryRequired });
  const wanted = (['pre', 'post'] as const).flatMap((stage) => {
    const id = input.surveys[stage];
    return id === null ? [] : [{ stage, id }];
  });
  const { rows: found } = await db.query<SurveyChoice>(
    'SELECT id, stage, name, name_ar FROM survey_categories WHERE id = ANY($1::int[])',
    [wanted.map((survey) => survey.id)],
  );
  const surveys: SurveyChoice[] = [];
  for (const { stage, id } of wanted) {
    const survey = found.find((row) => row.id === id && row.stage === stage);
    if (survey) surveys.push(survey);
    else problems.push({ field: `surveys.${stage}`, message: AUTHORING_VALIDATION.surveyInvalid });
  }
  if (input.facilitators.length > 0) {
    const { rows: trainers } = await db.query<{ id: number }>(
      `SELECT id FROM users WHERE id = ANY($1::int[]) AND id <> $2 AND role = 'TRAINER' AND approved
         AND verified AND closed_at IS NULL`,
      [input.facilitators, creatorId],
    );
    const valid = new Set(trainers.map((row) => row.id));
    input.facilitators.forEach((id, index) => {
      if (!valid.has(id))
        problems.push({ field: `facilitators.${index}`, message: AUTHORING_VALIDATION.facilitatorInvalid });
    });
  }
  return { problems, surveys };
}

/** An upload of the trainer's own that may become a cover: a PNG or JPEG. */
export interface CoverUpload {
  id: string;
  path: string;
  extension: 'png' | 'jpg';
}

export async function ownImageUpload(
  db: Queryable,
  fileId: string,
  ownerId: number,
): Promise<CoverUpload | undefined> {
  const { rows } = await db.query<{ id: string; path: string; content_type: string }>(
    `SELECT id::text, path, content_type FROM uploads WHERE id = $1 AND owner_id = $2
       AND content_type IN ('image/png', 'image/jpeg')`,
    [fileId, ownerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, path: row.path, extension: row.content_type === 'image/png' ? 'png' : 'jpg' };
}

// ── Saving ──────────────────────────────────────────────────────────────────────────────────────

/** The course's cover as it is stored: the public address and the upload it was made from. */
export interface StoredCover {
  address: string;
  fileId: string | null;
}

/** The columns a create or an edit writes, from the payload. */
function courseValues(input: CourseInput, cover: StoredCover, surveys: SurveyChoice[]) {
  return {
    title: input.title.trim(),
    title_ar: input.title_ar.trim(),
    subtitle: input.subtitle.trim(),
    subtitle_ar: input.subtitle_ar.trim(),
    description: input.description.trim(),
    description_ar: input.description_ar.trim(),
    category_id: input.category,
    cover_image: cover.address,
    cover_file_id: cover.fileId,
    skill_level: input.skill_level,
    languages: JSON.stringify(input.languages),
    captions: JSON.stringify(input.captions),
    weeks: JSON.stringify(
      input.weeks.map((week, index) => ({
        week: index + 1,
        syllabus_title: week.syllabus_title.trim(),
        syllabus_title_ar: week.syllabus_title_ar.trim() || week.syllabus_title.trim(),
        lectures: week.lectures,
        quizzes: week.quizzes,
        assignments: week.assignments,
      })),
    ),
    surveys: JSON.stringify(
      [...surveys]
        .sort((a, b) => (a.stage === b.stage ? 0 : a.stage === 'pre' ? -1 : 1))
        .map((survey) => ({ stage: survey.stage, title: survey.name, title_ar: survey.name_ar })),
    ),
    pre_survey_id: input.surveys.pre,
    post_survey_id: input.surveys.post,
    routine: JSON.stringify(
      input.routine.map((slot) => ({ day: slot.day, start_time: slot.start_time, end_time: slot.end_time })),
    ),
    female_only: input.female_only,
    start_date: input.start_date,
    end_date: input.end_date,
    price_halalas: input.price_halalas,
  };
}

/** Replaces the course's facilitators (their rows, and the public list the course page shows). */
async function setFacilitators(tx: Queryable, courseId: number, ids: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM course_facilitators WHERE course_id = $1', [courseId]);
  for (const [position, userId] of ids.entries()) {
    await tx.query('INSERT INTO course_facilitators (course_id, user_id, position) VALUES ($1, $2, $3)', [
      courseId,
      userId,
      position,
    ]);
  }
  await tx.query(
    `UPDATE courses SET facilitators = coalesce((
       SELECT jsonb_agg(jsonb_build_object('full_name', u.full_name, 'image', coalesce(u.image, $2))
                        ORDER BY f.position)
       FROM course_facilitators f JOIN users u ON u.id = f.user_id WHERE f.course_id = $1), '[]'::jsonb)
     WHERE id = $1`,
    [courseId, DEFAULT_AVATAR],
  );
}

/** Stores a new course, Pending, with its facilitators: in the caller's transaction. */
export async function insertCourse(
  tx: Queryable,
  creatorId: number,
  input: CourseInput,
  cover: StoredCover,
  surveys: SurveyChoice[],
): Promise<number> {
  const values = courseValues(input, cover, surveys);
  const columns = Object.keys(values);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO courses (${columns.join(', ')}, status, created_by)
     VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}, 'Pending', $${columns.length + 1})
     RETURNING id`,
    [...Object.values(values), creatorId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('The course was not stored');
  await setFacilitators(tx, id, input.facilitators);
  return id;
}

/**
 * Saves an edit: a Rejected course is Pending again (its reason cleared; decided_at keeps when it
 * was rejected); Pending and Approved stay as they are. Only the creator changes the facilitators.
 */
export async function updateCourse(
  tx: Queryable,
  courseId: number,
  role: 'trainer' | 'facilitator',
  input: CourseInput,
  cover: StoredCover,
  surveys: SurveyChoice[],
): Promise<void> {
  const values = courseValues(input, cover, surveys);
  const columns = Object.keys(values);
  await tx.query(
    `UPDATE courses SET ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')},
       status = CASE WHEN status = 'Rejected' THEN 'Pending' ELSE status END,
       rejection_reason = CASE WHEN status = 'Rejected' THEN NULL ELSE rejection_reason END,
       updated_at = now()
     WHERE id = $1`,
    [courseId, ...Object.values(values)],
  );
  if (role === 'trainer') await setFacilitators(tx, courseId, input.facilitators);
}

/** The facilitators a course has now (a facilitator's edit keeps them). */
export async function facilitatorIds(db: Queryable, courseId: number): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM course_facilitators WHERE course_id = $1 ORDER BY position, user_id',
    [courseId],
  );
  return rows.map((row) => row.user_id);
}

/** DELETE /course/course-create/{id}/: the creator only, with no trainee enrolled; the course is kept as Deleted. */
export async function deleteCourse(db: Db, courseId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await courseStateFor(tx, courseId, userId, true);
    if (state.role !== 'trainer') throw new HttpProblem(403, AUTHORING_MESSAGES.onlyOwnerDeletes);
    if (state.blocking_count > 0) throw new HttpProblem(409, AUTHORING_MESSAGES.courseHasTrainees);
    await tx.query(
      "UPDATE courses SET status = 'Deleted', deleted_at = now(), updated_at = now() WHERE id = $1",
      [courseId],
    );
  });
}

// ── Survey categories and facilitators ──────────────────────────────────────────────────────────

/** GET /course/survey-category/: the evaluation surveys, pre-course first. */
export async function surveyCategories(db: Queryable): Promise<SurveyCategory[]> {
  const { rows } = await db.query<SurveyCategory>(
    `SELECT id, name, name_ar, stage, jsonb_array_length(questions)::int AS question_count
     FROM survey_categories ORDER BY CASE stage WHEN 'pre' THEN 0 ELSE 1 END, position, id`,
  );
  return rows;
}

/** The approved, verified trainer with exactly this address, other than the caller. */
export async function findFacilitator(
  db: Queryable,
  email: string,
  callerId: number,
): Promise<Facilitator | undefined> {
  const { rows } = await db.query<Facilitator>(
    `SELECT id, full_name, email, coalesce(image, $3) AS image FROM users
     WHERE email = $1 AND id <> $2 AND role = 'TRAINER' AND approved AND verified AND closed_at IS NULL`,
    [normaliseEmail(email), callerId, DEFAULT_AVATAR],
  );
  return rows[0];
}
