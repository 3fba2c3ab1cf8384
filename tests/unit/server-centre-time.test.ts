import { addDays } from '@contract/domain/sessions';
import { trainerCourseListSchema } from '@contract/wire/authoring';
import { courseCardPageSchema } from '@contract/wire/courses';
import { completionSettingsSchema } from '@contract/wire/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centreDate,
  DEFAULT_CENTRE_TIME_ZONE,
  parseCentreTimeZone,
  setCentreTimeZone,
} from '../../server/centre-time';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { findUserByEmail, type UserRow } from '../../server/users';
import { testClient } from '../support/test-client';

/**
 * "Today" is the centre's day (CENTRE_TIME_ZONE), in the code and in SQL, never the database's UTC
 * date. The server runs in a zone where it is another calendar day than in UTC right now (a day
 * behind before 11:00 UTC, a day ahead after), as Riyadh is between 00:00 and 03:00.
 */
const ZONE = new Date().getUTCHours() < 11 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
let server: TestServer;
let trainer: UserRow;
let trainerToken: string;
let today: string;

beforeAll(async () => {
  server = await startTestServer({ centreTimeZone: ZONE });
  const found = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  if (!found) throw new Error('The demo trainer is not seeded');
  trainer = found;
  trainerToken = (await server.tokens.issue('access', trainer)).token;
  today = centreDate(new Date());
}, 90_000);

afterAll(async () => {
  // The zone is one per process: the next file's servers start in the default one.
  if (server) await setCentreTimeZone(server.db, DEFAULT_CENTRE_TIME_ZONE);
  await server?.close();
});

const { call } = testClient(() => server);

/** A course of the demo trainer from `start` to `end` days around the centre's today. */
function course(title: string, start: number, end: number, traineeIds: number[] = []) {
  return courseWithSessions(server.db, {
    trainerId: trainer.id,
    startOffset: start,
    endOffset: end,
    title,
    traineeIds,
  });
}

describe('the setting', () => {
  it('takes an IANA zone, Riyadh when unset, and refuses anything else with a clear message', () => {
    expect(parseCentreTimeZone(undefined)).toBe('Asia/Riyadh');
    expect(parseCentreTimeZone('  ')).toBe('Asia/Riyadh');
    expect(parseCentreTimeZone(' Europe/Berlin ')).toBe('Europe/Berlin');
    expect(parseCentreTimeZone('Etc/GMT+12')).toBe('Etc/GMT+12');
    for (const bad of ['Mars/Olympus', 'Riyadh', '+03:00', 'UTC+3; DROP TABLE users'])
      expect(() => parseCentreTimeZone(bad)).toThrow(
        `CENTRE_TIME_ZONE: "${bad}" is not a time zone this server knows`,
      );
  });

  it('is the zone SQL reads its day in', async () => {
    expect(today).not.toBe(new Date().toISOString().slice(0, 10));
    const { rows } = await server.db.query<{ today: string; zone: string }>(
      `SELECT to_char(centre_today(), 'YYYY-MM-DD') AS today, centre_time_zone() AS zone`,
    );
    expect(rows[0]).toEqual({ today, zone: ZONE });
  });
});

describe("a course's day, on the centre's calendar", () => {
  it('starts on its start date: Ongoing for its trainer, closable, in the catalogue’s Ongoing filter', async () => {
    const startsToday = await course('Centre day starts today', 0, 10);
    const startsTomorrow = await course('Centre day starts tomorrow', 1, 10);
    const mine = trainerCourseListSchema.parse(
      (await call('/course/course-list-of-a-trainer/', { token: trainerToken })).body,
    );
    const statusOf = (id: number) => mine.results.find((entry) => entry.id === id)?.status;
    expect(statusOf(startsToday)).toBe('ONGOING');
    expect(statusOf(startsTomorrow)).toBe('Approved');

    const settings = async (id: number) =>
      completionSettingsSchema.parse(
        (await call(`/trainer/courses/${id}/completion/`, { token: trainerToken })).body,
      );
    expect(await settings(startsToday)).toMatchObject({ stage: 'ongoing', can_close: true });
    expect(await settings(startsTomorrow)).toMatchObject({ stage: 'upcoming', can_close: false });
    expect(
      (await call(`/trainer/courses/${startsTomorrow}/close/`, { method: 'POST', token: trainerToken }))
        .status,
    ).toBe(409);

    const filtered = async (availability: string) =>
      courseCardPageSchema
        .parse(
          (
            await call(
              `/course/search-result/?availability=${availability}&limit=100&search=${encodeURIComponent('Centre day')}`,
            )
          ).body,
        )
        .results.map((card) => card.id);
    expect(await filtered('ongoing')).toContain(startsToday);
    expect(await filtered('ongoing')).not.toContain(startsTomorrow);
    expect(await filtered('upcoming')).toContain(startsTomorrow);
    expect(await filtered('upcoming')).not.toContain(startsToday);
    const closed = await call(`/trainer/courses/${startsToday}/close/`, {
      method: 'POST',
      token: trainerToken,
    });
    expect(closed.status).toBe(200);
  });

  it('ends once its end date is past, not before', async () => {
    const endsToday = await course('Centre day ends today', -10, 0);
    const endedYesterday = await course('Centre day ended yesterday', -10, -1);
    const { rows } = await server.db.query<{ id: number; ended: boolean }>(
      'SELECT id, course_ended(end_date, closed_at) AS ended FROM courses WHERE id = ANY($1::int[])',
      [[endsToday, endedYesterday]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.ended]))).toEqual({
      [endsToday]: false,
      [endedYesterday]: true,
    });
    const settings = async (id: number) =>
      completionSettingsSchema.parse(
        (await call(`/trainer/courses/${id}/completion/`, { token: trainerToken })).body,
      );
    expect(await settings(endsToday)).toMatchObject({ stage: 'ongoing', can_close: true });
    expect(await settings(endedYesterday)).toMatchObject({
      stage: 'ended',
      can_close: false,
      ended_on: addDays(today, -1),
    });
    const ongoing = courseCardPageSchema.parse(
      (
        await call(
          `/course/search-result/?availability=ongoing&limit=100&search=${encodeURIComponent('Centre day')}`,
        )
      ).body,
    );
    expect(ongoing.results.map((card) => card.id)).toContain(endsToday);
    expect(ongoing.results.map((card) => card.id)).not.toContain(endedYesterday);
  });

  it('takes a withdrawal as before the start only until its start date', async () => {
    const { user, token } = await signedInTrainee(server, 'zoned');
    const startsToday = await course('Centre day withdrawal today', 0, 10, [user.id]);
    const startsTomorrow = await course('Centre day withdrawal tomorrow', 1, 10, [user.id]);
    for (const id of [startsToday, startsTomorrow])
      expect(
        (
          await call('/course/enroll-status-update/', {
            token,
            body: { course_id: id, reason: 'Moving away' },
          })
        ).status,
      ).toBe(200);
    const { rows } = await server.db.query<{ course_id: number; before: boolean }>(
      `SELECT course_id, withdrawal_before_start AS before FROM enrolments
       WHERE user_id = $1 AND course_id = ANY($2::int[])`,
      [user.id, [startsToday, startsTomorrow]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.course_id, row.before]))).toEqual({
      [startsToday]: false,
      [startsTomorrow]: true,
    });
  });
});
