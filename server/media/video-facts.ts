import { join } from 'node:path';
import type { Db } from '../db';
import { describeError } from '../http';
import type { UploadRow } from '../learning/files';
import type { UploadStore } from '../uploads';
import { claimFileJob, finishFileJob, runClaimed, staleFileJobs } from './file-jobs';
import { isVideoExtension, makePoster, probeVideo } from './video';

/**
 * A video's facts, read once it is stored (027_video_facts.sql): its length, written on its upload
 * and on the lectures that show it (the sidebar's "N min"), and a poster frame stored as an upload
 * of the video's owner (uploads.poster_id), which the player shows before it plays. The work is
 * claimed in file_jobs, so one instance does it, after the upload is answered.
 */

type VideoUpload = Pick<UploadRow, 'id' | 'owner_id' | 'path' | 'name' | 'extension'>;

/** The poster's name: the video's, as a JPEG. */
function posterName(videoName: string): string {
  const dot = videoName.lastIndexOf('.');
  return `${dot > 0 ? videoName.slice(0, dot) : videoName}.jpg`;
}

/** Reads the facts of a stored video and writes them (the work of one claim). */
async function readFacts(db: Db, uploads: UploadStore, video: VideoUpload): Promise<void> {
  const file = join(await uploads.dir(), video.path);
  const facts = await probeVideo(file);
  if (!facts) throw new Error(`${video.path} cannot be read as a video`);
  const poster = await makePoster(uploads, file, facts.durationSeconds);
  try {
    await db.transaction(async (tx) => {
      let posterId: string | null = null;
      if (poster) {
        posterId = poster.path.slice('posters/'.length, poster.path.lastIndexOf('.'));
        await tx.query(
          `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
           VALUES ($1, $2, $3, $4, 'jpg', 'image/jpeg', $5)`,
          [posterId, video.owner_id, poster.path, posterName(video.name), poster.size],
        );
      }
      await tx.query('UPDATE uploads SET duration_seconds = $2, poster_id = $3 WHERE id = $1', [
        video.id,
        facts.durationSeconds,
        posterId,
      ]);
      if (facts.durationSeconds !== null) {
        await tx.query(
          `UPDATE lectures SET duration_seconds = $2 WHERE file_id = $1 AND class_type = 'Class'`,
          [video.id, facts.durationSeconds],
        );
      }
    });
  } catch (error) {
    if (poster) await uploads.remove(poster.path);
    throw error;
  }
}

/** Runs claimed work in the upload store's background queue; a failure is recorded and logged. */
function runLater(db: Db, uploads: UploadStore, video: VideoUpload): void {
  uploads.later(async () => {
    try {
      await runClaimed(db, video.path, 'video_facts', () => readFacts(db, uploads, video));
    } catch (error) {
      console.error(`Reading the facts of the video ${video.path} failed: ${describeError(error)}`);
    }
  });
}

/**
 * Once a video is stored with its row: claims the reading of its facts and, if this instance got
 * the claim, reads them in the background. Answers whether the work was claimed here.
 */
export async function scheduleVideoFacts(db: Db, uploads: UploadStore, video: VideoUpload): Promise<boolean> {
  if (!isVideoExtension(video.extension)) return false;
  if (!(await claimFileJob(db, video.path, 'video_facts'))) return false;
  runLater(db, uploads, video);
  return true;
}

/**
 * Takes again the facts whose claim an instance left running when it stopped (see
 * STALE_CLAIM_MINUTES); answers how many were taken.
 */
export async function retryStaleVideoFacts(db: Db, uploads: UploadStore): Promise<number> {
  let taken = 0;
  for (const path of await staleFileJobs(db, 'video_facts')) {
    const { rows } = await db.query<VideoUpload>(
      'SELECT id, owner_id, path, name, extension FROM uploads WHERE path = $1',
      [path],
    );
    const video = rows[0];
    if (!(await claimFileJob(db, path, 'video_facts'))) continue;
    // The upload is gone: nothing left to read.
    if (!video) {
      await finishFileJob(db, path, 'video_facts', 'failed');
      continue;
    }
    runLater(db, uploads, video);
    taken += 1;
  }
  return taken;
}
