import {
  AUTHORING_VALIDATION,
  type AuthoringValidationMessage,
  type CourseInput,
  courseInputSchema,
} from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { CourseSaved, TrainerCourseList } from '@contract/wire/authoring';
import type { Confirmation } from '@contract/wire/common';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { deciderOf, requireAdminOrStaffToken } from '../admin/middleware';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, errorBody, HttpProblem, type ProblemDetail } from '../http';
import type { Mounts } from '../mounts';
import { decideCourseBy } from '../staff/cli-decisions';
import { notifyStaff } from '../staff/notify';
import { keepingLiveDetails, liveDetails, sentDetails, submitRevision } from '../staff/revisions';
import { jsonBody, validId, validQuery } from '../validation';
import {
  approveCourseBodySchema,
  reasonHolds,
  refuseCourseDecision,
  rejectCourseBodySchema,
} from './course-approval';
import { COVERS_PATH, coverResponse, coverWidth, resolveCover } from './course-covers';
import {
  courseRecord,
  courseStateFor,
  deleteCourse,
  facilitatorIds,
  findFacilitator,
  insertCourse,
  referenceProblems,
  surveyCategories,
  trainerCourses,
  updateCourse,
} from './course-queries';

/** The message said for a field whose value is of the wrong type (the rules' own cover every other case). */
function fallbackMessage(path: readonly PropertyKey[]): AuthoringValidationMessage {
  const [top] = path;
  const last = String(path[path.length - 1] ?? '');
  if (top === 'routine' && (last === 'start_time' || last === 'end_time'))
    return AUTHORING_VALIDATION.timeInvalid;
  if (top === 'weeks' && ['lectures', 'quizzes', 'assignments'].includes(last))
    return AUTHORING_VALIDATION.countInvalid;
  if (top === 'weeks' && path.length > 2) return AUTHORING_VALIDATION.weekTitleRequired;
  const byField: Partial<Record<keyof CourseInput, AuthoringValidationMessage>> = {
    title: AUTHORING_VALIDATION.titleRequired,
    title_ar: AUTHORING_VALIDATION.titleArRequired,
    subtitle: AUTHORING_VALIDATION.subtitleMax,
    subtitle_ar: AUTHORING_VALIDATION.subtitleMax,
    description: AUTHORING_VALIDATION.descriptionRequired,
    description_ar: AUTHORING_VALIDATION.descriptionMax,
    category: AUTHORING_VALIDATION.categoryRequired,
    cover_image: AUTHORING_VALIDATION.coverRequired,
    skill_level: AUTHORING_VALIDATION.skillLevelRequired,
    languages: AUTHORING_VALIDATION.languagesRequired,
    captions: AUTHORING_VALIDATION.languagesRequired,
    female_only: AUTHORING_VALIDATION.skillLevelRequired,
    price_halalas: AUTHORING_VALIDATION.priceInvalid,
    weeks: AUTHORING_VALIDATION.weeksRequired,
    surveys: AUTHORING_VALIDATION.surveyInvalid,
    start_date: AUTHORING_VALIDATION.startDateRequired,
    end_date: AUTHORING_VALIDATION.endDateRequired,
    routine: AUTHORING_VALIDATION.routineRequired,
    facilitators: AUTHORING_VALIDATION.facilitatorInvalid,
  };
  return byField[top as keyof CourseInput] ?? AUTHORING_VALIDATION.titleRequired;
}

const KNOWN_MESSAGES = new Set<string>(Object.values(AUTHORING_VALIDATION));

/**
 * The course payload of POST and PUT: refused with 400 and every broken rule, each with the path
 * of its field ('weeks.0.syllabus_title'), first message per field.
 */
function parseCourse(body: unknown): CourseInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
  const parsed = courseInputSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details: ProblemDetail[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const message = KNOWN_MESSAGES.has(issue.message)
      ? (issue.message as AuthoringValidationMessage)
      : fallbackMessage(issue.path);
    details.push({ field, message });
  }
  throw new HttpProblem(400, details);
}

const anyJson = jsonBody(z.unknown(), SERVER_MESSAGES.malformedBody);

/**
 * The trainer's courses (spec sections 6 and 7): My courses, the wizard's create, read, edit and
 * delete, the evaluation surveys, the facilitator search, the admin's approval and the public
 * covers. Who may do what: see server/authoring/course-queries.ts.
 */
export function courseAuthoringRoutes({
  db,
  tokens,
  uploads,
  limiter,
  notifier,
  adminToken,
  publicOrigin,
}: Deps): Mounts {
  const trainer = [requireAuth(db, tokens), requireRole('TRAINER')] as const;

  const trainerList = new Hono<AppEnv>();
  trainerList.get('/', ...trainer, async (c) => {
    const answer: TrainerCourseList = { results: await trainerCourses(db, c.get('user').id) };
    return c.json(answer);
  });

  const courses = new Hono<AppEnv>();
  courses.post('/', ...trainer, anyJson, async (c) => {
    const user = c.get('user');
    const input = parseCourse(c.req.valid('json'));
    const { problems, surveys } = await referenceProblems(db, input, user.id);
    if (problems.length > 0) throw new HttpProblem(400, problems);
    await limiter.consume('courseCreateAccount', String(user.id));
    const cover = await resolveCover(db, uploads, input.cover_image, user.id);
    const { id, announce } = await db.transaction(async (tx) => {
      const created = await insertCourse(tx, user.id, input, cover, surveys);
      const told = await notifyStaff(tx, notifier, 'course', { en: input.title, ar: input.title_ar });
      return { id: created, announce: told };
    });
    await announce();
    const answer: CourseSaved = {
      success: true,
      message: AUTHORING_MESSAGES.courseSubmitted,
      data: await courseRecord(db, id, user.id),
    };
    return c.json(answer, 201);
  });

  courses.get('/:id/', ...trainer, validId(), async (c) => {
    return c.json(await courseRecord(db, c.req.valid('param').id, c.get('user').id));
  });

  courses.put('/:id/', ...trainer, validId(), anyJson, async (c) => {
    const user = c.get('user');
    const { id } = c.req.valid('param');
    const state = await courseStateFor(db, id, user.id);
    const sent = parseCourse(c.req.valid('json'));
    // Only the creator changes the facilitators: a facilitator's edit keeps them as they are.
    const input = state.role === 'trainer' ? sent : { ...sent, facilitators: await facilitatorIds(db, id) };
    const { problems, surveys } = await referenceProblems(db, input, state.created_by, id);
    if (problems.length > 0) throw new HttpProblem(400, problems);
    const { rows } = await db.query<{ cover_image: string; cover_file_id: string | null }>(
      'SELECT cover_image, cover_file_id::text FROM courses WHERE id = $1',
      [id],
    );
    const current = rows[0];
    const cover = await resolveCover(
      db,
      uploads,
      input.cover_image,
      user.id,
      current ? { address: current.cover_image, fileId: current.cover_file_id } : undefined,
    );
    const { announce, waiting } = await db.transaction(async (tx) => {
      // Checked again under the lock: a course deleted or ended meanwhile is not saved.
      const locked = await courseStateFor(tx, id, user.id, true);
      if (locked.status === 'Completed') throw new HttpProblem(409, AUTHORING_MESSAGES.courseCompleted);
      if (locked.stored_status === 'Approved') {
        // An approved course's details change once the staff approve: the rest is saved at once.
        const live = await liveDetails(tx, id);
        await updateCourse(tx, id, locked.role, keepingLiveDetails(input, live), cover, surveys);
        const course = { id, title: String(live.title), title_ar: String(live.title_ar) };
        return submitRevision(tx, notifier, course, user.id, live, sentDetails(input));
      }
      await updateCourse(tx, id, locked.role, input, cover, surveys);
      // A rejected course edited is sent again: the staff are told.
      if (locked.status !== 'Rejected') return { waiting: false };
      const told = await notifyStaff(tx, notifier, 'course', { en: input.title, ar: input.title_ar });
      return { waiting: false, announce: told };
    });
    await announce?.();
    const answer: CourseSaved = {
      success: true,
      message: waiting ? AUTHORING_MESSAGES.revisionSubmitted : AUTHORING_MESSAGES.courseSaved,
      data: await courseRecord(db, id, user.id),
    };
    return c.json(answer);
  });

  courses.delete('/:id/', ...trainer, validId(), async (c) => {
    await deleteCourse(db, c.req.valid('param').id, c.get('user').id);
    const answer: Confirmation = { success: true, message: AUTHORING_MESSAGES.courseDeleted };
    return c.json(answer);
  });

  const surveyCategory = new Hono<AppEnv>();
  surveyCategory.get('/', async (c) => c.json(await surveyCategories(db)));

  const facilitators = new Hono<AppEnv>();
  facilitators.get(
    '/',
    ...trainer,
    validQuery((query) => ({ email: (query('email') ?? '').trim() })),
    async (c) => {
      const user = c.get('user');
      await limiter.consume('facilitatorSearchAccount', String(user.id));
      const { email } = c.req.valid('query');
      const found = email.length <= 254 ? await findFacilitator(db, email, user.id) : undefined;
      if (!found) throw new HttpProblem(404, AUTHORING_MESSAGES.facilitatorNotFound);
      return c.json(found);
    },
  );

  const covers = new Hono<AppEnv>();
  covers.get(
    '/:name',
    validQuery((query) => coverWidth(query('w'))),
    (c) => coverResponse(c, db, c.req.param('name'), uploads, c.req.valid('query')),
  );

  // The admin's decisions (npm run admin -- approve-course | reject-course).
  const admin = requireAdminOrStaffToken(adminToken, db);
  const approval = new Hono<AppEnv>();
  approval.post(
    '/',
    admin,
    // A course id that is not a positive id names no course.
    jsonBody(approveCourseBodySchema, (c) => c.json(errorBody(SERVER_MESSAGES.notFound), 404)),
    async (c) => {
      const { course_id } = c.req.valid('json');
      const data = await decideCourseBy(db, deciderOf(c), notifier, publicOrigin(), course_id, {
        approve: true,
      }).catch(refuseCourseDecision);
      return c.json({ success: true, data });
    },
  );
  const rejection = new Hono<AppEnv>();
  rejection.post(
    '/',
    admin,
    jsonBody(rejectCourseBodySchema, AUTHORING_MESSAGES.rejectReasonInvalid),
    async (c) => {
      const { course_id, reason } = c.req.valid('json');
      if (!reasonHolds(reason))
        throw new HttpProblem(400, { field: 'reason', message: AUTHORING_MESSAGES.rejectReasonInvalid });
      const data = await decideCourseBy(db, deciderOf(c), notifier, publicOrigin(), course_id, {
        approve: false,
        reason,
      }).catch(refuseCourseDecision);
      return c.json({ success: true, data });
    },
  );

  return [
    ['/course/course-list-of-a-trainer/', trainerList],
    ['/course/course-create/', courses],
    ['/course/survey-category/', surveyCategory],
    ['/authoring/facilitators/', facilitators],
    [COVERS_PATH, covers],
    ['/admin/approve-course/', approval],
    ['/admin/reject-course/', rejection],
  ];
}
