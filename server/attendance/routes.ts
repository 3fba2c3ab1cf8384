import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { isIsoDate, sessionsOn } from '@contract/domain/sessions';
import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  attendanceCodeSchema,
  attendanceCourseListSchema,
  attendanceGivenSchema,
  attendanceHistorySchema,
  attendanceMarkInputSchema,
  attendanceSheetSchema,
  attendanceTicketInputSchema,
  attendanceTicketSchema,
  makeAttendanceInputSchema,
  rosterEntrySchema,
  rosterSchema,
} from '@contract/wire/attendance';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import { assertCourseAuthor } from '../authoring/access';
import type { Broadcast } from '../broadcast';
import { centreDate } from '../centre-time';
import type { Queryable } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, describeError, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, validId, validQuery } from '../validation';
import type { AttendanceClock } from './clock';
import { type CodeRefusal, createAttendanceCodes } from './codes';
import {
  type AttendanceCourseRow,
  attendanceCourse,
  courseStaff,
  history,
  isTakingPart,
  markByHand,
  markPresentByCode,
  presentCount,
  roster,
  rosterEntry,
  sessionChanges,
  sheet,
  taughtCourses,
} from './queries';

export interface AttendanceRoutesOptions {
  clock: AttendanceClock;
  /** Tells the course's trainer and facilitators of every mark, on every instance. */
  broadcast: Pick<Broadcast, 'publish'>;
}

function refusal(reason: CodeRefusal): HttpProblem {
  return new HttpProblem(
    400,
    reason === 'expired' ? ATTENDANCE_MESSAGES.expired : ATTENDANCE_MESSAGES.invalid,
  );
}

async function existingCourse(db: Queryable, courseId: number): Promise<AttendanceCourseRow> {
  const course = await attendanceCourse(db, courseId);
  if (!course) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return course;
}

/** The course's sessions held on `date` (not cancelled). */
async function sessionsHeldOn(db: Queryable, course: AttendanceCourseRow, date: string) {
  const changes = (await sessionChanges(db, [course.id])).get(course.id) ?? [];
  return sessionsOn(course, changes, date);
}

const rosterQuery = validQuery((query) => {
  const date = query('date');
  if (date !== undefined && !isIsoDate(date))
    throw new HttpProblem(400, { field: 'date', message: ATTENDANCE_MESSAGES.notSessionDay });
  return { date };
});

/**
 * Attendance (contract/wire/attendance.ts): trainees give it with the rotating QR code (or a ticket
 * made from one before signing in) and read their history; the course's trainer and facilitators
 * list their courses, show the code, read the roster and the sheet, and mark people by hand. Every
 * mark tells the course's trainer and facilitators the day's count live (`attendance_marked`).
 */
export function attendanceRoutes(deps: Deps, options: AttendanceRoutesOptions): Mounts {
  const { db, tokens, limiter } = deps;
  const { clock, broadcast } = options;
  const codes = createAttendanceCodes(deps.secret);
  const attendance = new Hono<AppEnv>();
  const auth = requireAuth(db, tokens);
  const staff = requireRole('TRAINER');

  /** The live count, after the mark is stored; a failure to tell is logged, never the caller's. */
  async function announce(course: AttendanceCourseRow, date: string): Promise<void> {
    try {
      const present = await presentCount(db, course.id, date);
      const userIds = await courseStaff(db, course);
      await broadcast.publish({ type: 'attendance_marked', userIds, course_id: course.id, date, present });
    } catch (error) {
      console.error(`attendance_marked failed: ${describeError(error)}`);
    }
  }

  /** The course when the caller teaches or facilitates it (404 unknown, 403 someone else's). */
  async function taughtCourse(userId: number, courseId: number): Promise<AttendanceCourseRow> {
    await assertCourseAuthor(db, userId, courseId);
    return existingCourse(db, courseId);
  }

  attendance.get('/courses/', auth, staff, async (c) =>
    c.json(
      attendanceCourseListSchema.parse({
        today: centreDate(clock.now()),
        results: await taughtCourses(db, c.get('user').id, clock.now()),
      }),
    ),
  );

  attendance.get('/courses/:id/', auth, staff, validId(), rosterQuery, async (c) => {
    const course = await taughtCourse(c.get('user').id, c.req.valid('param').id);
    const now = clock.now();
    const date = c.req.valid('query').date ?? centreDate(now);
    return c.json(rosterSchema.parse(await roster(db, course, date, now)));
  });

  attendance.get('/courses/:id/code/', auth, staff, validId(), async (c) => {
    const course = await taughtCourse(c.get('user').id, c.req.valid('param').id);
    const now = clock.now();
    const today = centreDate(now);
    if ((await sessionsHeldOn(db, course, today)).length === 0)
      throw new HttpProblem(404, ATTENDANCE_MESSAGES.noClass);
    const current = codes.current(course.id, now);
    return c.json(
      attendanceCodeSchema.parse({
        course_id: course.id,
        date: current.date,
        code: current.code,
        step_seconds: ATTENDANCE_STEP_SECONDS,
        expires_at: current.expiresAt.toISOString(),
        server_time: now.toISOString(),
      }),
    );
  });

  attendance.post(
    '/courses/:id/marks/',
    auth,
    staff,
    validId(),
    jsonBody(attendanceMarkInputSchema, SERVER_MESSAGES.malformedBody),
    async (c) => {
      const course = await taughtCourse(c.get('user').id, c.req.valid('param').id);
      const { user_id, date, status } = c.req.valid('json');
      const now = clock.now();
      if (!isIsoDate(date))
        throw new HttpProblem(400, { field: 'date', message: ATTENDANCE_MESSAGES.notSessionDay });
      if (date > centreDate(now))
        throw new HttpProblem(400, { field: 'date', message: ATTENDANCE_MESSAGES.futureSession });
      if ((await sessionsHeldOn(db, course, date)).length === 0)
        throw new HttpProblem(400, { field: 'date', message: ATTENDANCE_MESSAGES.notSessionDay });
      if (!(await isTakingPart(db, user_id, course.id)))
        throw new HttpProblem(400, { field: 'user_id', message: ATTENDANCE_MESSAGES.notTrainee });
      await markByHand(db, course.id, date, user_id, status);
      await announce(course, date);
      return c.json(rosterEntrySchema.parse(await rosterEntry(db, course.id, user_id, date, now)));
    },
  );

  attendance.get('/courses/:id/sheet/', auth, staff, validId(), async (c) => {
    const course = await taughtCourse(c.get('user').id, c.req.valid('param').id);
    return c.json(attendanceSheetSchema.parse(await sheet(db, course, clock.now())));
  });

  // Public: whoever holds a fresh code keeps it as a ticket while they sign in.
  attendance.post(
    '/tickets/',
    limiter.perClient('attendanceTicketClient'),
    jsonBody(attendanceTicketInputSchema, ATTENDANCE_MESSAGES.invalid),
    async (c) => {
      const { course_id, code } = c.req.valid('json');
      const now = clock.now();
      const checked = codes.check(course_id, code, now);
      if (typeof checked === 'string') throw refusal(checked);
      if (checked.date !== centreDate(now)) throw refusal('expired');
      const { ticket, expiresAt } = codes.ticket(course_id, checked.date, now);
      return c.json(attendanceTicketSchema.parse({ ticket, expires_at: expiresAt.toISOString() }), 201);
    },
  );

  const makeAttendance = new Hono<AppEnv>();
  makeAttendance.post(
    '/:id/',
    auth,
    async (c, next) => {
      if (c.get('user').role !== 'TRAINEE') throw new HttpProblem(403, ATTENDANCE_MESSAGES.traineesOnly);
      await limiter.consume('attendanceClient', limiter.clientKey(c));
      await limiter.consume('attendanceAccount', `user:${c.get('user').id}`);
      await next();
    },
    validId(),
    jsonBody(makeAttendanceInputSchema, ATTENDANCE_MESSAGES.invalid),
    async (c) => {
      const userId = c.get('user').id;
      const course = await existingCourse(db, c.req.valid('param').id);
      if (!(await isTakingPart(db, userId, course.id)))
        throw new HttpProblem(403, ATTENDANCE_MESSAGES.notEnrolled);
      const now = clock.now();
      const today = centreDate(now);
      if ((await sessionsHeldOn(db, course, today)).length === 0)
        throw new HttpProblem(404, ATTENDANCE_MESSAGES.noClass);
      const input = c.req.valid('json');
      const checked =
        'code' in input
          ? codes.check(course.id, input.code, now)
          : codes.checkTicket(course.id, input.ticket, now);
      if (typeof checked === 'string') throw refusal(checked);
      // A code or ticket of another day (just before midnight) is past.
      if (checked.date !== today) throw refusal('expired');
      if (!(await markPresentByCode(db, course.id, today, userId)))
        throw new HttpProblem(409, ATTENDANCE_MESSAGES.already);
      await announce(course, today);
      return c.json(
        attendanceGivenSchema.parse({
          success: true,
          message: ATTENDANCE_MESSAGES.given,
          course_id: course.id,
          date: today,
        }),
        201,
      );
    },
  );

  attendance.get('/history/', auth, requireRole('TRAINEE'), async (c) =>
    c.json(attendanceHistorySchema.parse(await history(db, c.get('user').id, clock.now()))),
  );

  return [
    ['/attendance/', attendance],
    ['/course/make-attendance/', makeAttendance],
  ];
}
