/**
 * `npm test`: every check the project has, in order — typecheck, lint, catalogues, build, then the
 * unit, machine, contract (consumer, then provider) suites, the server suite and the provider
 * verification again on a throwaway PostgreSQL server, the browser suite and its journeys
 * (docs/testing.md). Ends with each step's time and one summary line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { type PgCluster, startPgCluster } from './lib/pg-cluster';

interface Step {
  name: string;
  command: string[];
  /** vitest project name: its results are counted in the summary. */
  project?: string;
  /** Runs with TEST_DATABASE_URL set to a throwaway PostgreSQL cluster. */
  postgres?: boolean;
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
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'catalogues', command: ['npx', 'lingui', 'extract', '--clean'] },
  { name: 'build', command: ['npx', 'vite', 'build'] },
  ...['unit', 'machines', 'pact', 'provider'].map((project) => vitestStep(project)),
  // The server's suite and the contract verification once more, on a real PostgreSQL server.
  vitestStep('unit', { name: 'server-postgres', files: 'tests/unit/server-', postgres: true }),
  vitestStep('provider', { name: 'provider-postgres', postgres: true }),
  vitestStep('e2e'),
  // Every journey of docs/testing.md has a test that ran and passed in the browser suite.
  { name: 'journeys', command: ['npx', 'tsx', 'scripts/journeys.ts', 'check', `${REPORTS}/e2e.json`] },
  { name: 'size', command: ['npx', 'tsx', 'scripts/size.ts'] },
];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const failed: string[] = [];
let passedTests = 0;
let failedTests = 0;
let skippedTests = 0;

const timings: { name: string; seconds: number }[] = [];
const started = Date.now();

let cluster: PgCluster | undefined;
let clusterFailure: string | undefined;

/** The throwaway PostgreSQL cluster, started for the first step that needs it. */
async function postgresEnv(): Promise<NodeJS.ProcessEnv | undefined> {
  if (!cluster && !clusterFailure) {
    try {
      cluster = await startPgCluster();
      console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port}`);
    } catch (error) {
      clusterFailure = error instanceof Error ? error.message : String(error);
    }
  }
  if (clusterFailure) {
    console.error(`No PostgreSQL test cluster: ${clusterFailure}`);
    return undefined;
  }
  return { ...process.env, TEST_DATABASE_URL: cluster?.url };
}

for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const [command, ...args] = step.command;
  const env = step.postgres ? await postgresEnv() : process.env;
  if (!env) {
    failed.push(`${step.name} (no PostgreSQL)`);
    failedTests += 1;
    continue;
  }
  const stepStarted = Date.now();
  const result = spawnSync(command as string, args, { stdio: 'inherit', env });
  timings.push({ name: step.name, seconds: (Date.now() - stepStarted) / 1000 });
  if (result.status !== 0) failed.push(step.name);
  if (!step.project) {
    // A check that is not a test suite counts as one test in the summary.
    if (result.status === 0) passedTests += 1;
    else failedTests += 1;
  } else {
    const report = `${REPORTS}/${step.project}.json`;
    if (existsSync(report)) {
      const data = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
      passedTests += data.numPassedTests;
      failedTests += data.numFailedTests;
      skippedTests += data.numPendingTests;
      if (data.numTotalTests === 0) failed.push(`${step.name} (ran no test)`);
    } else if (result.status === 0) {
      failed.push(`${step.name} (no report)`);
    }
  }
  if (step.name === 'build' && result.status !== 0) break;
}

await cluster?.stop();
console.log('\nTime of each step:');
for (const { name, seconds } of timings)
  console.log(`  ${name.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${'total'.padEnd(18)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
console.log(failed.length ? `\nFailed steps: ${failed.join(', ')}` : '\nEvery step passed.');
console.log(`${passedTests} passed, ${failedTests} failed, ${skippedTests} skipped`);
process.exit(failed.length ? 1 : 0);
