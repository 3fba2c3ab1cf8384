import type { Db } from './db';
import { describeError } from './http';
import { STALE_CLAIM_MINUTES } from './media/file-jobs';
import { retryStaleVideoFacts } from './media/video-facts';
import type { Job, JobTimer } from './metrics';
import type { Notifier } from './notifications/notifier';
import { QUIZ_SWEEP_INTERVAL_MS, sweepOverdueAttempts } from './quizzes/sweep';
import type { UploadStore } from './uploads';

/** A sign-up whose e-mailed code was not confirmed within this time is removed. */
export const UNCONFIRMED_SIGN_UP_HOURS = 24;

/** How often a running server removes expired sign-ups. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the accounts that were never confirmed and are older than UNCONFIRMED_SIGN_UP_HOURS (their
 * codes, tokens and other rows go with them), then their stored CVs. The rows go in one
 * transaction; the files only after it committed, so a failed delete never leaves an account
 * pointing at a missing CV. Returns how many accounts went.
 */
export async function pruneUnconfirmedSignUps(db: Db, uploads: Pick<UploadStore, 'remove'>): Promise<number> {
  const deleted = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ cv_file: string | null }>(
      `DELETE FROM users u
       WHERE NOT u.verified AND u.created_at < now() - make_interval(hours => $1)
         -- An account that owns content is never removed by this clean-up.
         AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.created_by = u.id)
       RETURNING u.cv_file`,
      [UNCONFIRMED_SIGN_UP_HOURS],
    );
    return rows;
  });
  for (const { cv_file } of deleted) {
    if (!cv_file) continue;
    // One file that cannot be removed must not keep the others.
    await uploads
      .remove(cv_file)
      .catch((error: unknown) => console.error(`could not remove a pruned CV: ${describeError(error)}`));
  }
  return deleted.length;
}

export interface Maintenance {
  /** Stops the timers and waits for the jobs that are running. */
  stop(): Promise<void>;
  /** Waits for the jobs that are running (for tests). */
  idle(): Promise<void>;
}

/**
 * Runs `job` now and then every `intervalMs` until stopped. The timer does not keep the process
 * alive; a run that is still going when the next is due is not doubled, and a failed run is logged.
 */
function periodic(
  job: () => Promise<void>,
  intervalMs: number,
  what: string,
  timed?: { name: Job; timer: JobTimer | undefined },
): Maintenance {
  let running: Promise<void> | null = null;
  let stopped = false;

  function run(): void {
    if (running || stopped) return;
    const started = performance.now();
    let failed = false;
    running = job()
      .catch((error: unknown) => {
        failed = true;
        console.error(`${what} failed: ${describeError(error)}`);
      })
      .finally(() => {
        running = null;
        timed?.timer?.(timed.name, (performance.now() - started) / 1000, failed);
      });
  }

  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    async idle() {
      await running;
    },
  };
}

/**
 * Runs the clean-up now and then every `intervalMs` (an hour by default) until stopped; given
 * `quizSweep`, also submits the quiz attempts whose time ran out, now and every
 * `quizSweep.intervalMs` (QUIZ_SWEEP_INTERVAL_MS by default), notifying their trainees.
 */
export function startMaintenance(
  db: Db,
  uploads: Pick<UploadStore, 'remove'>,
  options: {
    intervalMs?: number;
    quizSweep?: { notifier: Pick<Notifier, 'notifyWithin'>; intervalMs?: number };
    /** Reports each run's duration (metrics). */
    timer?: JobTimer;
    /** Removes the uploads left unfinished or unused (server/learning/resumable.ts); answers how many. */
    pruneUploads?: () => Promise<number>;
    /** The store whose videos' facts, left unread by an instance that stopped, are read again. */
    fileJobs?: UploadStore;
  } = {},
): Maintenance {
  const jobs = [
    periodic(
      async () => {
        const removed = await pruneUnconfirmedSignUps(db, uploads);
        if (removed > 0)
          console.log(
            `Removed ${removed} sign-up(s) not confirmed within ${UNCONFIRMED_SIGN_UP_HOURS} hours`,
          );
      },
      options.intervalMs ?? MAINTENANCE_INTERVAL_MS,
      'removing unconfirmed sign-ups',
      { name: 'unconfirmed_sign_ups', timer: options.timer },
    ),
  ];
  const { quizSweep, pruneUploads } = options;
  if (pruneUploads) {
    jobs.push(
      periodic(
        async () => {
          const removed = await pruneUploads();
          if (removed > 0) console.log(`Removed ${removed} upload(s) unfinished or unused after 24 hours`);
        },
        options.intervalMs ?? MAINTENANCE_INTERVAL_MS,
        'removing stale uploads',
        { name: 'stale_uploads', timer: options.timer },
      ),
    );
  }
  if (quizSweep) {
    jobs.push(
      periodic(
        async () => {
          await sweepOverdueAttempts(db, quizSweep.notifier);
        },
        quizSweep.intervalMs ?? QUIZ_SWEEP_INTERVAL_MS,
        'submitting quiz attempts whose time ran out',
        { name: 'quiz_sweep', timer: options.timer },
      ),
    );
  }
  const { fileJobs } = options;
  if (fileJobs) {
    jobs.push(
      periodic(
        async () => {
          const taken = await retryStaleVideoFacts(db, fileJobs);
          if (taken > 0)
            console.log(`Reading again the facts of ${taken} video(s) left by a stopped instance`);
        },
        STALE_CLAIM_MINUTES * 60 * 1000,
        'reading the facts of videos again',
      ),
    );
  }
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
    async idle() {
      await Promise.all(jobs.map((job) => job.idle()));
    },
  };
}
