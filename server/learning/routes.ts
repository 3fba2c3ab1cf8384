import { SURVEY_TEXT_MAX, SURVEY_VALIDATION } from '@contract/forms/learning';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Confirmation } from '@contract/wire/common';
import {
  courseGradesSchema,
  courseLecturesSchema,
  type LectureRead,
  lectureDetailsSchema,
  ongoingCoursesSchema,
  type SurveyAnswer,
  type SurveyQuestion,
  submissionSchema,
  submitAssignmentSchema,
  surveyResponseSchema,
  videoPositionResponseSchema,
  videoPositionSchema,
} from '@contract/wire/learning';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import { assertCourseAuthor } from '../authoring/access';
import type { Queryable } from '../db';
import type { Deps } from '../deps';
import { assertEnrolled } from '../enrolments/access';
import { type AppEnv, HttpProblem, type ProblemDetail } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, MAX_ID, validId, validQuery, wholeNumber } from '../validation';
import { fileIdOf } from './files';
import {
  answerSurvey,
  courseGrades,
  courseLectures,
  isRead,
  isVideo,
  LearningError,
  lectureDetails,
  lectureHead,
  markRead,
  ongoingCourses,
  readsOnOpen,
  type StoredSurveyAnswer,
  saveVideoPosition,
  submitAssignment,
  surveyQuestions,
  toSubmission,
} from './queries';

function refuseLearningError(error: unknown): never {
  if (error instanceof LearningError) throw new HttpProblem(error.status, error.userMessage);
  throw error;
}

async function assertCourse(db: Queryable, courseId: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM courses WHERE id = $1', [courseId]);
  if (rows.length === 0) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
}

/**
 * The survey's answers checked against its questions: every required question answered, a rating
 * from 1 to 5, an option of the question, a text of at most SURVEY_TEXT_MAX characters; no answer
 * to a question of another survey. Answers what is stored, or the details of the refusal (the first
 * is surveyIncomplete, then one per question).
 */
export function checkSurveyAnswers(
  questions: readonly SurveyQuestion[],
  answers: readonly SurveyAnswer[],
): StoredSurveyAnswer[] | ProblemDetail[] {
  const byQuestion = new Map(answers.map((answer) => [answer.question_id, answer]));
  const problems: ProblemDetail[] = [];
  const stored: StoredSurveyAnswer[] = [];
  const known = new Set(questions.map((question) => question.id));
  if (answers.some((answer) => !known.has(answer.question_id)) || byQuestion.size !== answers.length) {
    return [{ message: SERVER_MESSAGES.surveyIncomplete }];
  }
  for (const question of questions) {
    const answer = byQuestion.get(question.id);
    const field = `answers.${question.id}`;
    let given: StoredSurveyAnswer | undefined;
    if (question.kind === 'rating' && answer?.rating !== undefined) {
      given = { question_id: question.id, rating: answer.rating };
    } else if (question.kind === 'choice' && answer?.option !== undefined) {
      if (!question.options.some((option) => option.id === answer.option)) {
        problems.push({ field, message: SERVER_MESSAGES.answerInvalid });
        continue;
      }
      given = { question_id: question.id, option: answer.option };
    } else if (question.kind === 'text' && answer?.text?.trim()) {
      if (answer.text.length > SURVEY_TEXT_MAX) {
        problems.push({ field, message: SURVEY_VALIDATION.textMax });
        continue;
      }
      given = { question_id: question.id, text: answer.text.trim() };
    }
    if (given) stored.push(given);
    else if (question.required) problems.push({ field, message: SURVEY_VALIDATION.answerRequired });
  }
  return problems.length > 0 ? [{ message: SERVER_MESSAGES.surveyIncomplete }, ...problems] : stored;
}

/** The learner a preview is made for: no user has the id 0, so nothing is read, handed in or taken. */
const PREVIEW_LEARNER = 0;

const courseIdQuery = () =>
  validQuery((query) => {
    const courseId = wholeNumber(query('course_id'), MAX_ID);
    if (courseId === undefined)
      throw new HttpProblem(400, { field: 'course_id', message: SERVER_MESSAGES.courseIdRequired });
    return { course_id: courseId };
  });

/**
 * The trainee's learning: ongoing courses, a course's lectures, a lecture's details, read state,
 * video positions, assignment submissions, survey answers and grades. Every call is a trainee's,
 * and every per-course one is for a trainee enrolled in the course (assertEnrolled).
 */
export function learningRoutes({ db, tokens, secret }: Deps): Mounts {
  const learning = new Hono<AppEnv>();
  const trainee = [requireAuth(db, tokens), requireRole('TRAINEE')] as const;

  /** The lecture of the path, once its trainee is known to be enrolled in its course. */
  const enrolledLecture = async (lectureId: number, userId: number) => {
    const lecture = await lectureHead(db, lectureId);
    await assertEnrolled(db, userId, lecture.course_id);
    return lecture;
  };

  learning.get('/courses/', ...trainee, async (c) =>
    c.json(ongoingCoursesSchema.parse({ results: await ongoingCourses(db, c.get('user').id) })),
  );

  learning.get('/courses/:id/lectures/', ...trainee, validId(), async (c) => {
    const { id } = c.req.valid('param');
    const user = c.get('user');
    await assertCourse(db, id);
    await assertEnrolled(db, user.id, id);
    return c.json(courseLecturesSchema.parse(await courseLectures(db, id, user.id)));
  });

  /**
   * An enrolled trainee's lecture; or, for the course's trainer and facilitators, its preview as a
   * trainee sees it before doing anything (not read, no submission or attempt, signed file links).
   */
  const lecturePage = new Hono<AppEnv>();
  lecturePage.get(
    '/:id/',
    requireAuth(db, tokens),
    requireRole('TRAINEE', 'TRAINER'),
    validId(),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      let learner = user.id;
      if (user.role === 'TRAINER') {
        await assertCourseAuthor(db, user.id, (await lectureHead(db, id)).course_id);
        learner = PREVIEW_LEARNER;
      } else {
        await enrolledLecture(id, user.id);
      }
      c.header('Cache-Control', 'no-store');
      return c.json(lectureDetailsSchema.parse(await lectureDetails(db, secret, id, learner)));
    },
  );

  const lectureRead = new Hono<AppEnv>();
  lectureRead.get('/:id/', ...trainee, validId(), async (c) => {
    const { id } = c.req.valid('param');
    const user = c.get('user');
    const lecture = await enrolledLecture(id, user.id);
    if (readsOnOpen(lecture)) await markRead(db, user.id, id);
    c.header('Cache-Control', 'no-store');
    const answer: LectureRead = { id, is_read: await isRead(db, user.id, id) };
    return c.json(answer);
  });

  learning.put(
    '/lectures/:id/position/',
    ...trainee,
    validId(),
    jsonBody(videoPositionSchema, SERVER_MESSAGES.positionInvalid),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      const lecture = await enrolledLecture(id, user.id);
      if (!isVideo(lecture)) throw new HttpProblem(400, SERVER_MESSAGES.positionInvalid);
      const { seconds } = c.req.valid('json');
      return c.json(
        videoPositionResponseSchema.parse(await saveVideoPosition(db, user.id, lecture, seconds)),
      );
    },
  );

  learning.post(
    '/lectures/:id/submissions/',
    ...trainee,
    validId(),
    jsonBody(submitAssignmentSchema, UPLOAD_MESSAGES.uploadUnknown),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      const lecture = await enrolledLecture(id, user.id);
      if (lecture.class_type !== 'Assignment') throw new HttpProblem(400, SERVER_MESSAGES.notAnAssignment);
      const fileId = fileIdOf(c.req.valid('json').file);
      if (!fileId) throw new HttpProblem(400, { field: 'file', message: UPLOAD_MESSAGES.uploadUnknown });
      const submission = await submitAssignment(db, user.id, id, fileId).catch(refuseLearningError);
      return c.json(submissionSchema.parse(toSubmission(secret, submission)), 201);
    },
  );

  learning.post(
    '/lectures/:id/survey/',
    ...trainee,
    validId(),
    jsonBody(surveyResponseSchema, SERVER_MESSAGES.surveyIncomplete),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      const lecture = await enrolledLecture(id, user.id);
      if (lecture.class_type !== 'Survey') throw new HttpProblem(400, SERVER_MESSAGES.notASurvey);
      const checked = checkSurveyAnswers(await surveyQuestions(db, id), c.req.valid('json').answers);
      if (checked.some((item) => 'message' in item)) throw new HttpProblem(400, checked as ProblemDetail[]);
      await answerSurvey(db, user.id, id, checked as StoredSurveyAnswer[]).catch(refuseLearningError);
      const answer: Confirmation = { success: true, message: SERVER_MESSAGES.surveyThanks };
      return c.json(answer);
    },
  );

  const grades = new Hono<AppEnv>();
  grades.get('/', ...trainee, courseIdQuery(), async (c) => {
    const { course_id } = c.req.valid('query');
    const user = c.get('user');
    await assertCourse(db, course_id);
    await assertEnrolled(db, user.id, course_id);
    return c.json(courseGradesSchema.parse(await courseGrades(db, course_id, user.id)));
  });

  return [
    ['/learning/', learning],
    ['/course/individual-course-lecture-details/', lecturePage],
    ['/course/lecture-is-read/', lectureRead],
    ['/course/trainee-view-grade-of-assignment-and-quiz/', grades],
  ];
}
