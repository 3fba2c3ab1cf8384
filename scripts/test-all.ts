/**
 * `npm test`: every check the project has, in order — typecheck, lint, catalogues, build, then the
 * unit, machine, contract (consumer, then provider) and browser suites. Ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string[];
  /** vitest project name: its results are counted in the summary. */
  project?: string;
}

const REPORTS = '.tmp/reports';

const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'catalogues', command: ['npx', 'lingui', 'extract', '--clean'] },
  { name: 'build', command: ['npx', 'vite', 'build'] },
  ...['unit', 'machines', 'pact', 'provider', 'e2e'].map((project) => ({
    name: project,
    project,
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${REPORTS}/${project}.json`,
    ],
  })),
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

for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const [command, ...args] = step.command;
  const result = spawnSync(command as string, args, { stdio: 'inherit', env: process.env });
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

console.log(failed.length ? `\nFailed steps: ${failed.join(', ')}` : '\nEvery step passed.');
console.log(`${passedTests} passed, ${failedTests} failed, ${skippedTests} skipped`);
process.exit(failed.length ? 1 : 0);
