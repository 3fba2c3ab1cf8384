/**
 * `npm run bench`: latency of the catalogue endpoints on a server seeded with 10 000 courses (a fresh
 * data folder, removed afterwards), and the gzip JS a visitor loads for the home page and the catalogue.
 *
 * `npm run bench -- --concurrent [--connections 50] [--seconds 10]`: the same server under load
 * (scripts/bench-load.ts): requests per second and latency p50/p90/p99 of the catalogue's first
 * page, a category of the catalogue, a search and a course's details.
 *
 * Both runs end with 100 trainees paying at once (scripts/bench-payments.ts) and 200 trainees
 * answering one quiz at once (scripts/bench-quiz.ts); `npm run bench -- --payments` and
 * `npm run bench -- --quiz [--postgres]` run those cases alone. `npm run bench -- --mail` queues
 * 1 000 mails at once and times their delivery to a real SMTP server (scripts/bench-mail.ts).
 * `npm run bench -- --files` serves stored files under load (scripts/bench-files.ts).
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../server/paths';
import { spaBuildIsStale } from '../server/spa-build';
import { filesBench } from './bench-files';
import { type LoadCase, type LoadOptions, loadOne, loadTable } from './bench-load';
import { mailBench, mailTable } from './bench-mail';
import { paymentsBench, paymentsTable } from './bench-payments';
import { QUIZ_TRAINEES, quizBench, quizTable } from './bench-quiz';
import { percentile, startServer } from './bench-server';
import { kb, ROUTES, readBuild, routeSize } from './size';

const COURSES = 10_000;
const WARM_UP = 20;
const REQUESTS = 300;
/** Per endpoint: a slow endpoint is measured on fewer requests rather than holding the run up. */
const BUDGET_MS = 25_000;
const DIST = join(ROOT, 'dist');

interface Endpoint {
  label: string;
  path: string;
  /** The least `count` a correct answer reports. */
  minCount: number;
}

const search = (word: string): Endpoint => ({
  label: `search "${word}"`,
  path: `/api/v1/course/search-result/?page=1&limit=25&search=${encodeURIComponent(word)}`,
  minCount: 1,
});

const ENDPOINTS: Endpoint[] = [
  {
    label: 'catalogue page 1',
    path: '/api/v1/course/browse-course-list/?page=1&limit=25',
    minCount: COURSES,
  },
  search('data'),
  search('بيانات'),
];

interface Measured {
  endpoint: Endpoint;
  requests: number;
  count: number;
  p50: number;
  p95: number;
  mean: number;
  max: number;
}

const spaced = (n: number) => n.toLocaleString('en-US').replaceAll(',', ' ');
const ms = (value: number) => `${value.toFixed(1)} ms`;

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Gzip JS of each route, or "not built" when its view is not in the build. */
async function bundleSizes(): Promise<string> {
  let build = readBuild(DIST);
  if (!build) {
    console.log('No build in dist/: running vite build…');
    await run('npx', ['vite', 'build']);
    build = readBuild(DIST);
    if (!build) throw new Error('vite build produced no dist/.vite/manifest.json');
  }
  const stale = await spaBuildIsStale(ROOT);
  const parts = Object.entries(ROUTES).map(([route, sources]) => {
    const size = routeSize(build, sources);
    return `${route} ${size ? kb(size.js) : 'not built'}`;
  });
  return `gzip JS a visitor loads   ${parts.join('   ')}${stale ? '   (dist/ is older than the sources: npm run build)' : ''}`;
}

async function timedRequest(origin: string, endpoint: Endpoint): Promise<{ ms: number; count: number }> {
  const start = performance.now();
  const response = await fetch(origin + endpoint.path);
  const body = await response.text();
  const elapsed = performance.now() - start;
  if (response.status !== 200)
    throw new Error(`${endpoint.label}: HTTP ${response.status} for ${endpoint.path}: ${body.slice(0, 300)}`);
  const { count } = JSON.parse(body) as { count?: unknown };
  if (typeof count !== 'number' || count < endpoint.minCount)
    throw new Error(`${endpoint.label}: count is ${String(count)}, expected at least ${endpoint.minCount}`);
  return { ms: elapsed, count };
}

async function measure(origin: string, endpoint: Endpoint): Promise<Measured> {
  for (let i = 0; i < WARM_UP; i++) await timedRequest(origin, endpoint);
  const times: number[] = [];
  let count = 0;
  const deadline = performance.now() + BUDGET_MS;
  while (times.length < REQUESTS && performance.now() < deadline) {
    const result = await timedRequest(origin, endpoint);
    times.push(result.ms);
    count = result.count;
  }
  times.sort((a, b) => a - b);
  return {
    endpoint,
    requests: times.length,
    count,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    mean: times.reduce((sum, time) => sum + time, 0) / times.length,
    max: times[times.length - 1] ?? Number.NaN,
  };
}

function table(results: Measured[]): string[] {
  const cut = results.some((result) => result.requests < REQUESTS);
  const title = cut
    ? `server (${spaced(COURSES)} courses, up to ${REQUESTS} requests or ${BUDGET_MS / 1000} s each)`
    : `server (${spaced(COURSES)} courses, ${REQUESTS} requests each)`;
  const width = Math.max(title.length, ...results.map((result) => result.endpoint.label.length)) + 3;
  const columns = ['p50', 'p95', 'mean', 'max'] as const;
  const cell = (text: string) => text.padEnd(10);
  return [
    title.padEnd(width) + columns.map(cell).join('') + cell('matches') + (cut ? 'requests' : ''),
    ...results.map(
      (result) =>
        result.endpoint.label.padEnd(width) +
        columns.map((column) => cell(ms(result[column]))).join('') +
        cell(spaced(result.count)) +
        (cut ? String(result.requests) : ''),
    ),
  ];
}

/** `--name value` of the command line as a whole number, or its default. */
function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} takes a whole number`);
  return value;
}

async function getJson(origin: string, path: string): Promise<unknown> {
  const response = await fetch(origin + path);
  if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${path}`);
  return response.json();
}

/** The cases under load; the category and the course are read from the server first. */
async function loadCases(origin: string): Promise<LoadCase[]> {
  const catalogue = ENDPOINTS[0];
  if (!catalogue) throw new Error('no catalogue endpoint');
  const first = (await getJson(origin, catalogue.path)) as { count: number; results: { id: number }[] };
  if (first.count < COURSES) throw new Error(`the catalogue holds ${first.count} courses, not ${COURSES}`);
  const categories = (await getJson(origin, '/api/v1/course/category/')) as { id: number }[];
  const category = categories[0]?.id;
  const course = first.results[0]?.id;
  if (category === undefined || course === undefined) throw new Error('no category or course to load');
  const cases: LoadCase[] = [
    { label: 'catalogue page 1', path: catalogue.path },
    {
      label: 'catalogue, one category',
      path: `/api/v1/course/search-result/?page=1&limit=25&category=${category}`,
    },
    { label: 'search "data"', path: search('data').path },
    { label: 'course details', path: `/api/v1/course/about/${course}/` },
  ];
  for (const loadCase of cases) await getJson(origin, loadCase.path);
  return cases;
}

const load = (averages: number[]) => averages.map((value) => value.toFixed(2)).join(' ');

async function concurrent(): Promise<void> {
  const options: LoadOptions = {
    connections: numberOption('connections', 50),
    seconds: numberOption('seconds', 10),
    warmUpSeconds: 2,
  };
  const loadBefore = loadavg();
  const started = performance.now();
  console.log(`Starting the server with ${spaced(COURSES)} generated courses…`);
  const server = await startServer({ SEED_COURSES: String(COURSES) });
  const results = [];
  try {
    console.log(`Server ready in ${((performance.now() - started) / 1000).toFixed(1)} s; loading…`);
    for (const loadCase of await loadCases(server.origin)) {
      results.push(await loadOne(server.origin, loadCase, options));
      const exited = server.exited();
      if (exited) {
        console.error(
          `The server stopped (${exited}) under "${loadCase.label}":\n${server.output().slice(-3000)}`,
        );
        break;
      }
    }
  } finally {
    await server.stop();
  }
  console.log();
  for (const line of loadTable(results, options, `${spaced(COURSES)} courses`)) console.log(line);
  // The load tool runs on the same machine: other work on it shows in the figures.
  console.log(`load average before ${load(loadBefore)}, after ${load(loadavg())} (${cpus().length} cores)`);
  if (results.some((result) => result.failures > 0)) throw new Error('Some requests failed: see "failures".');
}

async function mail(): Promise<void> {
  const count = numberOption('messages', 1000);
  console.log(`Queuing ${count} mails at once for a real SMTP server…`);
  const lines = mailTable(await mailBench(count));
  console.log(['', ...lines].join('\n'));
}

async function payments(): Promise<void> {
  console.log('Starting a server for 100 trainees paying at once…');
  const lines = paymentsTable(await paymentsBench());
  console.log();
  for (const line of lines) console.log(line);
}

async function quiz(): Promise<void> {
  const postgres = process.argv.includes('--postgres');
  console.log(`Starting a server for ${QUIZ_TRAINEES} trainees answering one quiz at once…`);
  const loadBefore = loadavg();
  const lines = quizTable(await quizBench({ postgres }));
  console.log();
  for (const line of lines) console.log(line);
  console.log(`load average before ${load(loadBefore)}, after ${load(loadavg())} (${cpus().length} cores)`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--mail')) return mail();
  if (process.argv.includes('--files')) return filesBench();
  if (process.argv.includes('--payments')) return payments();
  if (process.argv.includes('--quiz')) return quiz();
  if (process.argv.includes('--concurrent')) {
    await concurrent();
    await payments();
    return quiz();
  }
  const sizes = await bundleSizes();
  const started = performance.now();
  console.log(`Starting the server with ${spaced(COURSES)} generated courses…`);
  const server = await startServer({ SEED_COURSES: String(COURSES) });
  const results: Measured[] = [];
  try {
    console.log(`Server ready in ${((performance.now() - started) / 1000).toFixed(1)} s; measuring…`);
    for (const endpoint of ENDPOINTS) results.push(await measure(server.origin, endpoint));
  } finally {
    await server.stop();
  }
  console.log();
  for (const line of table(results)) console.log(line);
  console.log(sizes);
  await payments();
  await quiz();
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(error instanceof Error ? `${error.message}${cause}` : error);
  process.exit(1);
});
