/**
 * `npm test`: every check the project has, in order — typecheck, lint and catalogues (side by side),
 * build, then the unit, machine, contract (consumer, then provider) suites, the
 * server suite and the provider verification again on a throwaway PostgreSQL server, the browser
 * suite and its journeys (docs/testing.md). The database every test server copies is migrated and
 * seeded once for all the steps. Ends with each step's time and one summary line.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareTestTemplate, TEMPLATE_ENV } from '../server/test-database';
import { type PgCluster, startPgCluster } from './lib/pg-cluster';

interface Step {
  name: string;
  command: string[];
  /** vitest project name: its results are counted in the summary. */
  project?: string;
  /** Runs with TEST_DATABASE_URL set to a throwaway PostgreSQL cluster. */
  postgres?: boolean;
  /**
   * Steps run at the same time as this one, each one's output shown once it ends: for steps that
   * each keep about one core busy, or less.
   */
  alongside?: Step[];
}

const REPORTS = '.tmp/reports';

function vitestStep(project: string, options: { name?: string; files?: string; postgres?: boolean } = {}) {
  const name = options.name ?? project;
  return {
    name,
    project: name,
    postgres: options.postgres,
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      project,
      ...(options.files ? [options.files] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${REPORTS}/${name}.json`,
    ],
  };
}

const steps: Step[] = [
  // The web app (DOM, no Node), the server (Node, no DOM), then the tests and scripts.
  // Each TypeScript project is checked by a compiler on one core: the three, the linter and the
  // catalogues' extraction run side by side.
  {
    name: 'typecheck',
    command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.tools.json'],
    alongside: [
      { name: 'typecheck-web', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
      { name: 'typecheck-server', command: ['npx', 'tsc', '--noEmit', '-p', 'server'] },
      { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
      { name: 'catalogues', command: ['npx', 'lingui', 'extract', '--clean'] },
    ],
  },
  { name: 'build', command: ['npx', 'vite', 'build'] },
  ...['unit', 'machines', 'pact'].map((project) => vitestStep(project)),
  // The contract verification, on the embedded database and on a real PostgreSQL server: each
  // verifies one interaction at a time against one server, so the two run side by side.
  {
    ...vitestStep('provider'),
    alongside: [vitestStep('provider', { name: 'provider-postgres', postgres: true })],
  },
  // The server's suite once more, on a real PostgreSQL server.
  vitestStep('unit', { name: 'server-postgres', files: 'tests/unit/server-', postgres: true }),
  // Every product a browser test starts gets a copy of the seeded database on the PostgreSQL
  // cluster (a few files keep `npm start`'s embedded one): a fifth less CPU than embedded copies.
  vitestStep('e2e', { postgres: true }),
  // Every journey of docs/testing.md has a test that ran and passed in the browser suite.
  { name: 'journeys', command: ['npx', 'tsx', 'scripts/journeys.ts', 'check', `${REPORTS}/e2e.json`] },
  { name: 'size', command: ['npx', 'tsx', 'scripts/size.ts'] },
];

/**
 * `npm test -- lint provider`: only the steps whose names start with one of the words given (a step
 * run alongside another is run alongside it when both are chosen).
 */
const only = process.argv.slice(2);
if (only.length > 0) {
  const chosen = (step: Step) => only.some((word) => step.name.startsWith(word));
  const kept = steps.flatMap((step): Step[] => {
    const alongside = (step.alongside ?? []).filter(chosen);
    if (chosen(step)) return [{ ...step, alongside }];
    const [first, ...rest] = alongside;
    return first ? [{ ...first, alongside: rest }] : [];
  });
  steps.splice(0, steps.length, ...kept);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** Each failed test of a report: its file, its name and the first line of why. */
function failures(report: VitestReport): string[] {
  const root = `${process.cwd()}/`;
  return (report.testResults ?? []).flatMap((file) => {
    const where = file.name.replace(root, '');
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    const firstLine = (text = '') =>
      text
        .split('\n')
        .find((line) => line.trim() !== '')
        ?.trim() ?? '';
    if (tests.length === 0 && file.message) return [`${where}: ${firstLine(file.message)}`];
    return tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const failed: string[] = [];
/** What failed in each step's tests, repeated at the end where a short log still shows it. */
const failedTestLines: string[] = [];
let passedTests = 0;
let failedTests = 0;
let skippedTests = 0;

const timings: { name: string; seconds: number }[] = [];
const started = Date.now();

/** The throwaway PostgreSQL cluster of the PostgreSQL steps, and why there is none when not. */
let cluster: PgCluster | undefined;
let clusterFailure: string | undefined;
try {
  cluster = await startPgCluster();
  console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port}`);
} catch (error) {
  clusterFailure = error instanceof Error ? error.message : String(error);
  console.error(`No PostgreSQL test cluster: ${clusterFailure}`);
}

// The migrated and seeded database every test server of every step starts from (an embedded
// database's tarball, and a PostgreSQL database to copy on the cluster).
const templateStarted = Date.now();
const template = join(process.cwd(), '.tmp', `database-template-${process.pid}`);
const dropTemplate = await prepareTestTemplate(template, cluster?.url).catch(async (error: unknown) => {
  console.error('The test database template could not be made:', error);
  await cluster?.stop();
  process.exit(1);
});
process.env[TEMPLATE_ENV] = template;
timings.push({ name: 'database template', seconds: (Date.now() - templateStarted) / 1000 });

/**
 * Runs a command with its output going straight through, or kept and shown when it ends (`quiet`);
 * answers its exit status.
 */
function run(command: string[], env: NodeJS.ProcessEnv, quiet = false): Promise<number | null> {
  const [program, ...args] = command;
  return new Promise((resolve) => {
    const child = spawn(program as string, args, {
      env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (status) => {
      if (quiet) {
        console.log(`\n▶ ${command.join(' ')} (ran alongside):`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(status);
    });
  });
}

/** Runs one step and counts its tests; false when it failed. */
async function runStep(step: Step, quiet = false): Promise<boolean> {
  if (step.postgres && !cluster) {
    console.error(`\n✗ ${step.name}: no PostgreSQL test cluster (${clusterFailure})`);
    failed.push(`${step.name} (no PostgreSQL)`);
    failedTests += 1;
    return false;
  }
  const env = step.postgres ? { ...process.env, TEST_DATABASE_URL: cluster?.url } : process.env;
  if (!quiet) console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const stepStarted = Date.now();
  const ok = (await run(step.command, env, quiet)) === 0;
  timings.push({ name: step.name, seconds: (Date.now() - stepStarted) / 1000 });
  if (!ok) failed.push(step.name);
  if (!step.project) {
    // A check that is not a test suite counts as one test in the summary.
    if (ok) passedTests += 1;
    else failedTests += 1;
  } else {
    const report = `${REPORTS}/${step.project}.json`;
    if (existsSync(report)) {
      const data = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
      passedTests += data.numPassedTests;
      failedTests += data.numFailedTests;
      skippedTests += data.numPendingTests;
      for (const line of failures(data)) failedTestLines.push(`${step.name}: ${line.slice(0, 400)}`);
      if (data.numTotalTests === 0) failed.push(`${step.name} (ran no test)`);
    } else if (ok) {
      failed.push(`${step.name} (no report)`);
    }
  }
  return ok;
}

for (const step of steps) {
  const [ok] = await Promise.all([
    runStep(step),
    ...(step.alongside ?? []).map((other) => runStep(other, true)),
  ]);
  // Nothing after the build can run without it.
  if (step.name === 'build' && !ok) break;
}

await dropTemplate().catch(() => undefined);
rmSync(template, { recursive: true, force: true });
await cluster?.stop();
console.log('\nTime of each step:');
for (const { name, seconds } of timings)
  console.log(`  ${name.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${'total'.padEnd(18)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
console.log(failed.length ? `\nFailed steps: ${failed.join(', ')}` : '\nEvery step passed.');
for (const line of failedTestLines) console.log(`  ✗ ${line}`);
console.log(`${passedTests} passed, ${failedTests} failed, ${skippedTests} skipped`);
process.exit(failed.length ? 1 : 0);
