import { fileLinkSchema, submissionStatusSchema } from '@contract/wire/learning';
import * as z from 'zod/mini';

/**
 * Grading a course's assignments and quizzes (spec sections 1, 3 and 5): what the course's trainer
 * and its facilitators see at /student-assignment/{courseId}, the statistics of each item, and the
 * calls. Shared by the web app's grading machine and the reference server; the grade's rules:
 * domain/grading.ts and forms/grading.ts.
 */

/**
 * POST /grading/submissions/{id}/grade/: the grade as typed (text, so that what the trainer typed
 * is checked by one rule on both sides; a number is read as its text), the feedback, and the
 * address of a feedback file uploaded with POST /upload/, or null.
 */
export const gradeRequestSchema = /* @__PURE__ */ z.object({
  grade: z.union([z.string(), z.number()]),
  feedback: z.string(),
  feedback_file: z.nullable(z.string()),
});
export type GradeRequest = z.infer<typeof gradeRequestSchema>;

/** POST /grading/submissions/{id}/return/: what to change, and a feedback file or null. */
export const returnRequestSchema = /* @__PURE__ */ z.object({
  feedback: z.string(),
  feedback_file: z.nullable(z.string()),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

// ── Statistics ─────────────────────────────────────────────────────────────────────────────────

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
