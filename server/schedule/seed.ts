import { addDays, courseSessions, weekStartOf } from '@contract/domain/sessions';
import { WEEKDAYS, type Weekday } from '@contract/wire/courses';
import { centreDate } from '../centre-time';
import type { Db } from '../db';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { findUserByEmail } from '../users';
import { changesOf, hasEnded, trainerCourses } from './queries';

/** The centre's working days, which the demo trainer's week fills (Friday stays free for a move). */
const FILLED_DAYS: readonly Weekday[] = WEEKDAYS.filter((day) => day !== 'Friday');
const ADDED_SLOT = { start_time: '16:00', end_time: '18:00' } as const;

/**
 * The demo trainer's week: their ongoing approved courses get routine days for the working days no
 * course of theirs meets yet (added to the first of them, 16:00–18:00), so the current week is full;
 * then, when none of their courses has a change yet, one session of this week still to come is
 * cancelled and another moved (to Friday when the course runs then, else two hours later the same
 * day). Idempotent: a second run finds the days filled and the changes made.
 */
export async function seedSchedule(db: Db, now: Date = new Date()): Promise<void> {
  const trainer = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
  if (!trainer) return;
  const today = centreDate(now);
  const week = weekStartOf(today);
  const courses = (await trainerCourses(db, trainer.id, today, today)).filter(
    (course) => course.role === 'trainer',
  );
  const first = courses[0];
  if (!first) return;
  const covered = new Set(courses.flatMap((course) => course.routine.map((slot) => slot.day)));
  const missing = FILLED_DAYS.filter((day) => !covered.has(day));
  if (missing.length > 0) {
    const routine = [...first.routine, ...missing.map((day) => ({ day, ...ADDED_SLOT }))].sort(
      (a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day),
    );
    await db.query('UPDATE courses SET routine = $2 WHERE id = $1', [first.id, JSON.stringify(routine)]);
    first.routine = routine;
  }

  const changes = await changesOf(
    db,
    courses.map((course) => course.id),
  );
  if ([...changes.values()].some((list) => list.length > 0)) return;
  // The sessions of this week still to come, after today where possible (today's stays for attendance).
  const upcoming = courses
    .flatMap((course) =>
      courseSessions(course, [], week, addDays(week, 6)).map((session) => ({ course, session })),
    )
    .filter(({ session }) => !hasEnded(session.date, session.end_time, now))
    .sort((a, b) => Number(a.session.date === today) - Number(b.session.date === today));
  const cancelled = upcoming[0];
  const moved = upcoming.find(
    (candidate) => candidate !== cancelled && candidate.session.date !== cancelled?.session.date,
  );
  if (cancelled) {
    await db.query(
      `INSERT INTO session_changes (course_id, session_date, action, reason, changed_by)
       VALUES ($1, $2, 'cancelled', $3, $4) ON CONFLICT DO NOTHING`,
      [cancelled.course.id, cancelled.session.date, 'The training hall is booked for an exam', trainer.id],
    );
  }
  if (moved) {
    const { course, session } = moved;
    const friday = addDays(week, 6);
    const fridayFree =
      friday >= course.start_date &&
      friday <= course.end_date &&
      !course.routine.some((slot) => slot.day === 'Friday') &&
      friday !== session.date;
    const later = (time: string) =>
      `${String(Math.min(Number(time.slice(0, 2)) + 2, 23)).padStart(2, '0')}${time.slice(2)}`;
    const target = fridayFree
      ? { date: friday, start_time: session.start_time, end_time: session.end_time }
      : { date: session.date, start_time: later(session.start_time), end_time: later(session.end_time) };
    if (target.end_time > target.start_time) {
      await db.query(
        `INSERT INTO session_changes (course_id, session_date, action, new_date, start_time, end_time, reason, changed_by)
         VALUES ($1, $2, 'moved', $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [
          course.id,
          session.date,
          target.date,
          target.start_time,
          target.end_time,
          'The trainer is at a conference',
          trainer.id,
        ],
      );
    }
  }
}
