import { execFile } from 'node:child_process';
import { UPLOAD_MESSAGES, type UploadMessage } from '@contract/messages/learning';
import { isVideoExtension } from '@contract/wire/learning';
import type { UploadStore } from '../uploads';

/**
 * What ffprobe and ffmpeg (Debian's `ffmpeg` package, a dependency of the server) read from a
 * video: its length and size, and a poster frame. A missing program is an error, never a silent
 * "no length".
 */

export { isVideoExtension };

/** Reading a video's streams reads its headers only: a few seconds even for 2 GB. */
const PROBE_TIMEOUT_MS = 20_000;
/** Decoding one frame, after seeking to it. */
const POSTER_TIMEOUT_MS = 60_000;
const POSTER_MAX_WIDTH = 1280;
/** A poster is taken at 10 % of the video, at most this far in. */
const POSTER_LATEST_SECONDS = 5;
const POSTER_MAX_BYTES = 8 * 1024 * 1024;

export interface VideoFacts {
  /** Whole seconds rounded up; null when the container does not say (a recording still open). */
  durationSeconds: number | null;
  width: number;
  height: number;
}

interface RunResult {
  code: number;
  stdout: Buffer;
}

/**
 * Runs a program; answers its exit code and output. A program that is missing, killed at its time
 * limit or writing more than `maxBuffer` is an error.
 */
function run(program: string, args: string[], timeout: number, maxBuffer: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout, maxBuffer, encoding: 'buffer' }, (error, stdout) => {
      if (!error) return resolve({ code: 0, stdout });
      const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
      if (failure.code === 'ENOENT') {
        return reject(new Error(`${program} is not installed: install Debian's ffmpeg package`));
      }
      if (failure.killed) return reject(new Error(`${program} took more than ${timeout / 1000} s`));
      if (typeof failure.code === 'number') return resolve({ code: failure.code, stdout });
      reject(error);
    });
  });
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

/** Whole seconds, rounded up, of a duration ffprobe printed; null when it is none. */
function secondsOf(text: string | undefined): number | null {
  const seconds = Number.parseFloat(text ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * The video's length and size, read by ffprobe from the file's headers; null when ffprobe cannot
 * read it as a video (not a media file, or no video stream: an audio file, a cover picture alone).
 */
export async function probeVideo(absolutePath: string): Promise<VideoFacts | null> {
  const { code, stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', '--', absolutePath],
    PROBE_TIMEOUT_MS,
    1024 * 1024,
  );
  if (code !== 0) return null;
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(stdout.toString('utf8'));
  } catch {
    return null;
  }
  const video = parsed.streams?.find(
    (stream) =>
      stream.codec_type === 'video' &&
      stream.disposition?.attached_pic !== 1 &&
      (stream.width ?? 0) > 0 &&
      (stream.height ?? 0) > 0,
  );
  if (!video) return null;
  return {
    durationSeconds: secondsOf(parsed.format?.duration) ?? secondsOf(video.duration),
    width: video.width ?? 0,
    height: video.height ?? 0,
  };
}

/**
 * Why an uploaded video is refused (ffprobe cannot read it as a video), or null when it plays.
 * Throws when ffprobe itself cannot run.
 */
export async function videoProblem(absolutePath: string): Promise<UploadMessage | null> {
  return (await probeVideo(absolutePath)) ? null : UPLOAD_MESSAGES.uploadNotVideo;
}

/** One JPEG frame at `seconds`, at most POSTER_MAX_WIDTH wide; empty when there is no frame there. */
async function frameAt(absolutePath: string, seconds: number): Promise<Buffer> {
  const { code, stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-nostdin',
      '-ss',
      seconds.toFixed(2),
      '-i',
      absolutePath,
      '-frames:v',
      '1',
      '-an',
      '-vf',
      `scale='min(${POSTER_MAX_WIDTH},iw)':-2`,
      '-q:v',
      '4',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ],
    POSTER_TIMEOUT_MS,
    POSTER_MAX_BYTES,
  );
  return code === 0 ? stdout : Buffer.alloc(0);
}

/**
 * A poster frame of the video, taken at 10 % of its length (at most POSTER_LATEST_SECONDS in) and
 * stored as a JPEG in the upload store's `posters/` folder; answers its stored path and size, or
 * null when ffmpeg finds no frame.
 */
export async function makePoster(
  uploads: UploadStore,
  absolutePath: string,
  durationSeconds: number | null,
): Promise<{ path: string; size: number } | null> {
  const at = durationSeconds ? Math.min(POSTER_LATEST_SECONDS, durationSeconds * 0.1) : 0;
  let frame = await frameAt(absolutePath, at);
  // A length the container overstates leaves nothing at `at`: the first frame then.
  if (frame.length === 0 && at > 0) frame = await frameAt(absolutePath, 0);
  if (frame.length === 0) return null;
  return { path: await uploads.store(frame, 'posters', 'jpg'), size: frame.length };
}
