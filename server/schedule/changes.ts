import { toLatinDigits } from '@contract/domain/digits';
import { courseSessions, lastSessionDay, routineSessions } from '@contract/domain/sessions';
import { cancelFormSchema, moveFormSchema } from '@contract/forms/schedule';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SCHEDULE_MESSAGES } from '@contract/messages/schedule';
import type { SessionChanged, SessionChangeInput } from '@contract/wire/schedule';
import type { SessionChange } from '@contract/wire/sessions';
import { assertCourseAuthor } from '../authoring/access';
import type { Db } from '../db';
import { HttpProblem } from '../http';
import { NOTIFICATIONS, type NotificationContent, type Notifier } from '../notifications/notifier';
import { formDetails } from '../validation';
import { changesOf, enrolledTrainees, hasEnded, routineSessionOn, type ScheduledCourse } from './queries';

/** The course as the schedule reads it, locked for the change (one change of a course at a time). */
async function lockedCourse(tx: Db, courseId: number): Promise<ScheduledCourse> {
  const { rows } = await tx.query<Omit<ScheduledCourse, 'role'> & { routine: unknown }>(
    `SELECT c.id, c.title, c.title_ar, c.routine,
       to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
       to_char(centre_date(c.closed_at), 'YYYY-MM-DD') AS closed_on
     FROM courses c WHERE c.id = $1 FOR UPDATE`,
    [courseId],
  );
  const row = rows[0];
  if (!row) throw new HttpProblem(404, SCHEDULE_MESSAGES.notASession);
  return { ...row, routine: Array.isArray(row.routine) ? row.routine : [], role: 'trainer' };
}

/** Stores each trainee's notification in the transaction; answers how to announce them once committed. */
async function notifyTrainees(
  tx: Db,
  notifier: Notifier,
  courseId: number,
  content: NotificationContent,
): Promise<{ count: number; announce: () => Promise<void> }> {
  const trainees = await enrolledTrainees(tx, courseId);
  const notices: { announce(): Promise<void> }[] = [];
  for (const userId of trainees) notices.push(await notifier.notifyWithin(tx, userId, content));
  return {
    count: trainees.length,
    announce: async () => {
      for (const notice of notices) await notice.announce();
    },
  };
}

/**
 * Cancels or moves one session of a course the caller runs or facilitates, in one transaction with
 * the enrolled trainees' notifications (pushed once committed). Refused: a course not theirs (403)
 * or not approved (403); a date that is not one of the course's routine sessions (404); a session
 * already changed (409) or ended (409); the form rules (400, per field); a move outside the course's
 * dates, onto a date holding another session of the course (cancelled ones included), or to a time
 * already past (400 on new_date / start_time).
 */
export async function changeSession(
  db: Db,
  notifier: Notifier,
  userId: number,
  input: SessionChangeInput,
  now: Date,
): Promise<SessionChanged> {
  // As typed: Arabic-Indic digits are read as 0–9.
  const form = {
    reason: input.reason,
    new_date: toLatinDigits(input.new_date ?? '').trim(),
    start_time: toLatinDigits(input.start_time ?? '').trim(),
    end_time: toLatinDigits(input.end_time ?? '').trim(),
  };
  const details =
    input.action === 'cancelled'
      ? formDetails(cancelFormSchema, { reason: form.reason }, ['reason'])
      : formDetails(moveFormSchema, form, ['reason', 'new_date', 'start_time', 'end_time']);
  if (details.length > 0) throw new HttpProblem(400, details);

  const author = await assertCourseAuthor(db, userId, input.course_id);
  if (author.status !== 'Approved') throw new HttpProblem(403, AUTHORING_MESSAGES.courseNotApproved);

  const { result, announce } = await db.transaction(async (tx) => {
    const course = await lockedCourse(tx, input.course_id);
    const session = routineSessionOn(course, input.session_date);
    if (!session) throw new HttpProblem(404, SCHEDULE_MESSAGES.notASession);
    const changes = (await changesOf(tx, [course.id])).get(course.id) ?? [];
    if (changes.some((change) => change.session_date === session.date)) {
      throw new HttpProblem(409, SCHEDULE_MESSAGES.alreadyChanged);
    }
    if (hasEnded(session.date, session.end_time, now))
      throw new HttpProblem(409, SCHEDULE_MESSAGES.sessionEnded);

    let change: SessionChange;
    if (input.action === 'cancelled') {
      change = {
        session_date: session.date,
        action: 'cancelled',
        new_date: null,
        start_time: null,
        end_time: null,
        reason: form.reason.trim(),
      };
    } else {
      const newDate = form.new_date;
      if (newDate < course.start_date || newDate > lastSessionDay(course)) {
        throw new HttpProblem(400, { field: 'new_date', message: SCHEDULE_MESSAGES.newDateOutside });
      }
      // Another session on that date: a routine one (cancelled or not) other than this session, or
      // one moved there.
      const taken =
        routineSessions(course, newDate, newDate).some((other) => other.date !== session.date) ||
        courseSessions(course, changes, newDate, newDate).some((other) => other.status === 'moved');
      if (taken) throw new HttpProblem(400, { field: 'new_date', message: SCHEDULE_MESSAGES.newDateTaken });
      if (hasEnded(newDate, form.start_time, now)) {
        throw new HttpProblem(400, { field: 'start_time', message: SCHEDULE_MESSAGES.newTimePast });
      }
      change = {
        session_date: session.date,
        action: 'moved',
        new_date: newDate,
        start_time: form.start_time,
        end_time: form.end_time,
        reason: form.reason.trim(),
      };
    }
    await tx.query(
      `INSERT INTO session_changes (course_id, session_date, action, new_date, start_time, end_time, reason, changed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        course.id,
        change.session_date,
        change.action,
        change.new_date,
        change.start_time,
        change.end_time,
        change.reason,
        userId,
      ],
    );
    const content =
      change.action === 'cancelled'
        ? NOTIFICATIONS.sessionCancelled(course, session, change.reason)
        : NOTIFICATIONS.sessionMoved(
            course,
            session,
            {
              date: change.new_date ?? session.date,
              start_time: change.start_time ?? session.start_time,
              end_time: change.end_time ?? session.end_time,
            },
            change.reason,
          );
    const notified = await notifyTrainees(tx, notifier, course.id, content);
    return {
      result: {
        message: change.action === 'cancelled' ? SCHEDULE_MESSAGES.cancelled : SCHEDULE_MESSAGES.moved,
        course_id: course.id,
        session_date: session.date,
        notified: notified.count,
      },
      announce: notified.announce,
    };
  });
  await announce();
  return result;
}

/**
 * Restores a cancelled or moved session to its routine date and times, with the trainees'
 * notifications. Refused: not the caller's course (403); no change on that date (404); the session
 * (at its routine time, or where it was moved) has ended (409).
 */
export async function restoreSession(
  db: Db,
  notifier: Notifier,
  userId: number,
  courseId: number,
  sessionDate: string,
  now: Date,
): Promise<SessionChanged> {
  await assertCourseAuthor(db, userId, courseId);
  const { result, announce } = await db.transaction(async (tx) => {
    const course = await lockedCourse(tx, courseId);
    const changes = (await changesOf(tx, [course.id])).get(course.id) ?? [];
    const change = changes.find((candidate) => candidate.session_date === sessionDate);
    const session = routineSessionOn(course, sessionDate);
    if (!change || !session) throw new HttpProblem(404, SCHEDULE_MESSAGES.notChanged);
    const movedEnded =
      change.action === 'moved' && change.new_date && change.end_time
        ? hasEnded(change.new_date, change.end_time, now)
        : false;
    if (movedEnded || hasEnded(session.date, session.end_time, now)) {
      throw new HttpProblem(409, SCHEDULE_MESSAGES.sessionEnded);
    }
    await tx.query('DELETE FROM session_changes WHERE course_id = $1 AND session_date = $2', [
      course.id,
      sessionDate,
    ]);
    const notified = await notifyTrainees(
      tx,
      notifier,
      course.id,
      NOTIFICATIONS.sessionRestored(course, session),
    );
    return {
      result: {
        message: SCHEDULE_MESSAGES.restored,
        course_id: course.id,
        session_date: sessionDate,
        notified: notified.count,
      },
      announce: notified.announce,
    };
  });
  await announce();
  return result;
}
