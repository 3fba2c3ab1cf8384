import { courseRoleSchema } from '@contract/wire/authoring';
import * as z from 'zod/mini';

/**
 * A trainer's records (spec sections 1 and 2: `/trainer-course-history`,
 * `/completed-course-details-page`): courses that have ended, and how each trainee finished them.
 *
 * Calls (extensions pact): `GET /trainer/course-history/`, `GET /trainer/course-history/{id}/`,
 * `GET /trainer/courses/{id}/completion/`, `PUT /trainer/courses/{id}/completion-rule/`,
 * `POST /trainer/courses/{id}/close/`. When a course ends and a trainee completes it: domain/records.ts.
 */

export const completionRuleSchema = z.object({
  /** Per cent of the sessions held, 0–100. */
  min_attendance: z.int().check(z.minimum(0), z.maximum(100)),
  /** Out of 10, at most two decimals. */
  min_grade: z.number().check(z.minimum(0), z.maximum(10)),
});
export type CompletionRule = z.infer<typeof completionRuleSchema>;

/** PUT /trainer/courses/{id}/completion-rule/: the body, as the form's values are sent. */
export const completionRuleInputSchema = z.object({
  min_attendance: z.string(),
  min_grade: z.string(),
});
export type CompletionRuleInput = z.infer<typeof completionRuleInputSchema>;

/**
 * Where a course stands for its completion: not approved, approved and not started (upcoming),
 * under way (ongoing), or ended (its end date passed, or closed).
 */
export const completionStageSchema = z.enum(['not_approved', 'upcoming', 'ongoing', 'ended']);
export type CompletionStage = z.infer<typeof completionStageSchema>;

/** GET /trainer/courses/{id}/completion/ (the course's trainer or a facilitator). */
export const completionSettingsSchema = z.object({
  course_id: z.int(),
  role: courseRoleSchema,
  stage: completionStageSchema,
  rule: completionRuleSchema,
  /** When the trainer closed it (ISO instant), if they did. */
  closed_at: z.nullable(z.string()),
  /** The centre's date the course ended (its end date, or the day it was closed); null before. */
  ended_on: z.nullable(z.string()),
  /** Only the trainer who created it, only while it is ongoing. */
  can_close: z.boolean(),
  /** Only the trainer who created it, until it ends. */
  can_edit_rule: z.boolean(),
});
export type CompletionSettings = z.infer<typeof completionSettingsSchema>;

/** The answer of PUT …/completion-rule/ and POST …/close/. */
export const completionSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: completionSettingsSchema,
});
export type CompletionSaved = z.infer<typeof completionSavedSchema>;

export const historyStatusSchema = z.enum(['Completed', 'Rejected', 'Deleted']);
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/** One past course of the trainer's history. */
export const historyCourseSchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  cover_image: z.string(),
  status: historyStatusSchema,
  role: courseRoleSchema,
  start_date: z.string(),
  end_date: z.string(),
  /** The day it entered the history: ended (or closed), rejected, or deleted. Newest first. */
  since: z.string(),
  /** Closed by its trainer before its end date. */
  closed: z.boolean(),
  enrolled_count: z.int(),
  /** Completed courses only (null for rejected and deleted ones, or with no session held). */
  attendance_rate: z.nullable(z.number()),
  average_grade: z.nullable(z.number()),
  completed_count: z.nullable(z.int()),
});
export type HistoryCourse = z.infer<typeof historyCourseSchema>;

export const courseHistorySchema = z.object({ results: z.array(historyCourseSchema) });
export type CourseHistory = z.infer<typeof courseHistorySchema>;

/** One assignment or quiz of a completed course: the mean of the grades given. */
export const gradedItemStatSchema = z.object({
  lecture_id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  kind: z.enum(['assignment', 'quiz']),
  /** How many of the trainees have a grade. */
  graded: z.int(),
  mean: z.nullable(z.number()),
});
export type GradedItemStat = z.infer<typeof gradedItemStatSchema>;

/** A trainee's outcome: attendance, average grade (missing work as 0), and whether they completed. */
export const traineeOutcomeSchema = z.object({
  user_id: z.int(),
  name: z.string(),
  present: z.int(),
  /** Per cent of the sessions held, one decimal; null when none was held. */
  attendance_rate: z.nullable(z.number()),
  /** Out of 10, two decimals; null when the course has no assignment or quiz. */
  average_grade: z.nullable(z.number()),
  completed: z.boolean(),
});
export type TraineeOutcome = z.infer<typeof traineeOutcomeSchema>;

/** A review a trainee gave the course (shown with the trainee's name: reviews are not anonymous). */
export const courseReviewSchema = z.object({
  id: z.int(),
  name: z.string(),
  rating: z.int(),
  review: z.string(),
  created_at: z.string(),
});
export type CourseReview = z.infer<typeof courseReviewSchema>;

/** GET /trainer/course-history/{id}/: a completed course's record (its trainer or a facilitator). */
export const completedCourseSchema = z.object({
  course: historyCourseSchema,
  rule: completionRuleSchema,
  sessions_held: z.int(),
  items: z.array(gradedItemStatSchema),
  trainees: z.array(traineeOutcomeSchema),
  rating: z.object({ average: z.nullable(z.number()), count: z.int() }),
  reviews: z.array(courseReviewSchema),
});
export type CompletedCourse = z.infer<typeof completedCourseSchema>;
