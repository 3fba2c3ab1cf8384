import * as z from 'zod/mini';
import { toLatinDigits } from './digits';
import { fileLinkSchema, GRADE_MAX, SURVEY_TEXT_MAX, submissionStatusSchema } from './learning';
import { field, longerThan } from './rules';

/**
 * Grading a course's assignments and quizzes (spec sections 1, 3 and 5): what the course's trainer
 * and its facilitators see at /student-assignment/{courseId}, the statistics of each item, and the
 * rules of a grade. Shared by the web app's grading machine and the reference server.
 */

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

/** What the reference server says about grading besides the form's rules. */
export const GRADING_MESSAGES = {
  notGradable: 'Only the latest attempt that is not returned can be graded or returned',
  graded: 'The grade has been saved',
  returned: 'The submission has been returned to the trainee',
} as const;
export type GradingMessage = (typeof GRADING_MESSAGES)[keyof typeof GRADING_MESSAGES];

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

/**
 * POST /grading/submissions/{id}/grade/: the grade as typed (text, so that what the trainer typed
 * is checked by one rule on both sides; a number is read as its text), the feedback, and the
 * address of a feedback file uploaded with POST /upload/, or null.
 */
export const gradeRequestSchema = z.object({
  grade: z.union([z.string(), z.number()]),
  feedback: z.string(),
  feedback_file: z.nullable(z.string()),
});
export type GradeRequest = z.infer<typeof gradeRequestSchema>;

/** POST /grading/submissions/{id}/return/: what to change, and a feedback file or null. */
export const returnRequestSchema = z.object({
  feedback: z.string(),
  feedback_file: z.nullable(z.string()),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

// ── Statistics ─────────────────────────────────────────────────────────────────────────────────

/** The distribution's bands: 0–1, 1–2 … 9–10 (10 falls in the last). */
export const GRADE_BANDS = 10;

export const gradeStatisticsSchema = z.object({
  count: z.int(),
  mean: z.nullable(z.number()),
  median: z.nullable(z.number()),
  lowest: z.nullable(z.number()),
  highest: z.nullable(z.number()),
  /** How many grades fall in each band, from 0–1 to 9–10. */
  bands: z.array(z.int()),
});
export type GradeStatistics = z.infer<typeof gradeStatisticsSchema>;

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

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

export const gradingKindSchema = z.enum(['assignment', 'quiz']);
export type GradingKind = z.infer<typeof gradingKindSchema>;

/** A trainee's state on one item: nothing handed in, or their latest attempt's status. */
export const traineeWorkStatusSchema = z.enum(['Not submitted', 'Submitted', 'Reviewed', 'Returned']);
export type TraineeWorkStatus = z.infer<typeof traineeWorkStatusSchema>;

/** An assignment or quiz in the course's list, with how many trainees are at each status. */
export const gradingItemSummarySchema = z.object({
  lecture_id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  kind: gradingKindSchema,
  week: z.int(),
  counts: z.object({
    not_submitted: z.int(),
    submitted: z.int(),
    reviewed: z.int(),
    returned: z.int(),
  }),
  statistics: gradeStatisticsSchema,
});
export type GradingItemSummary = z.infer<typeof gradingItemSummarySchema>;

/** A submission waiting for a grade, in the order "Next ungraded" visits them. */
export const waitingSubmissionSchema = z.object({ submission_id: z.int(), lecture_id: z.int() });
export type WaitingSubmission = z.infer<typeof waitingSubmissionSchema>;

/**
 * GET /grading/courses/{courseId}/ (the course's trainer or a facilitator): the course, its
 * enrolled trainees' number, every assignment and quiz in syllabus order, and the submissions
 * waiting for a grade (items in order, then oldest first).
 */
export const gradingCourseSchema = z.object({
  course: z.object({ id: z.int(), title: z.string(), title_ar: z.string() }),
  trainees: z.int(),
  items: z.array(gradingItemSummarySchema),
  waiting: z.array(waitingSubmissionSchema),
});
export type GradingCourse = z.infer<typeof gradingCourseSchema>;

/** One attempt at an assignment, as its graders see it. */
export const gradedSubmissionSchema = z.object({
  id: z.int(),
  attempt: z.int(),
  status: submissionStatusSchema,
  grade: z.nullable(z.number()),
  feedback: z.nullable(z.string()),
  file: fileLinkSchema,
  feedback_file: z.nullable(fileLinkSchema),
  submitted_at: z.string(),
  reviewed_at: z.nullable(z.string()),
});
export type GradedSubmission = z.infer<typeof gradedSubmissionSchema>;

/** One submitted quiz attempt: its number, score out of 10 and when. */
export const gradedQuizAttemptSchema = z.object({
  number: z.int(),
  score: z.number(),
  submitted_at: z.string(),
  submitted_by: z.enum(['trainee', 'timeout']),
});
export type GradedQuizAttempt = z.infer<typeof gradedQuizAttemptSchema>;

/**
 * An enrolled trainee (or one who handed work in before leaving) on one item: their status, the
 * grade that counts (the latest attempt's when reviewed; a quiz's best score), and their attempts,
 * newest first.
 */
export const traineeWorkSchema = z.object({
  user_id: z.int(),
  name: z.string(),
  email: z.string(),
  status: traineeWorkStatusSchema,
  grade: z.nullable(z.number()),
  submissions: z.array(gradedSubmissionSchema),
  attempts: z.array(gradedQuizAttemptSchema),
});
export type TraineeWork = z.infer<typeof traineeWorkSchema>;

/** GET /grading/items/{lectureId}/: one assignment or quiz with every trainee's work and statistics. */
export const gradingItemSchema = z.object({
  lecture_id: z.int(),
  course_id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  kind: gradingKindSchema,
  description: z.string(),
  description_ar: z.string(),
  statistics: gradeStatisticsSchema,
  trainees: z.array(traineeWorkSchema),
});
export type GradingItem = z.infer<typeof gradingItemSchema>;

/** POST …/grade/ and …/return/: the submission as it now stands, and the server's sentence. */
export const gradingDecisionSchema = z.object({
  message: z.string(),
  submission: gradedSubmissionSchema,
});
export type GradingDecision = z.infer<typeof gradingDecisionSchema>;
