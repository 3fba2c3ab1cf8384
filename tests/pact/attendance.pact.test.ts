import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import { ATTENDANCE_TICKET_COOKIE, attendanceMarkedMessageSchema } from '@contract/wire/attendance';
import { serverSocketMessageSchema } from '@contract/wire/notifications';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getAttendanceCode,
  getAttendanceHistory,
  getAttendanceSheet,
  getRoster,
  listAttendanceCourses,
  makeAttendance,
  markAttendance,
  requestAttendanceTicket,
} from '../../src/api/attendance';
import { createApiClient, DEFAULT_API_BASE } from '../../src/api/client';
import { ATTENDANCE_MESSAGE, ATTENDANCE_STATES, INJECTED_ATTENDANCE } from './attendance-states';
import { expectRefusal, interaction, signedIn } from './interactions';
import {
  apiPath,
  bearerHeader,
  EXAMPLE_JWT,
  errorBody,
  failureOf,
  JSON_CONTENT,
  PROVIDERS,
  pactWith,
  receivedJson,
  signedInClient,
  signedOutClient,
} from './support';

const { like, eachLike, integer, regex, fromProviderState } = MatchersV3;

// Attendance is the product's own: every call and the live count are in the extensions pact.
const pact = pactWith(PROVIDERS.extensions);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';
/** A QR code: the step and a MAC, base64url, long enough that nobody passes it on by typing it. */
const CODE = '^[A-Za-z0-9_-]{40,200}$';
const EXAMPLE_CODE = 'AAGgf3JcPqX1r0kYt2bWm9Zc4Lh7Nq8sVd3Fe6Gj1Ku5Pw0Ry2Tz4Ab7Cd9Ef';
const EXAMPLE_DATE = '2026-11-24';
const EXAMPLE_TICKET = `7.${EXAMPLE_DATE}.1795000230.Zk3vQ9rT1mW5yB7nD2fH4j.q2Vb7r9XgN0aLpK3sT5uW8yZ1cE4fH6jM0nP2rS4tU8`;
/** The ticket cookie as the server sets it: httpOnly, for the course's make-attendance call only. */
const TICKET_COOKIE = `^${ATTENDANCE_TICKET_COOKIE}=\\d+\\.\\d{4}-\\d{2}-\\d{2}\\.\\d+\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Max-Age=\\d+; Path=/api/v1/course/make-attendance/\\d+/; (Secure; )?HttpOnly; SameSite=Strict$`;
/** What giving attendance with the ticket answers besides the body: the browser drops the cookie. */
const DROPPED_COOKIE = `^${ATTENDANCE_TICKET_COOKIE}=; Max-Age=0; Path=/api/v1/course/make-attendance/\\d+/; (Secure; )?HttpOnly; SameSite=Strict$`;
const ACCEPT = { Accept: 'application/json' };

const injected = (key: string, example: number | string) => fromProviderState(`\${${key}}`, example);
const coursePath = (template: (id: string) => string, example = 7) =>
  fromProviderState(
    apiPath(template(`\${${INJECTED_ATTENDANCE.courseId}}`)),
    apiPath(template(String(example))),
  );
const today = () => injected(INJECTED_ATTENDANCE.date, EXAMPLE_DATE);

/** The web app's client in the browser that scanned: the browser sends its ticket cookie along. */
function scanningBrowser(mockServer: { url: string }) {
  return createApiClient(
    {
      baseURL: `${mockServer.url}${DEFAULT_API_BASE}`,
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Cookie', `${ATTENDANCE_TICKET_COOKIE}=${EXAMPLE_TICKET}`);
        return fetch(input, { ...init, headers });
      },
    },
    {
      getAccessToken: () => EXAMPLE_JWT,
      refresh: () => Promise.reject(new Error('no refresh in this contract')),
    },
  );
}

const session = {
  date: regex(DATE, EXAMPLE_DATE),
  original_date: regex(DATE, EXAMPLE_DATE),
  day: regex('^(Saturday|Sunday|Monday|Tuesday|Wednesday|Thursday|Friday)$', 'Tuesday'),
  start_time: regex(TIME, '00:00'),
  end_time: regex(TIME, '23:59'),
  status: regex('^(scheduled|moved)$', 'scheduled'),
  reason: like(''),
};

const rosterEntry = (status: 'Present' | 'Absent' | null, markedBy: 'qr' | 'trainer' | null) => ({
  user_id: injected(INJECTED_ATTENDANCE.traineeId, 12),
  name: like('Sara Al-Qahtani'),
  email: like('trainee@example.com'),
  status,
  marked_by: markedBy,
  marked_at: markedBy ? regex(DATE_TIME, '2026-11-24T06:10:00.000Z') : null,
});

describe('Attendance contract: the trainer’s calls', () => {
  it('lists the courses the trainer teaches, with today’s sessions', async () => {
    await signedIn(
      pact,
      ATTENDANCE_STATES.trainerRunsSession,
      'a request for the courses the trainer takes attendance in',
    )
      .sends('GET', apiPath('/attendance/courses/'))
      .answers(200, {
        today: regex(DATE, EXAMPLE_DATE),
        results: eachLike({
          course_id: integer(7),
          title: like('Attendance practice'),
          title_ar: like('أساسيات الحوسبة السحابية'),
          start_date: regex(DATE, '2026-11-10'),
          end_date: regex(DATE, '2026-12-24'),
          today: eachLike(session),
          next_date: regex(DATE, '2026-11-25'),
        }),
      })
      .executeTest(async (mockServer) => {
        const list = await listAttendanceCourses(signedInClient(mockServer));
        expect(list.today).toBe(EXAMPLE_DATE);
        expect(list.results[0]?.today[0]?.start_time).toBe('00:00');
      });
  });

  it('reads the roster of a day: the enrolled trainees, nobody marked yet', async () => {
    await pact
      .addInteraction()
      .given(ATTENDANCE_STATES.trainerRunsSession)
      .uponReceiving('a request for the roster of a course on a day')
      .withRequest(
        'GET',
        coursePath((id) => `/attendance/courses/${id}/`),
        (b) => b.headers(bearerHeader()).query({ date: today() }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          course_id: injected(INJECTED_ATTENDANCE.courseId, 7),
          title: like('Attendance practice'),
          title_ar: like('أساسيات الحوسبة السحابية'),
          date: today(),
          today: regex(DATE, EXAMPLE_DATE),
          session,
          present: 0,
          enrolled: 1,
          trainees: [rosterEntry(null, null)],
        }),
      )
      .executeTest(async (mockServer) => {
        const roster = await getRoster(signedInClient(mockServer), 7, EXAMPLE_DATE);
        expect(roster.enrolled).toBe(1);
        expect(roster.trainees[0]?.status).toBeNull();
      });
  });

  it('shows today’s current QR code', async () => {
    await signedIn(
      pact,
      ATTENDANCE_STATES.trainerRunsSession,
      'a request for the current attendance code of a course',
    )
      .sends(
        'GET',
        coursePath((id) => `/attendance/courses/${id}/code/`),
      )
      .answers(200, {
        course_id: injected(INJECTED_ATTENDANCE.courseId, 7),
        date: today(),
        code: regex(CODE, EXAMPLE_CODE),
        step_seconds: ATTENDANCE_STEP_SECONDS,
        expires_at: regex(DATE_TIME, '2026-11-24T06:10:15.000Z'),
        server_time: regex(DATE_TIME, '2026-11-24T06:10:03.512Z'),
      })
      .executeTest(async (mockServer) => {
        const code = await getAttendanceCode(signedInClient(mockServer), 7);
        expect(code.code).toBe(EXAMPLE_CODE);
        expect(code.step_seconds).toBe(15);
      });
  });

  it('gives no code on a day without a session (404)', async () => {
    await signedIn(
      pact,
      ATTENDANCE_STATES.trainerCourseWithoutSessionToday,
      'a request for the attendance code of a course with no session today',
    )
      .sends(
        'GET',
        coursePath((id) => `/attendance/courses/${id}/code/`),
      )
      .refuses(404, ATTENDANCE_MESSAGES.noClass)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          getAttendanceCode(signedInClient(mockServer), 7),
          404,
          ATTENDANCE_MESSAGES.noClass,
        );
      });
  });

  it('marks a trainee present by hand', async () => {
    await interaction(
      pact,
      ATTENDANCE_STATES.trainerRunsSession,
      'a request to mark a trainee present by hand',
      { ...bearerHeader(), ...JSON_CONTENT },
    )
      .sends(
        'POST',
        coursePath((id) => `/attendance/courses/${id}/marks/`),
        {
          user_id: injected(INJECTED_ATTENDANCE.traineeId, 12),
          date: today(),
          status: 'Present',
        },
      )
      .answers(200, rosterEntry('Present', 'trainer'))
      .executeTest(async (mockServer) => {
        const entry = await markAttendance(signedInClient(mockServer), 7, {
          user_id: 12,
          date: EXAMPLE_DATE,
          status: 'Present',
        });
        expect(entry).toMatchObject({ status: 'Present', marked_by: 'trainer' });
      });
  });

  it('refuses a mark before the session day (400, on the date)', async () => {
    await interaction(
      pact,
      ATTENDANCE_STATES.trainerRunsSession,
      'a request to mark a trainee for a day to come',
      { ...bearerHeader(), ...JSON_CONTENT },
    )
      .sends(
        'POST',
        coursePath((id) => `/attendance/courses/${id}/marks/`),
        {
          user_id: injected(INJECTED_ATTENDANCE.traineeId, 12),
          date: '2099-01-01',
          status: 'Absent',
        },
      )
      .refusesField(400, 'date', ATTENDANCE_MESSAGES.futureSession)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          markAttendance(signedInClient(mockServer), 7, {
            user_id: 12,
            date: '2099-01-01',
            status: 'Absent',
          }),
          400,
          ATTENDANCE_MESSAGES.futureSession,
        );
      });
  });

  it('reads the sheet: every session held so far, by trainee', async () => {
    await signedIn(
      pact,
      ATTENDANCE_STATES.trainerSessionMarked,
      'a request for the attendance sheet of a course',
    )
      .sends(
        'GET',
        coursePath((id) => `/attendance/courses/${id}/sheet/`),
      )
      .answers(200, {
        course_id: injected(INJECTED_ATTENDANCE.courseId, 7),
        title: like('Attendance practice'),
        title_ar: like('أساسيات الحوسبة السحابية'),
        today: regex(DATE, EXAMPLE_DATE),
        sessions: eachLike(session, 15),
        trainees: eachLike({
          user_id: integer(12),
          name: like('Sara Al-Qahtani'),
          email: like('trainee@example.com'),
          marks: eachLike(regex('^(Present|Absent)$', 'Absent'), 14),
          present: integer(0),
        }),
      })
      .executeTest(async (mockServer) => {
        const sheet = await getAttendanceSheet(signedInClient(mockServer), 7);
        expect(sheet.sessions).toHaveLength(15);
        expect(sheet.trainees[0]?.marks[0]).toBe('Absent');
      });
  });
});

describe('Attendance contract: the trainee’s calls', () => {
  it('keeps a fresh code as a ticket in the scanning browser’s cookie, never in the body', async () => {
    await interaction(
      pact,
      ATTENDANCE_STATES.traineeAtSession,
      'a request for an attendance ticket with a fresh code, signed out',
      { ...ACCEPT, ...JSON_CONTENT },
    )
      .sends('POST', apiPath('/attendance/tickets/'), {
        course_id: injected(INJECTED_ATTENDANCE.courseId, 7),
        code: injected(INJECTED_ATTENDANCE.code, EXAMPLE_CODE),
      })
      .answers(
        201,
        {
          expires_at: regex(DATE_TIME, '2026-11-24T06:10:30.000Z'),
          expires_in: integer(27),
        },
        {
          ...JSON_CONTENT,
          'Set-Cookie': regex(
            TICKET_COOKIE,
            `${ATTENDANCE_TICKET_COOKIE}=${EXAMPLE_TICKET}; Max-Age=27; Path=/api/v1/course/make-attendance/7/; HttpOnly; SameSite=Strict`,
          ),
        },
      )
      .executeTest(async (mockServer) => {
        const ticket = await requestAttendanceTicket(signedOutClient(mockServer), 7, EXAMPLE_CODE);
        expect(ticket).toEqual({ expires_at: '2026-11-24T06:10:30.000Z', expires_in: 27 });
      });
  });

  it('refuses a ticket for a code that is not valid (400)', async () => {
    await interaction(
      pact,
      ATTENDANCE_STATES.traineeAtSession,
      'a request for an attendance ticket with a wrong code',
      { ...ACCEPT, ...JSON_CONTENT },
    )
      .sends('POST', apiPath('/attendance/tickets/'), {
        course_id: injected(INJECTED_ATTENDANCE.courseId, 7),
        code: 'not-a-code',
      })
      .refuses(400, ATTENDANCE_MESSAGES.invalid)
      .executeTest(async (mockServer) => {
        const error = await failureOf(requestAttendanceTicket(signedOutClient(mockServer), 7, 'not-a-code'));
        expect(error.message).toBe(ATTENDANCE_MESSAGES.invalid);
      });
  });

  const give = (
    state: string,
    description: string,
    code: { key: string; example: string } | string,
    status: number,
    body: unknown,
  ) =>
    interaction(pact, state, description, { ...bearerHeader(), ...JSON_CONTENT })
      .sends(
        'POST',
        coursePath((id) => `/course/make-attendance/${id}/`),
        {
          code: typeof code === 'string' ? code : injected(code.key, code.example),
        },
      )
      .answers(status, body);
  const fresh = { key: INJECTED_ATTENDANCE.code, example: EXAMPLE_CODE };

  it('gives the trainee’s attendance with the current code (201)', async () => {
    await give(
      ATTENDANCE_STATES.traineeAtSession,
      'a request to give attendance with the current code',
      fresh,
      201,
      {
        success: true,
        message: ATTENDANCE_MESSAGES.given,
        course_id: injected(INJECTED_ATTENDANCE.courseId, 7),
        date: today(),
      },
    ).executeTest(async (mockServer) => {
      const given = await makeAttendance(signedInClient(mockServer), 7, { code: EXAMPLE_CODE });
      expect(given.message).toBe(ATTENDANCE_MESSAGES.given);
    });
  });

  it('gives attendance with the ticket cookie made before signing in, and drops it (201)', async () => {
    await interaction(
      pact,
      ATTENDANCE_STATES.traineeAtSession,
      'a request to give attendance with a ticket',
      {
        ...bearerHeader(),
        ...JSON_CONTENT,
        Cookie: fromProviderState(
          `\${${INJECTED_ATTENDANCE.ticketCookie}}`,
          `${ATTENDANCE_TICKET_COOKIE}=${EXAMPLE_TICKET}`,
        ),
      },
    )
      .sends(
        'POST',
        coursePath((id) => `/course/make-attendance/${id}/`),
        { ticket: true },
      )
      .answers(
        201,
        {
          success: true,
          message: ATTENDANCE_MESSAGES.given,
          course_id: injected(INJECTED_ATTENDANCE.courseId, 7),
          date: today(),
        },
        {
          ...JSON_CONTENT,
          'Set-Cookie': regex(
            DROPPED_COOKIE,
            `${ATTENDANCE_TICKET_COOKIE}=; Max-Age=0; Path=/api/v1/course/make-attendance/7/; HttpOnly; SameSite=Strict`,
          ),
        },
      )
      .executeTest(async (mockServer) => {
        const given = await makeAttendance(scanningBrowser(mockServer), 7, { ticket: true });
        expect(given.success).toBe(true);
      });
  });

  it('refuses the ticket of a browser that holds none: scanned on another device (403)', async () => {
    await interaction(
      pact,
      ATTENDANCE_STATES.traineeAtSession,
      'a request to give attendance with a ticket from a browser without the ticket cookie',
      { ...bearerHeader(), ...JSON_CONTENT },
    )
      .sends(
        'POST',
        coursePath((id) => `/course/make-attendance/${id}/`),
        { ticket: true },
      )
      .refuses(403, ATTENDANCE_MESSAGES.otherDevice)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          makeAttendance(signedInClient(mockServer), 7, { ticket: true }),
          403,
          ATTENDANCE_MESSAGES.otherDevice,
        );
      });
  });

  // Each refusal: the provider state, what is sent, the status and the server's sentence.
  const refusals: [string, string, string, { key: string; example: string } | string, number, string][] = [
    [
      'says so when the trainee already gave attendance today',
      ATTENDANCE_STATES.traineeAlreadyPresent,
      'a request to give attendance a second time',
      fresh,
      409,
      ATTENDANCE_MESSAGES.already,
    ],
    [
      'refuses a code from before the last rotation as expired',
      ATTENDANCE_STATES.traineeAtSession,
      'a request to give attendance with an expired code',
      { key: INJECTED_ATTENDANCE.expiredCode, example: EXAMPLE_CODE },
      400,
      ATTENDANCE_MESSAGES.expired,
    ],
    [
      'refuses a code that is not the course’s',
      ATTENDANCE_STATES.traineeAtSession,
      'a request to give attendance with a wrong code',
      'not-a-code',
      400,
      ATTENDANCE_MESSAGES.invalid,
    ],
    [
      'says there is no class today',
      ATTENDANCE_STATES.traineeWithoutSessionToday,
      'a request to give attendance on a day without a session',
      fresh,
      404,
      ATTENDANCE_MESSAGES.noClass,
    ],
    [
      'refuses someone not enrolled in the course',
      ATTENDANCE_STATES.traineeNotEnrolled,
      'a request to give attendance in a course the trainee is not enrolled in',
      fresh,
      403,
      ATTENDANCE_MESSAGES.notEnrolled,
    ],
    [
      'refuses a trainer who opens the code',
      ATTENDANCE_STATES.trainerRunsSession,
      'a request of a trainer to give attendance',
      fresh,
      403,
      ATTENDANCE_MESSAGES.traineesOnly,
    ],
  ];

  it.each(refusals)('%s', async (_, state, description, code, status, message) => {
    await give(state, description, code, status, errorBody(message)).executeTest(async (mockServer) => {
      const sent = typeof code === 'string' ? code : EXAMPLE_CODE;
      const error = await failureOf(makeAttendance(signedInClient(mockServer), 7, { code: sent }));
      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
    });
  });

  it('reads the trainee’s attendance history, per course', async () => {
    await signedIn(
      pact,
      ATTENDANCE_STATES.traineeHasAttendance,
      'a request for the trainee’s attendance history',
    )
      .sends('GET', apiPath('/attendance/history/'))
      .answers(200, {
        results: eachLike({
          course_id: integer(7),
          title: like('Cloud Computing Fundamentals'),
          title_ar: like('أساسيات الحوسبة السحابية'),
          present: integer(1),
          held: integer(14),
          sessions: eachLike({
            date: regex(DATE, '2026-11-10'),
            start_time: regex(TIME, '00:00'),
            end_time: regex(TIME, '23:59'),
            status: regex('^(Present|Absent)$', 'Absent'),
          }),
        }),
      })
      .executeTest(async (mockServer) => {
        const history = await getAttendanceHistory(signedInClient(mockServer));
        expect(history.results[0]?.sessions[0]?.status).toBe('Absent');
      });
  });
});

describe('Attendance contract: the live count on /ws/notifications', () => {
  it('receives the day’s count when someone is marked at a course the user teaches', async () => {
    await pact
      .addAsynchronousInteraction()
      .given(ATTENDANCE_STATES.trainerRunsSession)
      .expectsToReceive(ATTENDANCE_MESSAGE, (b) =>
        b.withJSONContent({
          type: 'attendance_marked',
          course_id: integer(7),
          date: regex(DATE, EXAMPLE_DATE),
          present: integer(12),
        }),
      )
      .executeTest(async (message) => {
        const received = receivedJson(message);
        expect(serverSocketMessageSchema.safeParse(received).success).toBe(true);
        expect(attendanceMarkedMessageSchema.parse(received)).toEqual({
          type: 'attendance_marked',
          course_id: 7,
          date: EXAMPLE_DATE,
          present: 12,
        });
      });
  });
});
