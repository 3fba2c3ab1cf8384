/** Grading (the calls: wire/grading.ts). */

/** What the reference server says about grading besides the form's rules. */
export const GRADING_MESSAGES = {
  notGradable: 'Only the latest attempt that is not returned can be graded or returned',
  graded: 'The grade has been saved',
  returned: 'The submission has been returned to the trainee',
} as const;
export type GradingMessage = (typeof GRADING_MESSAGES)[keyof typeof GRADING_MESSAGES];
