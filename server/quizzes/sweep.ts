import type { Db } from '../db';
import { describeError } from '../http';
import type { NotificationContent, Notifier } from '../notifications/notifier';
import { finishAttempt, quizTitles, type TimeoutHook } from './queries';

/** How many overdue attempts one transaction of the sweep submits. */
export const SWEEP_BATCH = 100;

/** How often a running server looks for attempts whose time ran out (QUIZ_SWEEP_SECONDS). */
export const QUIZ_SWEEP_INTERVAL_MS = 5_000;

/** QUIZ_SWEEP_SECONDS as milliseconds (0.5 to 3600 seconds); QUIZ_SWEEP_INTERVAL_MS when unset. */
export function quizSweepIntervalMs(seconds: string | undefined): number {
  if (seconds === undefined || seconds.trim() === '') return QUIZ_SWEEP_INTERVAL_MS;
  const value = Number(seconds);
  if (!Number.isFinite(value) || value < 0.5 || value > 3600)
    throw new Error(`QUIZ_SWEEP_SECONDS must be a number of seconds from 0.5 to 3600: ${seconds}`);
  return Math.round(value * 1000);
}

/** What the trainee is told when the server submitted their attempt at its deadline. */
export function attemptTimedOut(quiz: {
  lecture_id: number;
  course_id: number;
  title: string;
  title_ar: string;
}): NotificationContent {
  return {
    title: 'Your quiz was submitted',
    title_ar: 'تم تسليم اختبارك',
    text: `The time for ${quiz.title} ran out: your saved answers were submitted.`,
    text_ar: `انتهى وقت ${quiz.title_ar || quiz.title}، وتم تسليم إجاباتك المحفوظة.`,
    link: `/ongoing-courses/${quiz.course_id}/${quiz.lecture_id}`,
  };
}

/** Notifies the trainee of an attempt the server submitted (a failed notice is only logged). */
export function timeoutNotice(db: Db, notifier: Pick<Notifier, 'notify'>): TimeoutHook {
  return async (attempt) => {
    try {
      const quiz = await quizTitles(db, attempt.lecture_id);
      if (quiz) await notifier.notify(attempt.user_id, attemptTimedOut(quiz));
    } catch (error) {
      console.error(`could not tell a trainee their quiz was submitted: ${describeError(error)}`);
    }
  };
}

/**
 * Submits every attempt in progress whose deadline has passed, scored from its saved answers, the
 * lecture marked read, the trainee notified: SWEEP_BATCH attempts a transaction, each row held
 * with SKIP LOCKED, so a submit or save holding one (or another instance's sweep) is left to it.
 * Returns how many attempts it submitted.
 */
export async function sweepOverdueAttempts(
  db: Db,
  notifier: Pick<Notifier, 'notifyWithin'>,
  options: { batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? SWEEP_BATCH;
  let total = 0;
  for (;;) {
    const { count, announcements } = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; lecture_id: number; user_id: number }>(
        `SELECT id, lecture_id, user_id FROM quiz_attempts
         WHERE submitted_at IS NULL AND deadline < clock_timestamp()
         ORDER BY deadline LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      const pending: (() => Promise<void>)[] = [];
      for (const attempt of rows) {
        await finishAttempt(tx, attempt, 'timeout');
        const quiz = await quizTitles(tx, attempt.lecture_id);
        if (quiz)
          pending.push((await notifier.notifyWithin(tx, attempt.user_id, attemptTimedOut(quiz))).announce);
      }
      return { count: rows.length, announcements: pending };
    });
    for (const announce of announcements) await announce();
    total += count;
    if (count < batch) return total;
  }
}
