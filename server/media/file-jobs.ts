import type { Queryable } from '../db';

/**
 * Background work on a stored file, run once however many instances share the database and the
 * uploads folder (027_video_facts.sql): the instance whose claim is inserted does the work; the
 * others find the row and leave it. A claim still running after STALE_CLAIM_MINUTES was left by an
 * instance that stopped, and the next claim takes it again.
 */

export type FileJobKind = 'video_facts' | 'cover_copy';

/** How long a claim may run before another instance may take it again. */
export const STALE_CLAIM_MINUTES = 10;

/** Claims the work `kind` on `path`: true when this caller is to do it. */
export async function claimFileJob(db: Queryable, path: string, kind: FileJobKind): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO file_jobs (path, kind) VALUES ($1, $2)
     ON CONFLICT (path, kind) DO UPDATE SET claimed_at = now(), attempts = file_jobs.attempts + 1
       WHERE file_jobs.state = 'running'
         AND file_jobs.claimed_at < now() - make_interval(mins => $3)
     RETURNING path`,
    [path, kind, STALE_CLAIM_MINUTES],
  );
  return rows.length > 0;
}

/** Records how the claimed work ended. */
export async function finishFileJob(
  db: Queryable,
  path: string,
  kind: FileJobKind,
  state: 'done' | 'failed',
): Promise<void> {
  await db.query(`UPDATE file_jobs SET state = $3, done_at = now() WHERE path = $1 AND kind = $2`, [
    path,
    kind,
    state,
  ]);
}

/** Where the work `kind` on `path` stands: null when never claimed. */
export async function fileJobState(
  db: Queryable,
  path: string,
  kind: FileJobKind,
): Promise<'running' | 'done' | 'failed' | null> {
  const { rows } = await db.query<{ state: 'running' | 'done' | 'failed' }>(
    'SELECT state FROM file_jobs WHERE path = $1 AND kind = $2',
    [path, kind],
  );
  return rows[0]?.state ?? null;
}

/** The paths whose `kind` work was claimed by an instance that stopped before finishing it. */
export async function staleFileJobs(db: Queryable, kind: FileJobKind, limit = 20): Promise<string[]> {
  const { rows } = await db.query<{ path: string }>(
    `SELECT path FROM file_jobs
     WHERE kind = $1 AND state = 'running' AND claimed_at < now() - make_interval(mins => $2)
     ORDER BY claimed_at LIMIT $3`,
    [kind, STALE_CLAIM_MINUTES, limit],
  );
  return rows.map((row) => row.path);
}

/** Runs claimed work, recording how it ended; a failure is recorded and thrown again. */
export async function runClaimed(
  db: Queryable,
  path: string,
  kind: FileJobKind,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    await finishFileJob(db, path, kind, 'failed');
    throw error;
  }
  await finishFileJob(db, path, kind, 'done');
}

/** Runs `work` if this caller claims it (see runClaimed); answers whether it ran here. */
export async function runOnce(
  db: Queryable,
  path: string,
  kind: FileJobKind,
  work: () => Promise<void>,
): Promise<boolean> {
  if (!(await claimFileJob(db, path, kind))) return false;
  await runClaimed(db, path, kind, work);
  return true;
}
