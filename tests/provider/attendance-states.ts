import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { addDays, weekdayOf } from '@contract/domain/sessions';
import { ATTENDANCE_TICKET_COOKIE } from '@contract/wire/attendance';
import { WEEKDAYS } from '@contract/wire/courses';
import { createAttendanceCodes, stepAt } from '../../server/attendance/codes';
import { startSession } from '../../server/auth/sessions';
import { centreDate } from '../../server/centre-time';
import type { TestServer } from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { ensureUser, type UserRow } from '../../server/users';
import { ATTENDANCE_STATES, INJECTED_ATTENDANCE } from '../pact/attendance-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/** Held all day, so a session is under way whenever the verification runs. */
const ALL_DAY = ['00:00', '23:59'] as const;

/**
 * The provider states of the attendance contracts: a course made anew for each interaction, taught
 * by a trainer of its own, held every day (or every day but today), the demo trainee enrolled or not, and the
 * course's current code (and one from before the grace step) as the trainer's screen would show it.
 */
export function attendanceStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens } = server;
  const codes = createAttendanceCodes(server.secret);

  let trainersMade = 0;

  /** A trainer of the state's own, who teaches nothing but the state's course (the list holds it alone). */
  async function trainer(): Promise<UserRow> {
    trainersMade += 1;
    return ensureUser(db, {
      email: `attendance.trainer.${trainersMade}@example.com`,
      password: 'Trainer#2026xyz',
      full_name: `Attendance Trainer ${trainersMade}`,
      role: 'TRAINER',
      phone_number: '0501112222',
      govt_id_or_iqama_no: String(1_600_000_000 + trainersMade),
      approved: true,
    });
  }

  async function setting(options: { signedIn: 'trainer' | 'trainee'; today: boolean; enrolled: boolean }) {
    const [teacher, learner] = [await trainer(), await trainee()];
    const now = new Date();
    const today = centreDate(now);
    const courseId = await courseWithSessions(db, {
      trainerId: teacher.id,
      now,
      times: ALL_DAY,
      days: options.today ? WEEKDAYS : WEEKDAYS.filter((day) => day !== weekdayOf(today)),
      startOffset: -14,
      traineeIds: options.enrolled ? [learner.id] : [],
    });
    const session = await startSession(db, tokens, options.signedIn === 'trainer' ? teacher : learner);
    return {
      courseId,
      learner,
      injected: {
        [INJECTED_ACCESS_TOKEN]: session.access_token,
        [INJECTED_ATTENDANCE.courseId]: courseId,
        [INJECTED_ATTENDANCE.traineeId]: learner.id,
        [INJECTED_ATTENDANCE.date]: today,
        [INJECTED_ATTENDANCE.code]: codes.current(courseId, now).code,
        [INJECTED_ATTENDANCE.expiredCode]: codes.current(
          courseId,
          new Date(now.getTime() - 2 * ATTENDANCE_STEP_SECONDS * 1000),
        ).code,
        [INJECTED_ATTENDANCE.ticketCookie]: `${ATTENDANCE_TICKET_COOKIE}=${codes.ticket(courseId, today, stepAt(now)).ticket}`,
      },
    };
  }

  return {
    [ATTENDANCE_STATES.trainerRunsSession]: async () =>
      (await setting({ signedIn: 'trainer', today: true, enrolled: true })).injected,
    [ATTENDANCE_STATES.trainerSessionMarked]: async () => {
      const { courseId, learner, injected } = await setting({
        signedIn: 'trainer',
        today: true,
        enrolled: true,
      });
      await db.query(
        `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by) VALUES ($1, $2, $3, 'Present', 'qr')`,
        [courseId, injected[INJECTED_ATTENDANCE.date], learner.id],
      );
      return injected;
    },
    [ATTENDANCE_STATES.trainerCourseWithoutSessionToday]: async () =>
      (await setting({ signedIn: 'trainer', today: false, enrolled: true })).injected,
    [ATTENDANCE_STATES.traineeAtSession]: async () =>
      (await setting({ signedIn: 'trainee', today: true, enrolled: true })).injected,
    [ATTENDANCE_STATES.traineeAlreadyPresent]: async () => {
      const { courseId, learner, injected } = await setting({
        signedIn: 'trainee',
        today: true,
        enrolled: true,
      });
      await db.query(
        `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by) VALUES ($1, $2, $3, 'Present', 'qr')`,
        [courseId, injected[INJECTED_ATTENDANCE.date], learner.id],
      );
      return injected;
    },
    [ATTENDANCE_STATES.traineeWithoutSessionToday]: async () =>
      (await setting({ signedIn: 'trainee', today: false, enrolled: true })).injected,
    [ATTENDANCE_STATES.traineeNotEnrolled]: async () =>
      (await setting({ signedIn: 'trainee', today: true, enrolled: false })).injected,
    [ATTENDANCE_STATES.traineeHasAttendance]: async () => {
      const { courseId, learner, injected } = await setting({
        signedIn: 'trainee',
        today: true,
        enrolled: true,
      });
      const today = String(injected[INJECTED_ATTENDANCE.date]);
      await db.query(
        `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by)
         VALUES ($1, $2, $3, 'Present', 'qr'), ($1, $4, $3, 'Absent', 'trainer')`,
        [courseId, addDays(today, -2), learner.id, addDays(today, -1)],
      );
      return injected;
    },
  };
}
