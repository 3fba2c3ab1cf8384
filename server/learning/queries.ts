import { GRADE_MAX } from '@contract/domain/grading';
import { VIDEO_EXTENSIONS, VIDEO_READ_SHARE } from '@contract/domain/learning';
import { UPLOAD_MESSAGES, type UploadMessage } from '@contract/messages/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type {
  AssignmentState,
  CaptionTrack,
  ClassTypeName,
  CourseGrades,
  CourseLectures,
  GradeItem,
  LearningCourse,
  LectureDetails,
  LectureListItem,
  LectureWeek,
  OngoingCourse,
  Progress,
  QuizInfo,
  Submission,
  SurveyInfo,
  SurveyQuestion,
} from '@contract/wire/learning';
import type { EnrolmentStatus } from '@contract/wire/payments';
import type { Db, Queryable } from '../db';
import { HttpProblem } from '../http';
import { fileLink, signedFileUrl, type UploadRow } from './files';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${ISO})`;

/**
 * The grades item that ends a course's last week ('Grads of Assignment'): not a lecture, so its id
 * is 0, which no lecture has; the player opens the course's grades for it.
 */
export const GRADES_ITEM_ID = 0;

const COURSE_COLUMNS = `c.id, c.title, c.title_ar, c.cover_image,
  to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date`;

/** A lecture as the list and the details read it (class_type of the table). */
interface LectureRow {
  id: number;
  course_id: number;
  week: number;
  class_type: Exclude<ClassTypeName, 'Grads of Assignment'>;
  title: string;
  title_ar: string;
  file_extension: string | null;
  duration: number | null;
  is_read: boolean;
}

/**
 * A Class's length is the lecture's, else its video's as read once stored (a lecture saved while its
 * video's facts were being read).
 */
const DURATION = `coalesce(l.duration_seconds, CASE WHEN l.class_type = 'Class' THEN u.duration_seconds END)`;

const LECTURE_COLUMNS = `l.id, l.course_id, l.week, l.class_type, l.title, l.title_ar, u.extension AS file_extension,
  ${DURATION} AS duration, (r.user_id IS NOT NULL) AS is_read`;
const LECTURE_FROM = `FROM lectures l LEFT JOIN uploads u ON u.id = l.file_id
  LEFT JOIN lecture_reads r ON r.lecture_id = l.id AND r.user_id = $2`;
const LECTURE_ORDER = 'ORDER BY l.week, l.position, l.id';

function listItem(row: LectureRow): LectureListItem {
  return {
    id: row.id,
    title: row.title,
    title_ar: row.title_ar,
    class_type_name: row.class_type,
    file_extension: row.file_extension,
    is_read: row.is_read,
    duration: row.duration,
  };
}

async function lecturesOf(db: Queryable, courseId: number, userId: number): Promise<LectureRow[]> {
  const { rows } = await db.query<LectureRow>(
    `SELECT ${LECTURE_COLUMNS} ${LECTURE_FROM} WHERE l.course_id = $1 ${LECTURE_ORDER}`,
    [courseId, userId],
  );
  return rows;
}

function progressOf(lectures: readonly LectureRow[]): Progress {
  return { read: lectures.filter((lecture) => lecture.is_read).length, total: lectures.length };
}

/** GET /learning/courses/: enrolled (or waiting to withdraw) in a course that has not ended. */
export async function ongoingCourses(db: Db, userId: number): Promise<OngoingCourse[]> {
  const { rows } = await db.query<LearningCourse & { status: EnrolmentStatus }>(
    `SELECT ${COURSE_COLUMNS}, e.status FROM enrolments e JOIN courses c ON c.id = e.course_id
     WHERE e.user_id = $1 AND e.status IN ('enrolled', 'withdrawal_requested') AND NOT course_ended(c.end_date, c.closed_at)
     ORDER BY c.start_date, c.id`,
    [userId],
  );
  const courses: OngoingCourse[] = [];
  for (const { status, ...course } of rows) {
    const lectures = await lecturesOf(db, course.id, userId);
    const next = lectures.find((lecture) => !lecture.is_read);
    courses.push({
      course,
      status,
      progress: progressOf(lectures),
      next_lecture: next ? { id: next.id, title: next.title, title_ar: next.title_ar } : null,
    });
  }
  return courses;
}

async function courseOf(db: Queryable, courseId: number): Promise<LearningCourse & { weeks: unknown }> {
  const { rows } = await db.query<LearningCourse & { weeks: unknown }>(
    `SELECT ${COURSE_COLUMNS}, c.weeks FROM courses c WHERE c.id = $1`,
    [courseId],
  );
  const course = rows[0];
  if (!course) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return course;
}

/** The syllabus titles of the course's weeks (courses.weeks), by week number. */
function weekTitles(weeks: unknown): Map<number, { title: string; title_ar: string }> {
  const titles = new Map<number, { title: string; title_ar: string }>();
  if (!Array.isArray(weeks)) return titles;
  for (const week of weeks as { week?: unknown; syllabus_title?: unknown; syllabus_title_ar?: unknown }[]) {
    if (typeof week?.week !== 'number') continue;
    titles.set(week.week, {
      title: typeof week.syllabus_title === 'string' ? week.syllabus_title : '',
      title_ar: typeof week.syllabus_title_ar === 'string' ? week.syllabus_title_ar : '',
    });
  }
  return titles;
}

/** The trainee's enrolment status in the course (the caller has checked it with assertEnrolled). */
async function statusOf(db: Queryable, userId: number, courseId: number): Promise<EnrolmentStatus> {
  const { rows } = await db.query<{ status: EnrolmentStatus }>(
    'SELECT status FROM enrolments WHERE user_id = $1 AND course_id = $2',
    [userId, courseId],
  );
  return rows[0]?.status ?? 'enrolled';
}

/** GET /learning/courses/{id}/lectures/: the sidebar, by week, the grades item last. */
export async function courseLectures(db: Db, courseId: number, userId: number): Promise<CourseLectures> {
  const { weeks: syllabus, ...course } = await courseOf(db, courseId);
  const lectures = await lecturesOf(db, courseId, userId);
  const titles = weekTitles(syllabus);
  const weeks: LectureWeek[] = [];
  for (const lecture of lectures) {
    let week = weeks.at(-1);
    if (week?.week !== lecture.week) {
      const title = titles.get(lecture.week) ?? { title: '', title_ar: '' };
      week = { week: lecture.week, ...title, lectures: [] };
      weeks.push(week);
    }
    week.lectures.push(listItem(lecture));
  }
  weeks.at(-1)?.lectures.push({
    id: GRADES_ITEM_ID,
    title: 'Grades of assignments and quizzes',
    title_ar: 'درجات الواجبات والاختبارات',
    class_type_name: 'Grads of Assignment',
    file_extension: null,
    is_read: false,
    duration: null,
  });
  return {
    course,
    status: await statusOf(db, userId, courseId),
    weeks,
    progress: progressOf(lectures),
    next_lecture_id: lectures.find((lecture) => !lecture.is_read)?.id ?? null,
  };
}

/** A lecture's course and type, or 404. */
export async function lectureHead(
  db: Queryable,
  lectureId: number,
): Promise<{
  id: number;
  course_id: number;
  class_type: LectureRow['class_type'];
  file_extension: string | null;
  duration: number | null;
}> {
  const { rows } = await db.query<{
    id: number;
    course_id: number;
    class_type: LectureRow['class_type'];
    file_extension: string | null;
    duration: number | null;
  }>(
    `SELECT l.id, l.course_id, l.class_type, u.extension AS file_extension, ${DURATION} AS duration
     FROM lectures l LEFT JOIN uploads u ON u.id = l.file_id WHERE l.id = $1`,
    [lectureId],
  );
  const lecture = rows[0];
  if (!lecture) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return lecture;
}

/** How the lecture becomes read: on opening (text, PDF), or by what the trainee does. */
export function readsOnOpen(lecture: { class_type: string; file_extension: string | null }): boolean {
  if (lecture.class_type !== 'Class') return false;
  return !(VIDEO_EXTENSIONS as readonly string[]).includes(lecture.file_extension?.toLowerCase() ?? '');
}

export function isVideo(lecture: { class_type: string; file_extension: string | null }): boolean {
  return lecture.class_type === 'Class' && !readsOnOpen(lecture);
}

/** Marks a lecture read for the trainee (idempotent). */
export async function markRead(db: Queryable, userId: number, lectureId: number): Promise<void> {
  await db.query(
    'INSERT INTO lecture_reads (user_id, lecture_id) VALUES ($1, $2) ON CONFLICT (user_id, lecture_id) DO NOTHING',
    [userId, lectureId],
  );
}

export async function isRead(db: Queryable, userId: number, lectureId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM lecture_reads WHERE user_id = $1 AND lecture_id = $2', [
    userId,
    lectureId,
  ]);
  return rows.length > 0;
}

/** PUT /learning/lectures/{id}/position/: keeps the position; read once at VIDEO_READ_SHARE. */
export async function saveVideoPosition(
  db: Db,
  userId: number,
  lecture: { id: number; duration: number | null },
  seconds: number,
): Promise<{ seconds: number; is_read: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO video_positions (user_id, lecture_id, seconds) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, lecture_id) DO UPDATE SET seconds = EXCLUDED.seconds, updated_at = now()`,
      [userId, lecture.id, seconds],
    );
    if (lecture.duration !== null && seconds >= VIDEO_READ_SHARE * lecture.duration) {
      await markRead(tx, userId, lecture.id);
    }
    return { seconds, is_read: await isRead(tx, userId, lecture.id) };
  });
}

// ── Submissions ─────────────────────────────────────────────────────────────────────────────────

interface SubmissionRow {
  id: number;
  lecture_id: number;
  user_id: number;
  attempt: number;
  status: Submission['status'];
  grade: number | null;
  feedback: string | null;
  submitted_at: string;
  reviewed_at: string | null;
  file: Pick<UploadRow, 'id' | 'name' | 'extension' | 'size'>;
  feedback_file: Pick<UploadRow, 'id' | 'name' | 'extension' | 'size'> | null;
}

const SUBMISSION_SELECT = `SELECT s.id, s.lecture_id, s.user_id, s.attempt, s.status, s.grade::float8 AS grade, s.feedback,
    ${iso('s.submitted_at')} AS submitted_at, ${iso('s.reviewed_at')} AS reviewed_at,
    json_build_object('id', f.id, 'name', f.name, 'extension', f.extension, 'size', f.size) AS file,
    CASE WHEN b.id IS NULL THEN NULL
      ELSE json_build_object('id', b.id, 'name', b.name, 'extension', b.extension, 'size', b.size) END AS feedback_file
  FROM submissions s JOIN uploads f ON f.id = s.file_id LEFT JOIN uploads b ON b.id = s.feedback_file_id`;

export function toSubmission(secret: Uint8Array, row: SubmissionRow): Submission {
  return {
    id: row.id,
    attempt: row.attempt,
    file: fileLink(secret, row.file),
    status: row.status,
    grade: row.grade,
    feedback: row.feedback,
    feedback_file: row.feedback_file ? fileLink(secret, row.feedback_file) : null,
    submitted_at: row.submitted_at,
    reviewed_at: row.reviewed_at,
  };
}

async function submissionsOf(db: Queryable, userId: number, lectureId: number): Promise<SubmissionRow[]> {
  const { rows } = await db.query<SubmissionRow>(
    `${SUBMISSION_SELECT} WHERE s.user_id = $1 AND s.lecture_id = $2 ORDER BY s.attempt DESC`,
    [userId, lectureId],
  );
  return rows;
}

export async function submissionById(db: Queryable, id: number): Promise<SubmissionRow | undefined> {
  const { rows } = await db.query<SubmissionRow>(`${SUBMISSION_SELECT} WHERE s.id = $1`, [id]);
  return rows[0];
}

/** Why a trainee cannot submit now (a submission waits, or was graded), or null. */
function canSubmit(submissions: readonly SubmissionRow[]): boolean {
  const last = submissions[0];
  return !last || last.status === 'Returned';
}

export class LearningError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly userMessage: (typeof SERVER_MESSAGES)[keyof typeof SERVER_MESSAGES] | UploadMessage,
  ) {
    super(userMessage);
    this.name = 'LearningError';
  }
}

/**
 * Hands in an uploaded file of the trainee's own: allowed when nothing was handed in or the last
 * attempt was returned; the attempt number follows the last; the lecture becomes read.
 */
export async function submitAssignment(
  db: Db,
  userId: number,
  lectureId: number,
  fileId: string,
): Promise<SubmissionRow> {
  return db.transaction(async (tx) => {
    const owned = await tx.query('SELECT 1 FROM uploads WHERE id = $1 AND owner_id = $2', [fileId, userId]);
    if (owned.rows.length === 0) throw new LearningError(400, UPLOAD_MESSAGES.uploadUnknown);
    const existing = await submissionsOf(tx, userId, lectureId);
    if (!canSubmit(existing)) throw new LearningError(409, SERVER_MESSAGES.alreadySubmitted);
    const { rows } = await tx
      .query<{ id: number }>(
        `INSERT INTO submissions (lecture_id, user_id, attempt, file_id) VALUES ($1, $2, $3, $4) RETURNING id`,
        [lectureId, userId, (existing[0]?.attempt ?? 0) + 1, fileId],
      )
      .catch((error: unknown) => {
        // Another request got there first (the partial unique index of waiting submissions).
        if ((error as { code?: string }).code === '23505') {
          throw new LearningError(409, SERVER_MESSAGES.alreadySubmitted);
        }
        throw error;
      });
    await markRead(tx, userId, lectureId);
    const created = await submissionById(tx, rows[0]?.id ?? 0);
    if (!created) throw new Error('The submission was not stored');
    return created;
  });
}

// ── Quizzes ─────────────────────────────────────────────────────────────────────────────────────

async function quizInfo(db: Queryable, userId: number, lectureId: number): Promise<QuizInfo | null> {
  const { rows } = await db.query<Omit<QuizInfo, 'attempts' | 'best_score'>>(
    `SELECT q.time_limit_seconds, q.attempts_allowed, ${iso('q.closes_at')} AS closes_at, q.shows_answers,
       (SELECT count(*)::int FROM questions WHERE lecture_id = q.lecture_id) AS question_count
     FROM quizzes q WHERE q.lecture_id = $1`,
    [lectureId],
  );
  const quiz = rows[0];
  if (!quiz) return null;
  const attempts = await db.query<QuizInfo['attempts'][number]>(
    `SELECT id::text AS id, number, CASE WHEN submitted_at IS NULL THEN 'in_progress' ELSE 'submitted' END AS state,
       ${iso('started_at')} AS started_at, ${iso('submitted_at')} AS submitted_at, score::float8 AS score
     FROM quiz_attempts WHERE lecture_id = $1 AND user_id = $2 ORDER BY number`,
    [lectureId, userId],
  );
  const scores = attempts.rows.flatMap((attempt) => (attempt.score === null ? [] : [attempt.score]));
  return {
    ...quiz,
    attempts: attempts.rows,
    best_score: scores.length > 0 ? Math.max(...scores) : null,
  };
}

// ── Surveys ─────────────────────────────────────────────────────────────────────────────────────

export async function surveyQuestions(db: Queryable, lectureId: number): Promise<SurveyQuestion[]> {
  const { rows } = await db.query<SurveyQuestion>(
    `SELECT id, kind, text, text_ar, required, options FROM questions
     WHERE lecture_id = $1 AND kind IN ('rating', 'choice', 'text') ORDER BY position, id`,
    [lectureId],
  );
  return rows;
}

async function surveyInfo(db: Queryable, userId: number, lectureId: number): Promise<SurveyInfo | null> {
  const { rows } = await db.query<{ stage: SurveyInfo['stage']; answered_at: string | null }>(
    `SELECT s.stage, ${iso('r.submitted_at')} AS answered_at FROM surveys s
     LEFT JOIN survey_responses r ON r.lecture_id = s.lecture_id AND r.user_id = $2 WHERE s.lecture_id = $1`,
    [lectureId, userId],
  );
  const survey = rows[0];
  if (!survey) return null;
  return {
    stage: survey.stage,
    questions: await surveyQuestions(db, lectureId),
    answered_at: survey.answered_at,
  };
}

/** One answer as stored in survey_responses.answers. */
export interface StoredSurveyAnswer {
  question_id: number;
  rating?: number;
  option?: number;
  text?: string;
}

/** Stores the trainee's answers once (the primary key refuses a second) and marks the survey read. */
export async function answerSurvey(
  db: Db,
  userId: number,
  lectureId: number,
  answers: readonly StoredSurveyAnswer[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO survey_responses (lecture_id, user_id, answers) VALUES ($1, $2, $3)
       ON CONFLICT (lecture_id, user_id) DO NOTHING RETURNING lecture_id`,
      [lectureId, userId, JSON.stringify(answers)],
    );
    if (rows.length === 0) throw new LearningError(409, SERVER_MESSAGES.surveyAnswered);
    await markRead(tx, userId, lectureId);
  });
}

// ── A lecture ───────────────────────────────────────────────────────────────────────────────────

interface DetailsRow extends LectureRow {
  description: string;
  description_ar: string;
  body: string;
  body_ar: string;
  file: Pick<UploadRow, 'id' | 'name' | 'extension' | 'size'> | null;
  poster_id: string | null;
  captions: { language: CaptionTrack['language']; label: string; file_id: string }[];
  position: number | null;
  previous_id: number | null;
  next_id: number | null;
}

/** GET /course/individual-course-lecture-details/{id}/ for an enrolled trainee. */
export async function lectureDetails(
  db: Db,
  secret: Uint8Array,
  lectureId: number,
  userId: number,
): Promise<LectureDetails> {
  const { rows } = await db.query<DetailsRow>(
    `WITH ordered AS (
       SELECT l.id, lag(l.id) OVER w AS previous_id, lead(l.id) OVER w AS next_id
       FROM lectures l WHERE l.course_id = (SELECT course_id FROM lectures WHERE id = $1)
       WINDOW w AS (ORDER BY l.week, l.position, l.id))
     SELECT ${LECTURE_COLUMNS}, l.description, l.description_ar, l.body, l.body_ar, l.captions,
       CASE WHEN u.id IS NULL THEN NULL
         ELSE json_build_object('id', u.id, 'name', u.name, 'extension', u.extension, 'size', u.size) END AS file,
       u.poster_id, p.seconds AS position, o.previous_id, o.next_id
     ${LECTURE_FROM}
     JOIN ordered o ON o.id = l.id
     LEFT JOIN video_positions p ON p.lecture_id = l.id AND p.user_id = $2
     WHERE l.id = $1`,
    [lectureId, userId],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  let assignment: AssignmentState | null = null;
  if (row.class_type === 'Assignment') {
    const submissions = await submissionsOf(db, userId, lectureId);
    assignment = {
      submissions: submissions.map((submission) => toSubmission(secret, submission)),
      can_submit: canSubmit(submissions),
    };
  }
  return {
    ...listItem(row),
    course_id: row.course_id,
    week: row.week,
    description: row.description,
    description_ar: row.description_ar,
    body: row.body,
    body_ar: row.body_ar,
    file: row.file ? fileLink(secret, row.file) : null,
    poster: row.poster_id ? signedFileUrl(secret, row.poster_id) : null,
    captions: row.captions.map((caption) => ({
      language: caption.language,
      label: caption.label,
      url: fileLink(secret, { id: caption.file_id, name: '', extension: 'vtt', size: 0 }).url,
    })),
    position: row.position,
    previous_id: row.previous_id,
    next_id: row.next_id,
    assignment,
    quiz: row.class_type === 'Quiz' ? await quizInfo(db, userId, lectureId) : null,
    survey: row.class_type === 'Survey' ? await surveyInfo(db, userId, lectureId) : null,
  };
}

// ── Grades ──────────────────────────────────────────────────────────────────────────────────────

/** GET /course/trainee-view-grade-of-assignment-and-quiz/?course_id for an enrolled trainee. */
export async function courseGrades(db: Db, courseId: number, userId: number): Promise<CourseGrades> {
  const { rows } = await db.query<GradeItem & { class_type: string }>(
    `SELECT l.id AS lecture_id, l.title, l.title_ar, l.class_type,
       CASE WHEN l.class_type = 'Assignment' THEN 'assignment' ELSE 'quiz' END AS kind,
       CASE WHEN l.class_type = 'Assignment' THEN coalesce(s.status, 'Not submitted')
         WHEN a.submitted IS NOT NULL THEN 'Reviewed' ELSE 'Not submitted' END AS status,
       CASE WHEN l.class_type = 'Assignment' THEN s.grade::float8 ELSE a.best::float8 END AS grade,
       CASE WHEN l.class_type = 'Assignment' THEN s.feedback END AS feedback,
       CASE WHEN l.class_type = 'Assignment' THEN ${iso('s.reviewed_at')} ELSE ${iso('a.submitted')} END AS graded_at
     FROM lectures l
     LEFT JOIN LATERAL (
       SELECT status, grade, feedback, reviewed_at FROM submissions
       WHERE lecture_id = l.id AND user_id = $2 ORDER BY attempt DESC LIMIT 1) s ON l.class_type = 'Assignment'
     LEFT JOIN LATERAL (
       SELECT max(score) AS best, max(submitted_at) AS submitted FROM quiz_attempts
       WHERE lecture_id = l.id AND user_id = $2 AND submitted_at IS NOT NULL) a ON l.class_type = 'Quiz'
     WHERE l.course_id = $1 AND l.class_type IN ('Assignment', 'Quiz')
     ${LECTURE_ORDER}`,
    [courseId, userId],
  );
  const items: GradeItem[] = rows.map(({ class_type: _type, ...item }) => item);
  const given = items.flatMap((item) => (item.grade === null ? [] : [item.grade]));
  const total = Math.round(given.reduce((sum, grade) => sum + grade, 0) * 100) / 100;
  return {
    course_id: courseId,
    items,
    total,
    possible: items.length * GRADE_MAX,
    average: given.length > 0 ? Math.round((total / given.length) * 100) / 100 : null,
  };
}
