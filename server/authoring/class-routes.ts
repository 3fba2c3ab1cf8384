import {
  AUTHORING_VALIDATION,
  type AuthoringValidationMessage,
  CLASS_TYPE_IDS,
  type ClassInput,
  classInputSchema,
  classProblems,
} from '@contract/forms/authoring';
import { AUTHORING_MESSAGES, lectureSavedMessage } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  authoringCourseSchema,
  type ClassSaved,
  classRecordSchema,
  classSavedSchema,
  classTypeListSchema,
} from '@contract/wire/authoring';
import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem, type ProblemDetail } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, validId } from '../validation';
import { assertClassesOpen, assertCourseAuthor } from './access';
import {
  type AttachableFile,
  assertWeek,
  attachableFile,
  authoredLecture,
  authoringCourse,
  classRecord,
  classTypeName,
  createClass,
  isVideoUpload,
  updateClass,
} from './class-queries';

const KNOWN_VALIDATION = new Set<string>(Object.values(AUTHORING_VALIDATION));

/**
 * The class payload of a JSON body, or its refusal: 400 with every broken rule, each at the path of
 * its field ('detail_info.title', 'quiz_info.0.question.marks'), in the order of the form; a body
 * of another shape reads 'The request body must be valid JSON' where the rules have no sentence.
 */
function classInputOf(body: unknown): ClassInput {
  const parsed = classInputSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details: ProblemDetail[] = Object.entries(classProblems(body)).map(([field, message]) => ({
    ...(field ? { field } : {}),
    message: KNOWN_VALIDATION.has(message)
      ? (message as AuthoringValidationMessage)
      : SERVER_MESSAGES.malformedBody,
  }));
  throw new HttpProblem(400, details.length > 0 ? details : SERVER_MESSAGES.malformedBody);
}

/**
 * Classes, assignments and quizzes (spec sections 3, 5 and 7), by the course's trainer or a
 * facilitator named on it: the class types, creating one in an approved course, reading and
 * saving one, and the trainer's view of a course with what may be done. The trainee's preview
 * of a lecture is GET /course/individual-course-lecture-details/{id}/ (server/learning/routes.ts).
 */
export function classAuthoringRoutes({ db, tokens, secret, limiter }: Deps): Mounts {
  const trainer = [requireAuth(db, tokens), requireRole('TRAINER')] as const;
  const limited = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    await limiter.consume('classSaveAccount', String(c.get('user').id));
    await next();
  };
  // Any JSON (415 and 400 for what is not, NUL refused); classInputOf reads it with the rules.
  const classBody = jsonBody(z.unknown(), SERVER_MESSAGES.malformedBody);

  /**
   * The length of a newly attached video, read once it was stored (server/media/video-facts.ts);
   * a video whose facts are still being read gets its length when they are written.
   */
  const durationOf = (file: AttachableFile | null, input: ClassInput): number | null =>
    file && input.class_type === CLASS_TYPE_IDS.Class && isVideoUpload(file) ? file.duration_seconds : null;

  const saved = async (lectureId: number, message: string): Promise<ClassSaved> =>
    classSavedSchema.parse({
      success: true,
      message,
      data: await classRecord(db, secret, await authoredLecture(db, lectureId)),
    });

  const classTypes = new Hono<AppEnv>();
  classTypes.get('/', ...trainer, (c) =>
    c.json(classTypeListSchema.parse(Object.entries(CLASS_TYPE_IDS).map(([name, id]) => ({ id, name })))),
  );

  const classes = new Hono<AppEnv>();
  classes.post('/', ...trainer, limited, classBody, async (c) => {
    const input = classInputOf(c.req.valid('json'));
    const user = c.get('user');
    const course = await assertCourseAuthor(db, user.id, input.course);
    assertClassesOpen(course);
    assertWeek(input.week, course.weeks);
    const file = await attachableFile(db, user.id, input.detail_info.file, classTypeName(input.class_type));
    const lectureId = await createClass(db, input, file, durationOf(file, input));
    return c.json(
      await saved(lectureId, lectureSavedMessage(classTypeName(input.class_type), 'create')),
      201,
    );
  });

  /** The lecture of the path, once the caller is known to author its course; surveys are not edited here. */
  const editableLecture = async (lectureId: number, userId: number) => {
    const lecture = await authoredLecture(db, lectureId);
    const course = await assertCourseAuthor(db, userId, lecture.course_id);
    if (lecture.class_type === 'Survey') throw new HttpProblem(400, AUTHORING_MESSAGES.notEditable);
    return { lecture, course };
  };

  classes.get('/:id/', ...trainer, validId(), async (c) => {
    const { lecture } = await editableLecture(c.req.valid('param').id, c.get('user').id);
    c.header('Cache-Control', 'no-store');
    return c.json(classRecordSchema.parse(await classRecord(db, secret, lecture)));
  });

  classes.put('/:id/', ...trainer, validId(), limited, classBody, async (c) => {
    const input = classInputOf(c.req.valid('json'));
    const user = c.get('user');
    const { lecture, course } = await editableLecture(c.req.valid('param').id, user.id);
    if (input.course !== lecture.course_id)
      throw new HttpProblem(400, { field: 'course', message: AUTHORING_VALIDATION.courseRequired });
    assertClassesOpen(course);
    assertWeek(input.week, course.weeks);
    const file = await attachableFile(
      db,
      user.id,
      input.detail_info.file,
      classTypeName(input.class_type),
      lecture.id,
    );
    const isNewFile = file !== null && file.id !== lecture.file?.id;
    await updateClass(db, lecture, input, file, isNewFile ? durationOf(file, input) : null);
    return c.json(await saved(lecture.id, lectureSavedMessage(classTypeName(input.class_type), 'edit')));
  });

  const courses = new Hono<AppEnv>();
  courses.get('/:id/lectures/', ...trainer, validId(), async (c) => {
    const course = await assertCourseAuthor(db, c.get('user').id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(authoringCourseSchema.parse(await authoringCourse(db, course)));
  });

  return [
    ['/course/class-type/', classTypes],
    ['/course/class-create/', classes],
    ['/authoring/courses/', courses],
  ];
}
