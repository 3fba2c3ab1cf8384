import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { isIsoDate, sessionsOn } from '@contract/domain/sessions';
import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  ATTENDANCE_TICKET_COOKIE,
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
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { requireAuth, requireRole } from '../auth/middleware';
import { assertCourseAuthor } from '../authoring/access';
import type { Broadcast } from '../broadcast';
import { centreDate } from '../centre-time';
import { requestIsHttps } from '../client-address';
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
  claimTicket,
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
  /** Behind a trusted proxy: its X-Forwarded-Proto says whether the ticket cookie is Secure. */
  trustProxy?: boolean | undefined;
}

function refusal(reason: CodeRefusal): HttpProblem {
  return new HttpProblem(
    400,
    reason === 'expired' ? ATTENDANCE_MESSAGES.expired : ATTENDANCE_MESSAGES.invalid,
  );
}

/**
 * Where the ticket cookie is sent: the course's make-attendance call only, under the API's base
 * (taken from the path of the call being answered).
 */
function ticketCookiePath(requestPath: string, courseId: number): string {
  const base = requestPath.replace(/\/(attendance\/tickets|course\/make-attendance)\/.*$/, '');
  return `${base}/course/make-attendance/${courseId}/`;
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
 * Attendance (contract/wire/attendance.ts): trainees give it with the rotating QR code (or the
 * ticket cookie made from one before signing in, in the same browser) and read their history; the course's trainer and facilitators
 * list their courses, show the code, read the roster and the sheet, and mark people by hand. Every
 * mark tells the course's trainer and facilitators the day's count live (`attendance_marked`).
 */
export function attendanceRoutes(deps: Deps, options: AttendanceRoutesOptions): Mounts {
  const { db, tokens, limiter } = deps;
  const { clock, broadcast } = options;
  const cookieOptions = (c: Context, courseId: number) =>
    ({
      path: ticketCookiePath(c.req.path, courseId),
      httpOnly: true,
      secure: requestIsHttps(c, options.trustProxy ?? false),
      sameSite: 'Strict',
    }) as const;
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

  // Public: whoever scans a fresh code keeps it as a ticket in this browser while they sign in. The
  // ticket is the cookie's alone (httpOnly): the answer's body and the page's address cannot pass it on.
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
      const { ticket, expiresAt } = codes.ticket(course_id, checked.date, checked.step);
      const seconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
      setCookie(c, ATTENDANCE_TICKET_COOKIE, ticket, { ...cookieOptions(c, course_id), maxAge: seconds });
      return c.json(
        attendanceTicketSchema.parse({ expires_at: expiresAt.toISOString(), expires_in: seconds }),
        201,
      );
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
    async (c, next) => {
      await next();
      // A ticket is tried once: given or refused, the browser drops it (not after a server failure).
      if ('ticket' in c.req.valid('json') && c.res.status < 500)
        deleteCookie(c, ATTENDANCE_TICKET_COOKIE, cookieOptions(c, c.req.valid('param').id));
    },
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
      if ('code' in input) {
        const checked = codes.check(course.id, input.code, now);
        if (typeof checked === 'string') throw refusal(checked);
        // A code of another day (just before midnight) is past.
        if (checked.date !== today) throw refusal('expired');
        if (!(await markPresentByCode(db, course.id, today, userId)))
          throw new HttpProblem(409, ATTENDANCE_MESSAGES.already);
      } else {
        // The ticket of the browser that scanned: a copied address or answer carries none.
        const ticket = getCookie(c, ATTENDANCE_TICKET_COOKIE);
        if (!ticket) throw new HttpProblem(403, ATTENDANCE_MESSAGES.otherDevice);
        const checked = codes.checkTicket(course.id, ticket, now);
        if (typeof checked === 'string') throw refusal(checked);
        if (checked.date !== today) throw refusal('expired');
        await db.transaction(async (tx) => {
          if (!(await markPresentByCode(tx, course.id, today, userId)))
            throw new HttpProblem(409, ATTENDANCE_MESSAGES.already);
          // Someone else already gave attendance with this ticket (in this browser, or a copied cookie).
          if (!(await claimTicket(tx, checked.nonce, checked.expiresAt, now)))
            throw new HttpProblem(409, ATTENDANCE_MESSAGES.ticketUsed);
        });
      }
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
