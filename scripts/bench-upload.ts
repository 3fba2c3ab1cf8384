/**
 * The resumable-upload case of `npm run bench -- --files` (docs/performance.md, "Stored files"): a
 * 1 GB lecture video sent to `npm start` with tus-js-client, its connection cut three times (each
 * time the client goes on from the server's offset), then read back through /files/ to compare its
 * SHA-256 with the original's.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import { uploadResponseSchema } from '@contract/wire/learning';
import { Upload } from 'tus-js-client';
import { DEMO_ACCOUNTS } from '../server/demo-accounts';
import type { BenchServer } from './bench-server';

const MB = 1024 * 1024;
export const UPLOAD_BENCH_BYTES = 1024 * MB;
/** Where the connection is cut: shares of the file sent, in the middle of a part. */
const CUTS = [0.3, 0.55, 0.8];

export interface UploadResult {
  bytes: number;
  seconds: number;
  cuts: number;
  /** The offsets the server had when each cut was taken up again. */
  resumedAt: number[];
  sameSha256: boolean;
}

/** A 20 s video (ffmpeg) grown to `size` bytes with a trailing `free` box; answers its SHA-256. */
async function writeVideo(path: string, size: number): Promise<string> {
  const clip = `${path}.clip.mp4`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '20'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clip],
  ]);
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const write = (bytes: Buffer) => {
    hash.update(bytes);
    return out.write(bytes) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
  };
  for await (const chunk of createReadStream(clip)) await write(chunk as Buffer);
  const padding = size - (await stat(clip)).size;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  await write(header);
  const zeros = Buffer.alloc(16 * MB);
  for (let left = padding - 8; left > 0; left -= zeros.length)
    await write(zeros.subarray(0, Math.min(left, zeros.length)));
  out.end();
  await finished(out);
  await rm(clip, { force: true });
  return hash.digest('hex');
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/user/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.trainer.email, password: DEMO_ACCOUNTS.trainer.password }),
  });
  if (!response.ok) throw new Error(`Signing in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** How far the server got with the upload at `address`. */
async function offsetOf(origin: string, token: string, address: string): Promise<number> {
  const response = await fetch(new URL(address, origin), {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` },
  });
  return Number(response.headers.get('Upload-Offset'));
}

/** Sends `path` in parts, cutting the connection at each of CUTS and going on from the server's offset. */
function sendWithCuts(origin: string, token: string, path: string, size: number) {
  return new Promise<{ body: string; resumedAt: number[] }>((resolve, reject) => {
    const resumedAt: number[] = [];
    const cuts = [...CUTS];
    const start = (uploadUrl: string | null) => {
      const upload: Upload = new Upload(createReadStream(path), {
        endpoint: `${origin}/api/v1/uploads/`,
        uploadUrl,
        uploadSize: size,
        chunkSize: 16 * MB,
        retryDelays: [0, 1000, 3000],
        metadata: { filename: 'week-1-recording.mp4' },
        headers: { Authorization: `Bearer ${token}` },
        onProgress(sent) {
          const next = cuts[0];
          if (next !== undefined && sent >= next * size) {
            cuts.shift();
            // The request under way is dropped; a new client asks the server how far it got.
            void upload
              .abort()
              .then(() => new Promise((wait) => setTimeout(wait, 500)))
              .then(() => offsetOf(origin, token, upload.url ?? ''))
              .then((offset) => {
                resumedAt.push(offset);
                start(upload.url);
              }, reject);
          }
        },
        onSuccess: ({ lastResponse }) => resolve({ body: lastResponse.getBody(), resumedAt }),
        onError: reject,
      });
      upload.start();
    };
    start(null);
  });
}

/** The SHA-256 of a stored file, read through /files/ as a stream. */
async function storedSha256(origin: string, token: string, address: string): Promise<string> {
  const response = await fetch(`${origin}${address}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`Reading the file back failed: ${response.status}`);
  const hash = createHash('sha256');
  for await (const chunk of response.body) hash.update(chunk);
  return hash.digest('hex');
}

export async function uploadBench(server: BenchServer, bytes = UPLOAD_BENCH_BYTES): Promise<UploadResult> {
  const folder = await mkdtemp(join(tmpdir(), 'kfu-upload-bench-'));
  try {
    const path = join(folder, 'recording.mp4');
    const original = await writeVideo(path, bytes);
    const token = await signIn(server.origin);
    const started = performance.now();
    const { body, resumedAt } = await sendWithCuts(server.origin, token, path, bytes);
    const seconds = (performance.now() - started) / 1000;
    const stored = uploadResponseSchema.parse(JSON.parse(body));
    const sameSha256 = (await storedSha256(server.origin, token, stored.file)) === original;
    return { bytes, seconds, cuts: CUTS.length, resumedAt, sameSha256 };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function uploadTable(result: UploadResult): string {
  const rate = result.bytes / MB / result.seconds;
  return [
    `Resumable upload of ${(result.bytes / MB).toFixed(0)} MB with ${result.cuts} cuts of the connection:`,
    `  ${result.seconds.toFixed(1)} s in all (${rate.toFixed(0)} MB/s, the cuts' pauses included)`,
    `  taken up again at ${result.resumedAt.map((offset) => `${(offset / MB).toFixed(0)} MB`).join(', ')}`,
    `  SHA-256 of the stored file ${result.sameSha256 ? 'equals' : 'DIFFERS FROM'} the original's`,
  ].join('\n');
}
