import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { UploadRow } from '../learning/files';
import type { UploadStore } from '../uploads';

/** How long reading a video's length may take before it is given up (the class is saved without it). */
const PROBE_TIMEOUT_MS = 5000;

/**
 * A video's length in whole seconds, read by ffprobe when the machine has it; null when it does
 * not, or the file cannot be read in PROBE_TIMEOUT_MS (the sidebar then shows no length, and the
 * player reads it from the video). Only the container's header is read, not the frames.
 */
export async function videoDuration(
  uploads: UploadStore,
  upload: Pick<UploadRow, 'path'>,
): Promise<number | null> {
  let file: string;
  try {
    file = join(await uploads.dir(), upload.path);
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024 },
      (error, stdout) => {
        if (error) return resolve(null);
        const seconds = Math.round(Number.parseFloat(String(stdout).trim()));
        resolve(Number.isFinite(seconds) && seconds > 0 ? seconds : null);
      },
    );
  });
}
