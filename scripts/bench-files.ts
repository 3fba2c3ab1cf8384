/**
 * `npm run bench -- --files`: stored files under load, one case after the other (FILE_CASES).
 *
 * - Ranges: the demo lecture video replaced by a 24 MB file, then 50 viewers asking random 1 MB
 *   ranges through its signed link for 10 s, side by side with a plain Node `http` +
 *   `fs.createReadStream` server on the same file (scripts/lib/plain-file-server.ts): requests per
 *   second of both, their ratio, and the growth of the product's memory (RSS of the server process,
 *   sampled every 100 ms).
 * - Upload: a 1 GB lecture video sent with tus-js-client, its connection cut three times, then read
 *   back to compare its SHA-256 (scripts/bench-upload.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { lectureDetailsSchema } from '@contract/wire/learning';
import { DEMO_ACCOUNTS } from '../server/demo-accounts';
import { ROOT, uploadsDir } from '../server/paths';
import { type BenchServer, percentile, startServer, stopOnSignal } from './bench-server';
import { uploadBench, uploadTable } from './bench-upload';

export interface FilesCase {
  label: string;
  /** Runs the case; answers the lines to print. */
  run(): Promise<string[]>;
}

const MB = 1024 * 1024;
const VIDEO_BYTES = 24 * MB;
const RANGE_BYTES = MB;
const VIEWERS = 50;
const SECONDS = 10;
const WARM_UP_SECONDS = 5;
/** Product and yardstick take turns this many times. */
const ROUNDS = 2;
/** Where the seed keeps the demo lecture video in the upload store (server/seed-learning.ts). */
const DEMO_VIDEO = 'seed/cloud-intro.mp4';

/** The server's resident memory in bytes, from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Samples a process's RSS every 100 ms until stopped; answers the highest. */
function sampleRss(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  const sample = () =>
    rssOf(pid).then(
      (rss) => {
        peak = Math.max(peak, rss);
      },
      () => {},
    );
  const timer = setInterval(sample, 100);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      return peak;
    },
  };
}

async function api<T>(origin: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${origin}/api/v1${path}`, init);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The signed link of the demo lecture video, as the demo trainee's player gets it. */
async function demoVideoLink(origin: string): Promise<string> {
  const { access_token } = await api<{ access_token: string }>(origin, '/user/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.trainee.email, password: DEMO_ACCOUNTS.trainee.password }),
  });
  const auth = { headers: { Authorization: `Bearer ${access_token}` } };
  const { results } = await api<{ results: { course: { id: number } }[] }>(
    origin,
    '/learning/courses/',
    auth,
  );
  for (const { course } of results) {
    const { weeks } = await api<{ weeks: { lectures: { id: number; file_extension: string | null }[] }[] }>(
      origin,
      `/learning/courses/${course.id}/lectures/`,
      auth,
    );
    const video = weeks.flatMap((week) => week.lectures).find((lecture) => lecture.file_extension === 'mp4');
    if (!video) continue;
    const details = lectureDetailsSchema.parse(
      await api(origin, `/course/individual-course-lecture-details/${video.id}/`, auth),
    );
    if (details.file) return details.file.url;
  }
  throw new Error('The demo trainee has no video lecture');
}

/** 24 MB that an MP4 check would take (an `ftyp` box first), written aside and moved over `path`. */
async function replaceWithVideo(path: string): Promise<void> {
  await stat(path).catch(() => {
    throw new Error(`The demo video is not at ${path}`);
  });
  const bytes = randomBytes(VIDEO_BYTES);
  Buffer.from('\0\0\0\x18ftypmp42', 'latin1').copy(bytes, 0);
  await writeFile(`${path}.bench`, bytes);
  await rename(`${path}.bench`, path);
}

/** The plain streaming server on `file`, in its own process. */
async function startPlainServer(file: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts/lib/plain-file-server.ts'), file],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    unregister();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exit;
    }
  };
  const unregister = stopOnSignal(stop);
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      const match = /port (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    void exit.then(() => reject(new Error(`The plain server stopped: ${output}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

interface Load {
  perSecond: number;
  megabytesPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * VIEWERS connections, each asking a random RANGE_BYTES range of the video as soon as the last came
 * (node:http with keep-alive: autocannon reads large answers far slower than the servers send them).
 */
async function rangeLoad(url: string, seconds: number): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: VIEWERS });
  const times: number[] = [];
  let bytes = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const start = randomInt(0, VIDEO_BYTES - RANGE_BYTES);
      const sent = performance.now();
      const request = get(
        url,
        { agent, timeout: 10_000, headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } },
        (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
          });
          response.on('end', () => {
            if (response.statusCode === 206 && received === RANGE_BYTES) {
              times.push(performance.now() - sent);
              bytes += received;
            } else failures += 1;
            resolve();
          });
          response.on('error', () => {
            failures += 1;
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: VIEWERS }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    megabytesPerSecond: bytes / elapsed / MB,
    p50: Math.round(percentile(times, 0.5)),
    p99: Math.round(percentile(times, 0.99)),
    failures,
  };
}

/** The mean of each figure over the rounds (failures added up). */
function mean(loads: Load[]): Load {
  const average = (pick: (load: Load) => number) =>
    loads.reduce((sum, load) => sum + pick(load), 0) / Math.max(1, loads.length);
  return {
    perSecond: average((load) => load.perSecond),
    megabytesPerSecond: average((load) => load.megabytesPerSecond),
    p50: Math.round(average((load) => load.p50)),
    p99: Math.round(average((load) => load.p99)),
    failures: loads.reduce((sum, load) => sum + load.failures, 0),
  };
}

const row = (label: string, load: Load) =>
  label.padEnd(36) +
  [
    load.perSecond.toFixed(0),
    load.megabytesPerSecond.toFixed(0),
    `${load.p50} ms`,
    `${load.p99} ms`,
    String(load.failures),
  ]
    .map((cell) => cell.padEnd(10))
    .join('');

/** The 50-viewer range case of the module comment. */
export async function rangeCase(): Promise<string[]> {
  const server: BenchServer = await startServer();
  let plain: Awaited<ReturnType<typeof startPlainServer>> | undefined;
  try {
    const { pid } = server;
    if (pid === undefined) throw new Error('The server has no process id');
    const link = await demoVideoLink(server.origin);
    const file = join(uploadsDir(server.dataDir), DEMO_VIDEO);
    await replaceWithVideo(file);
    const head = await fetch(server.origin + link, { method: 'HEAD' });
    if (head.headers.get('Content-Length') !== String(VIDEO_BYTES))
      throw new Error(`The video's link answers ${head.status}, ${head.headers.get('Content-Length')} bytes`);
    plain = await startPlainServer(file);

    // Turn about, ROUNDS times: other work on the machine weighs on both alike.
    const before = await rssOf(pid);
    const memory = sampleRss(pid);
    const products: Load[] = [];
    const yardsticks: Load[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await rangeLoad(server.origin + link, WARM_UP_SECONDS);
      products.push(await rangeLoad(server.origin + link, SECONDS));
      await rangeLoad(plain.origin, WARM_UP_SECONDS);
      yardsticks.push(await rangeLoad(plain.origin, SECONDS));
    }
    const peak = await memory.stop();

    const product = mean(products);
    const yardstick = mean(yardsticks);
    const ratio = product.perSecond / yardstick.perSecond;
    const growth = Math.max(0, peak - before) / MB;
    const lines = [
      `stored files: ${VIEWERS} viewers asking random 1 MB ranges of a 24 MB video, ${ROUNDS} rounds of ${SECONDS} s each (means)`,
      `${''.padEnd(36)}${['req/s', 'MB/s', 'p50', 'p99', 'failures'].map((cell) => cell.padEnd(10)).join('')}`,
      row('product (signed link)', product),
      row('plain Node http + createReadStream', yardstick),
      `ratio ${ratio.toFixed(2)}x (target at least 0.8x; by round ${products.map((each, index) => (each.perSecond / (yardsticks[index]?.perSecond ?? 1)).toFixed(2)).join(', ')})`,
      `product memory growth ${growth.toFixed(0)} MB (RSS ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at most; target at most 100 MB)`,
    ];
    if (product.failures > 0 || yardstick.failures > 0) lines.push('Some requests failed: see "failures".');
    return lines;
  } finally {
    await plain?.stop();
    await server.stop();
  }
}

/** The resumable-upload case of the module comment (scripts/bench-upload.ts). */
export async function uploadCase(): Promise<string[]> {
  const server: BenchServer = await startServer();
  try {
    return uploadTable(await uploadBench(server)).split('\n');
  } finally {
    await server.stop();
  }
}

/** The cases of `npm run bench -- --files`, in order. */
export const FILE_CASES: FilesCase[] = [
  { label: '50 viewers asking 1 MB ranges', run: rangeCase },
  { label: 'a 1 GB resumable upload cut three times', run: uploadCase },
];

export async function filesBench(): Promise<void> {
  const loadBefore = loadavg();
  for (const each of FILE_CASES) {
    console.log(`${each.label}…`);
    const lines = await each.run();
    console.log(['', ...lines, ''].join('\n'));
  }
  const load = (averages: number[]) => averages.map((value) => value.toFixed(2)).join(' ');
  // The load tool runs on the same machine: other work on it shows in the figures.
  console.log(`load average before ${load(loadBefore)}, after ${load(loadavg())} (${cpus().length} cores)`);
}
