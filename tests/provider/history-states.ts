import { randomUUID } from 'node:crypto';
import { startSession } from '../../server/auth/sessions';
import { HISTORY_COURSES } from '../../server/history/seed';
import { RECORD_COURSES } from '../../server/records/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { courseIdBySlug, type TestServer } from '../../server/testing';
import { ensureUser, type UserRow } from '../../server/users';
import { HISTORY_STATES, INJECTED_HISTORY } from '../pact/history-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/** A trainee of these states only, enrolled in a course under way and nothing else. */
const BEGINNER = {
  email: 'history.beginner@example.com',
  password: 'Trainee#2026',
  full_name: 'Huda Al-Anazi',
  role: 'TRAINEE',
  phone_number: '0551237788',
  govt_id_or_iqama_no: '1099887766',
  approved: true,
} as const;

/**
 * The provider states of the course history contracts: the demo trainee as seeded (her ongoing
 * courses, Project Management Essentials ended and completed, a withdrawn course and a cash payment
 * waiting: server/history/seed.ts), or a trainee of their own whose one course is under way.
 */
export function historyStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens } = server;
  return {
    [HISTORY_STATES.traineeHasHistory]: async () => {
      const user = await trainee();
      const completed = await courseIdBySlug(server, RECORD_COURSES.completed.slug);
      const ongoing = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
      const withdrawn = await courseIdBySlug(server, HISTORY_COURSES.withdrawn.slug);
      const cash = await courseIdBySlug(server, HISTORY_COURSES.cashPending.slug);
      // Other states change her enrolments: each is put back as the seed made it, her certificate
      // of the ended course not issued yet.
      const set = (courseId: number, status: string) =>
        db.query(
          `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, course_id) DO UPDATE SET status = $3`,
          [user.id, courseId, status],
        );
      await set(completed, 'enrolled');
      await set(ongoing, 'enrolled');
      await set(withdrawn, 'withdrawn');
      await set(cash, 'awaiting_payment');
      await db.query(
        `INSERT INTO payments (id, user_id, course_id, method, status, subtotal, vat, total, vat_rate, idempotency_key)
         VALUES ($1, $2, $3, 'cash', 'awaiting_cash', 10000, 1500, 11500, 1500, $4)`,
        [randomUUID(), user.id, cash, randomUUID()],
      );
      await db.query('DELETE FROM certificates WHERE user_id = $1 AND course_id = $2', [user.id, completed]);
      return {
        [INJECTED_ACCESS_TOKEN]: (await startSession(db, tokens, user)).access_token,
        [INJECTED_HISTORY.completedCourseId]: completed,
        [INJECTED_HISTORY.ongoingCourseId]: ongoing,
      };
    },
    [HISTORY_STATES.traineeWithoutEndedCourse]: async () => {
      const user = await ensureUser(db, BEGINNER);
      const ongoing = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
      await db.query('DELETE FROM enrolments WHERE user_id = $1', [user.id]);
      await db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
        user.id,
        ongoing,
      ]);
      return {
        [INJECTED_ACCESS_TOKEN]: (await startSession(db, tokens, user)).access_token,
        [INJECTED_HISTORY.ongoingCourseId]: ongoing,
      };
    },
  };
}
