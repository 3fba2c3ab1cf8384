import type { GradeStatistics } from '@contract/wire/grading';

/** Grades: out of 10, and how a set of them adds up (the grading calls: wire/grading.ts). */

/** Spec section 5: a grade is at most 10 marks. */
export const GRADE_MAX = 10;

/** The distribution's bands: 0–1, 1–2 … 9–10 (10 falls in the last). */
export const GRADE_BANDS = 10;

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Count, mean, median, lowest, highest (to two decimals) and the ten bands of some grades. */
export function gradeStatistics(grades: readonly number[]): GradeStatistics {
  const bands = Array.from({ length: GRADE_BANDS }, () => 0);
  if (grades.length === 0) return { count: 0, mean: null, median: null, lowest: null, highest: null, bands };
  const sorted = [...grades].sort((a, b) => a - b);
  for (const grade of sorted) {
    const band = Math.min(GRADE_BANDS - 1, Math.max(0, Math.floor((grade * GRADE_BANDS) / GRADE_MAX)));
    bands[band] = (bands[band] ?? 0) + 1;
  }
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return {
    count: sorted.length,
    mean: hundredths(sorted.reduce((sum, grade) => sum + grade, 0) / sorted.length),
    median: hundredths(median),
    lowest: sorted[0] ?? null,
    highest: sorted[sorted.length - 1] ?? null,
    bands,
  };
}
