import { completionRuleSchema } from '@contract/wire/records';
import * as z from 'zod/mini';

/**
 * The trainee's course history (spec sections 1, 2, 4 and 7: `/course-history`,
 * `/course-history/{id}`), the transcript and the certificates.
 *
 * A course's status in the history is decided from the trainee's enrolment:
 * - Pending: a cash payment waiting for the centre, or a withdrawal waiting for the administrator;
 * - Approved: enrolled, and the course has not ended;
 * - Completed: enrolled (or a withdrawal waiting) and the course has ended;
 * - Deleted: the trainee left the course (withdrawn or dropped);
 * - Rejected: the last payment of an enrolment still waiting for one failed.
 *
 * Calls: `GET /course/history/` (extensions pact), `GET /course/history/{id}/`,
 * `POST /course/generate_transcript/` and `POST /course/generate_certificate/` (spec pact; both
 * answer a PDF).
 */

export const HISTORY_STATUSES = ['Pending', 'Approved', 'Completed', 'Deleted', 'Rejected'] as const;
export const historyStatusSchema = z.enum(HISTORY_STATUSES);
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/** Why a course is Pending: a cash payment waiting for the centre, or a withdrawal waiting. */
export const pendingReasonSchema = z.nullable(z.enum(['cash', 'withdrawal']));
export type PendingReason = z.infer<typeof pendingReasonSchema>;

/** One course of the history. */
export const historyEntrySchema = z.object({
  course_id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  /** YYYY-MM-DD. */
  start_date: z.string(),
  /** YYYY-MM-DD: the end date, or the day the trainer closed the course when earlier. */
  end_date: z.string(),
  status: historyStatusSchema,
  pending_reason: pendingReasonSchema,
  /** Completed courses: whether the trainee met the completion rule; null otherwise. */
  completed: z.nullable(z.boolean()),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /course/history/: every course the trainee has had, newest first. */
export const traineeHistorySchema = z.object({ results: z.array(historyEntrySchema) });
export type TraineeHistory = z.infer<typeof traineeHistorySchema>;

/** A grade of one assignment or quiz, out of 10; null: none (it counts as 0). */
export const historyGradeSchema = z.object({
  lecture_id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  kind: z.enum(['assignment', 'quiz']),
  grade: z.nullable(z.number()),
});
export type HistoryGrade = z.infer<typeof historyGradeSchema>;

/** Why a certificate cannot be had (yet). */
export const certificateBlockSchema = z.nullable(z.enum(['not_ended', 'not_completed', 'not_enrolled']));
export type CertificateBlock = z.infer<typeof certificateBlockSchema>;

/** A certificate issued to the trainee. */
export const issuedCertificateSchema = z.object({
  code: z.string(),
  /** ISO instant. */
  issued_at: z.string(),
  /** ISO instant, or null while it stands. */
  revoked_at: z.nullable(z.string()),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

/** GET /course/history/{id}/: one course of the trainee's history with the trainee's figures. */
export const historyDetailsSchema = z.object({
  course_id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  trainer_name: z.string(),
  status: historyStatusSchema,
  pending_reason: pendingReasonSchema,
  ended: z.boolean(),
  /** Hours of the sessions held, one decimal. */
  hours: z.number(),
  sessions_held: z.int(),
  present: z.int(),
  /** Per cent, one decimal; null when no session was held. */
  attendance_rate: z.nullable(z.number()),
  grades: z.array(historyGradeSchema),
  /** Out of 10, two decimals; null when the course has no assignment or quiz. */
  average_grade: z.nullable(z.number()),
  rule: completionRuleSchema,
  attendance_met: z.boolean(),
  grade_met: z.boolean(),
  completed: z.boolean(),
  certificate: z.nullable(issuedCertificateSchema),
  /** Why no certificate can be downloaded now; null when one can (issued and standing, or due). */
  certificate_block: certificateBlockSchema,
});
export type HistoryDetails = z.infer<typeof historyDetailsSchema>;

/** POST /course/generate_certificate/ body. */
export const certificateRequestSchema = /* @__PURE__ */ z.object({ course_id: z.int().check(z.positive()) });
export type CertificateRequest = z.infer<typeof certificateRequestSchema>;

/** POST /course/generate_transcript/ body: nothing to give. */
export const transcriptRequestSchema = /* @__PURE__ */ z.object({});

/** The transcript's file name on a centre day (YYYY-MM-DD). */
export function transcriptFileName(day: string): string {
  return `transcript-${day}.pdf`;
}

/** The certificate's file name. */
export function certificateFileName(code: string): string {
  return `certificate-${code}.pdf`;
}
