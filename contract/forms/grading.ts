import { toLatinDigits } from '@contract/domain/digits';
import { GRADE_MAX } from '@contract/domain/grading';
import { SURVEY_TEXT_MAX } from '@contract/forms/learning';
import { field, longerThan } from '@contract/forms/rules';
import * as z from 'zod/mini';

/** The grading form (the calls: wire/grading.ts), checked by the web app and the server alike. */

/** The sentences of the grading form, checked by the web app and the server alike. */
export const GRADING_VALIDATION = {
  gradeRequired: 'Enter a grade from 0 to 10',
  gradeNotNumber: 'The grade must be a number, for example 7 or 8.5',
  gradeOutOfRange: 'The grade must be from 0 to 10',
  gradeDecimals: 'The grade can have at most 2 decimals',
  feedbackTooLong: 'The feedback must be at most 2000 characters',
  returnFeedbackRequired: 'Say what the trainee should change before sending it again',
  feedbackFileUnknown: 'Upload the feedback file first, then save',
} as const;
export type GradingValidationMessage = (typeof GRADING_VALIDATION)[keyof typeof GRADING_VALIDATION];

/** The feedback's length limit (the same as the admin commands'). */
export const FEEDBACK_MAX = SURVEY_TEXT_MAX;

/**
 * A grade as typed: Arabic-Indic digits and the Arabic decimal separator (٫) or comma read as 0–9
 * and a point. Spaces around do not count.
 */
export function normaliseGrade(text: string): string {
  return toLatinDigits(text).replace(/[٫,]/g, '.').trim();
}

/** The grade a typed text means, or the sentence of what is wrong with it. */
export function readGrade(text: string): { grade: number } | { message: GradingValidationMessage } {
  const value = normaliseGrade(text);
  if (!value) return { message: GRADING_VALIDATION.gradeRequired };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) return { message: GRADING_VALIDATION.gradeNotNumber };
  const grade = Number(value);
  if (!Number.isFinite(grade)) return { message: GRADING_VALIDATION.gradeNotNumber };
  if (grade < 0 || grade > GRADE_MAX) return { message: GRADING_VALIDATION.gradeOutOfRange };
  const decimals = value.split('.')[1]?.replace(/0+$/, '') ?? '';
  if (decimals.length > 2) return { message: GRADING_VALIDATION.gradeDecimals };
  return { grade: Math.round(grade * 100) / 100 };
}

const gradeRule = (value: string): GradingValidationMessage | null => {
  const read = readGrade(value);
  return 'message' in read ? read.message : null;
};
const feedbackRule = (value: string): GradingValidationMessage | null =>
  longerThan(value.trim(), FEEDBACK_MAX) ? GRADING_VALIDATION.feedbackTooLong : null;
const returnFeedbackRule = (value: string): GradingValidationMessage | null =>
  value.trim() ? feedbackRule(value) : GRADING_VALIDATION.returnFeedbackRequired;

/** The grading form's text fields: the grade as typed and the feedback. */
export const gradeFormSchema = z.object({ grade: field(gradeRule), feedback: field(feedbackRule) });
export type GradeForm = z.infer<typeof gradeFormSchema>;
/** Returning for resubmission: the feedback is required. */
export const returnFormSchema = z.object({ feedback: field(returnFeedbackRule) });
export type ReturnForm = z.infer<typeof returnFormSchema>;
