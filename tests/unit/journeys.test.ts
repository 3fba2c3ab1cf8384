import { describe, expect, it } from 'vitest';
import { behaviourOf, checkRows, readRows, testKey } from '../../scripts/journeys';

const TABLE = `
| # | Journey | Ran in before | Test now |
| --- | --- | --- | --- |
| 1 | quiz: keeps every answer | en/desktop | \`quiz.e2e.test.ts › taking a quiz > keeps every answer\` |
| 2 | shell: home passes axe | en/desktop, ar/phone | \`screens-en-desktop.e2e.test.ts › every screen > home\`<br>\`screens-ar-phone.e2e.test.ts › every screen > home\` |
`;

/** A vitest JSON report of these tests, with their statuses. */
function report(tests: { file: string; ancestors: string[]; title: string; status: string }[]) {
  return {
    testResults: tests.map(({ file, ancestors, title, status }) => ({
      name: `/work/tests/e2e/${file}`,
      assertionResults: [{ ancestorTitles: ancestors, title, status }],
    })),
  };
}

const passing = [
  { file: 'quiz.e2e.test.ts', ancestors: ['taking a quiz'], title: 'keeps every answer (ar, phone)' },
  { file: 'screens-en-desktop.e2e.test.ts', ancestors: ['every screen'], title: 'home (en, desktop)' },
  { file: 'screens-ar-phone.e2e.test.ts', ancestors: ['every screen'], title: 'home (ar, phone)' },
].map((test) => ({ ...test, status: 'passed' }));

describe('the journeys table', () => {
  it('names a test without the language and width it runs in', () => {
    expect(behaviourOf('taking a quiz > keeps every answer (ar, phone)')).toBe(
      'taking a quiz > keeps every answer',
    );
    expect(behaviourOf('covers > en, desktop: the AVIF copy')).toBe('covers > the AVIF copy');
    expect(testKey('/x/quiz.e2e.test.ts', 'a > b (en, phone)')).toBe('quiz.e2e.test.ts › a > b');
  });

  it('reads each row, with every test a row names', () => {
    expect(readRows(TABLE)).toEqual([
      {
        journey: 'quiz: keeps every answer',
        tests: ['quiz.e2e.test.ts › taking a quiz > keeps every answer'],
      },
      {
        journey: 'shell: home passes axe',
        tests: [
          'screens-en-desktop.e2e.test.ts › every screen > home',
          'screens-ar-phone.e2e.test.ts › every screen > home',
        ],
      },
    ]);
  });

  it('holds when every test of every row ran and passed, in whatever setting', () => {
    expect(checkRows(readRows(TABLE), report(passing))).toEqual([]);
  });

  it('fails a row when one of its tests did not run, or did not pass', () => {
    const [quiz, enHome] = passing;
    if (!quiz || !enHome) throw new Error('no tests to report');
    const problems = checkRows(readRows(TABLE), report([{ ...quiz, status: 'failed' }, enHome]));
    expect(problems).toEqual([
      '"quiz: keeps every answer" did not pass (failed): quiz.e2e.test.ts › taking a quiz > keeps every answer',
      'no test ran for "shell: home passes axe": screens-ar-phone.e2e.test.ts › every screen > home',
    ]);
  });

  it('fails an empty table', () => {
    expect(checkRows([], report(passing))).toEqual(['docs/testing.md holds no journey']);
  });
});
