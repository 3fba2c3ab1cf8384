import { pagedSchema } from '@contract/wire/common';
import { enrolmentStatusSchema } from '@contract/wire/payments';
import * as z from 'zod/mini';

/**
 * The trainee's enrolments and withdrawal (spec sections 1, 2 and 7: "POST
 * /course/enroll-status-update/ (drop)"; drop or withdraw is sent to an admin for approval, and the
 * learner cannot continue afterwards). Before the course starts the request is a drop, afterwards a
 * withdrawal; an admin approves (withdrawn) or refuses it with a reason (enrolled again).
 */

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
