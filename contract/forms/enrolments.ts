import { atMost, field, required } from '@contract/forms/rules';
import * as z from 'zod/mini';

/**
 * Asking to leave a course (spec section 7; the enrolments: wire/enrolments.ts): the withdraw
 * modal's rule, which the server applies to the request too.
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
