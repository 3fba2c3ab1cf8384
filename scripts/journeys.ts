/**
 * The browser suite's journeys (docs/testing.md): every journey and behaviour the browser tests
 * check, and the test that checks it now.
 *
 *   tsx scripts/journeys.ts check REPORT [FILE…]
 *       every row's test (of those files only, when named) ran in that vitest JSON report and passed
 *   tsx scripts/journeys.ts table LIST     prints rows for the tests of a `vitest list --json` file
 *
 * A test's name is compared without the language and width it ran in ("(ar, phone)", "en, desktop: "),
 * so a row stays true when a behaviour moves to another language or width.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const JOURNEYS_FILE = 'docs/testing.md';

const SETTING = String.raw`(?:en|ar),\s*(?:phone|desktop)`;
const SETTING_PATTERNS: [RegExp, string][] = [
  [new RegExp(String.raw`\s*\(${SETTING}\)`, 'g'), ''],
  [new RegExp(String.raw`(^|> )${SETTING}:\s*`, 'g'), '$1'],
];

/** A test's full name ("describe > test") without the language and width it ran in. */
export function behaviourOf(name: string): string {
  let result = name;
  for (const [pattern, kept] of SETTING_PATTERNS) result = result.replace(pattern, kept);
  return result.replace(/\s+/g, ' ').trim();
}

/** The language and width a test ran in, when its name says so ("ar/phone"). */
function settingOf(name: string): string | undefined {
  const match = /(en|ar),\s*(phone|desktop)/.exec(name);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** "file.e2e.test.ts › behaviour", how a row names its test. */
export function testKey(file: string, name: string): string {
  return `${basename(file)} › ${behaviourOf(name)}`;
}

interface Row {
  journey: string;
  /** The tests that check it now: one, or several (`<br>` between them) that must all pass. */
  tests: string[];
}

/** The rows of the journeys table: `| n | journey | before | test now |`. */
export function readRows(markdown: string): Row[] {
  const rows: Row[] = [];
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | # | Journey | Ran in before | Test now |
    if (cells.length < 6 || !/^\d+$/.test(cells[1] ?? '')) continue;
    rows.push({
      journey: unescapeCell(cells[2] ?? ''),
      tests: unescapeCell(cells[4] ?? '')
        .split('<br>')
        .map((test) => test.trim().replace(/^`|`$/g, '')),
    });
  }
  return rows;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function unescapeCell(text: string): string {
  return text.replace(/\\\|/g, '|');
}

interface ReportedTest {
  ancestorTitles: string[];
  title: string;
  status: string;
}

interface Report {
  testResults: { name: string; assertionResults: ReportedTest[] }[];
}

/** Rows whose test did not run, or did not pass, in the report; empty when every row holds. */
export function checkRows(rows: Row[], report: Report): string[] {
  const statuses = new Map<string, string[]>();
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      // Named as `vitest list` names it: "describe > test".
      const key = testKey(file.name, [...test.ancestorTitles, test.title].join(' > '));
      statuses.set(key, [...(statuses.get(key) ?? []), test.status]);
    }
  }
  const problems: string[] = [];
  for (const row of rows) {
    for (const test of row.tests) {
      const seen = statuses.get(test);
      if (!seen) problems.push(`no test ran for "${row.journey}": ${test}`);
      else if (!seen.every((status) => status === 'passed'))
        problems.push(`"${row.journey}" did not pass (${seen.join(', ')}): ${test}`);
    }
  }
  if (rows.length === 0) problems.push(`${JOURNEYS_FILE} holds no journey`);
  return problems;
}

function table(listFile: string): string {
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as { name: string; file: string }[];
  const byKey = new Map<string, { journey: string; settings: string[] }>();
  for (const test of list) {
    const key = testKey(test.file, test.name);
    const entry = byKey.get(key) ?? {
      journey: `${basename(test.file, '.e2e.test.ts')}: ${behaviourOf(test.name)}`,
      settings: [],
    };
    entry.settings.push(settingOf(test.name) ?? 'as named');
    byKey.set(key, entry);
  }
  return [...byKey.entries()]
    .map(
      ([key, { journey, settings }], index) =>
        `| ${index + 1} | ${escapeCell(journey)} | ${settings.join(', ')} | \`${escapeCell(key)}\` |`,
    )
    .join('\n');
}

/** Run as a command (not imported by a test). */
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [command, file, ...only] = process.argv.slice(2);
  if (command === 'table' && file) {
    console.log(table(file));
  } else if (command === 'check' && file) {
    const names = only.map((name) => basename(name));
    const rows = readRows(readFileSync(JOURNEYS_FILE, 'utf8')).filter(
      (row) =>
        names.length === 0 || row.tests.some((test) => names.some((name) => test.startsWith(`${name} › `))),
    );
    const problems = checkRows(rows, JSON.parse(readFileSync(file, 'utf8')) as Report);
    for (const problem of problems) console.error(problem);
    console.log(`${rows.length - problems.length} of ${rows.length} journeys have a passing test`);
    process.exit(problems.length ? 1 : 0);
  } else if (command) {
    console.error('usage: tsx scripts/journeys.ts check REPORT [FILE…] | table LIST');
    process.exit(2);
  }
}
