import * as z from 'zod/mini';
import { pagedSchema } from './common';
import { enrolmentStatusSchema } from './payments';
import { atMost, field, required } from './rules';

/**
 * The trainee's enrolments and withdrawal (spec sections 1, 2 and 7: "POST
 * /course/enroll-status-update/ (drop)"; drop or withdraw is sent to an admin for approval, and the
 * learner cannot continue afterwards). Before the course starts the request is a drop, afterwards a
 * withdrawal; an admin approves (withdrawn) or refuses it with a reason (enrolled again).
 */

export const WITHDRAWAL_VALIDATION = {
  reasonRequired: 'Reason is required',
  reasonMax: 'Reason must be at most 500 characters',
} as const;

export const WITHDRAWAL_REASON_MAX = 500;

/** POST /course/enroll-status-update/ (trainee): ask to leave a course one is enrolled in. */
export const withdrawalRequestSchema = z.object({
  course_id: z.int().check(z.positive()),
  reason: field(
    required(WITHDRAWAL_VALIDATION.reasonRequired),
    atMost(WITHDRAWAL_REASON_MAX, WITHDRAWAL_VALIDATION.reasonMax),
  ),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** The withdraw modal's form (the course is known from the row). */
export const withdrawalFormSchema = z.object({ reason: withdrawalRequestSchema.shape.reason });
export type WithdrawalForm = z.infer<typeof withdrawalFormSchema>;

/** The answer: the spec's success toast. */
export const WITHDRAWAL_SENT = 'Request Sent Successfully';

/** A course as the enrolled-courses list shows it. */
export const enrolledCourseSummarySchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  cover_image: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

/** One row of GET /enrolments/ (trainee): a course and where the trainee's enrolment stands. */
export const enrolledCourseSchema = z.object({
  course: enrolledCourseSummarySchema,
  status: enrolmentStatusSchema,
  enrolled_at: z.string(),
  /** Set while a withdrawal is requested and after it was decided. */
  withdrawal_reason: z.nullable(z.string()),
  /** The admin's reason when a withdrawal was refused (the status is `enrolled` again). */
  refusal_reason: z.nullable(z.string()),
  /** The payment that enrolled (or awaits), and its receipt once paid. */
  payment_id: z.nullable(z.string()),
  receipt_number: z.nullable(z.int()),
});
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;
export const enrolledCoursesPageSchema = pagedSchema(enrolledCourseSchema);
