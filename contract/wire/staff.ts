import { revisedFieldSchema } from '@contract/wire/authoring';
import { pagedSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/**
 * The centre's back office (not in the spec): the calls of its staff (role ADMIN), under
 * /api/v1/staff/. Pinned in the pact of provider kfu-training-api-admin.
 */

/** What waits for a decision. */
export const QUEUE_KINDS = ['trainer', 'course', 'withdrawal', 'cash', 'revision'] as const;
export const queueKindSchema = z.enum(QUEUE_KINDS);
export type QueueKind = z.infer<typeof queueKindSchema>;

const personSchema = z.object({ id: z.int(), full_name: z.string(), email: z.string() });
export type StaffPerson = z.infer<typeof personSchema>;

/**
 * One item of the queue. `id`: the applicant's user id (trainer), the course id (course), the
 * enrolment id (withdrawal), the payment id (cash) or the revision id (revision). `title`: the
 * course, or the applicant's name. `amount` in halalas: the course's price, the cash to take, or the
 * price a revision proposes.
 */
export const queueItemSchema = z.object({
  kind: queueKindSchema,
  id: z.string(),
  at: z.string(),
  title: z.string(),
  title_ar: z.nullable(z.string()),
  person: personSchema,
  amount: z.nullable(z.int()),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueCountsSchema = z.object({
  trainer: z.int(),
  course: z.int(),
  withdrawal: z.int(),
  cash: z.int(),
  revision: z.int(),
  total: z.int(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** GET /staff/queue/?kind=&page=&limit=: newest first, and the counts of every kind. */
export const queueResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ counts: queueCountsSchema, items: pagedSchema(queueItemSchema) }),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

/** GET /staff/queue/counts/: the menu's counts. */
export const queueCountsResponseSchema = z.object({ success: z.literal(true), data: queueCountsSchema });

/** GET /staff/trainer-applications/:id/ */
export const trainerApplicationSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  govt_id_or_iqama_no: z.nullable(z.string()),
  applied_at: z.string(),
  status: z.enum(['waiting', 'approved', 'rejected']),
  rejection_reason: z.nullable(z.string()),
  /** The CV (GET …/cv/): a PDF is shown in the page, a DOCX or DOC downloaded. */
  cv: z.nullable(z.object({ name: z.string(), type: z.enum(['pdf', 'docx', 'doc']), size: z.int() })),
});
export type TrainerApplication = z.infer<typeof trainerApplicationSchema>;

/** The application as the call answers it: the CV with its address, signed for a few hours. */
export const trainerApplicationAnswerSchema = z.object({
  ...trainerApplicationSchema.shape,
  cv: z.nullable(
    z.object({ name: z.string(), type: z.enum(['pdf', 'docx', 'doc']), size: z.int(), url: z.string() }),
  ),
});
export type TrainerApplicationAnswer = z.infer<typeof trainerApplicationAnswerSchema>;
export const trainerApplicationResponseSchema = z.object({
  success: z.literal(true),
  data: trainerApplicationAnswerSchema,
});

/** GET /staff/courses/:id/: the course as trainees will see it. Prices in halalas. */
export const staffCourseSchema = z.object({
  id: z.int(),
  status: z.string(),
  title: z.string(),
  title_ar: z.string(),
  subtitle: z.string(),
  subtitle_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  category: z.object({ name: z.string(), name_ar: z.string() }),
  price: z.int(),
  start_date: z.string(),
  end_date: z.string(),
  skill_level: z.string(),
  languages: z.array(z.string()),
  weeks: z.array(z.object({ title: z.string(), title_ar: z.string() })),
  trainer: personSchema,
  submitted_at: z.string(),
  rejection_reason: z.nullable(z.string()),
});
export type StaffCourse = z.infer<typeof staffCourseSchema>;
export const staffCourseResponseSchema = z.object({ success: z.literal(true), data: staffCourseSchema });

/** GET /staff/withdrawals/:id/ (an enrolment id): the request, its payment and the refund due. */
export const staffWithdrawalSchema = z.object({
  id: z.int(),
  status: z.string(),
  trainee: personSchema,
  course: z.object({ id: z.int(), title: z.string(), title_ar: z.string(), start_date: z.string() }),
  reason: z.string(),
  requested_at: z.string(),
  /** Asked before the course's start: a drop, refunded in full; after: a withdrawal, no refund. */
  before_start: z.boolean(),
  payment: z.nullable(
    z.object({
      id: z.string(),
      method: z.enum(['card', 'wallet', 'cash', 'free']),
      total: z.int(),
      paid_at: z.nullable(z.string()),
    }),
  ),
  /** What approving refunds, in halalas (0: nothing). */
  refund: z.int(),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;
export const staffWithdrawalResponseSchema = z.object({
  success: z.literal(true),
  data: staffWithdrawalSchema,
});

/** GET /staff/cash-payments/:id/ */
export const staffCashPaymentSchema = z.object({
  id: z.string(),
  status: z.string(),
  trainee: personSchema,
  course: z.object({ id: z.int(), title: z.string(), title_ar: z.string() }),
  subtotal: z.int(),
  vat: z.int(),
  total: z.int(),
  created_at: z.string(),
});
export type StaffCashPayment = z.infer<typeof staffCashPaymentSchema>;
export const staffCashPaymentResponseSchema = z.object({
  success: z.literal(true),
  data: staffCashPaymentSchema,
});

/** A revised field's value: a text or a day, a price in halalas, or a category with its names. */
export const revisionValueSchema = z.union([
  z.string(),
  z.int(),
  z.object({ id: z.int(), name: z.string(), name_ar: z.string() }),
]);
export type RevisionValue = z.infer<typeof revisionValueSchema>;

/**
 * GET /staff/revisions/:id/: a change of an approved course's details, each changed field before
 * (the live course) and after (the proposal).
 */
export const staffRevisionSchema = z.object({
  id: z.int(),
  status: z.enum(['Pending', 'Approved', 'Rejected']),
  course: z.object({ id: z.int(), title: z.string(), title_ar: z.string(), status: z.string() }),
  trainer: personSchema,
  submitted_by: personSchema,
  submitted_at: z.string(),
  decided_at: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  changes: z.array(
    z.object({ field: revisedFieldSchema, before: revisionValueSchema, after: revisionValueSchema }),
  ),
});
export type StaffRevision = z.infer<typeof staffRevisionSchema>;
export const staffRevisionResponseSchema = z.object({ success: z.literal(true), data: staffRevisionSchema });

export const REASON_MAX = 500;

/** POST …/reject/: the reason the person is told. */
export const rejectionRequestSchema = z.object({ reason: z.string().check(z.maxLength(5000)) });
export type RejectionRequest = z.infer<typeof rejectionRequestSchema>;

/** What every decision answers: the sentence to show, and what the item became. */
export const decisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ kind: queueKindSchema, id: z.string(), outcome: z.string() }),
});
export type DecisionResponse = z.infer<typeof decisionResponseSchema>;

export const AUDIT_ACTIONS = [
  'trainer.approve',
  'trainer.reject',
  'course.approve',
  'course.reject',
  'revision.approve',
  'revision.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'payment.confirm_cash',
  'payment.refund',
  'staff.create',
  'certificate.revoke',
  'person.disable',
  'person.enable',
  'submission.grade',
  'submission.return',
  'quiz.time_limit',
  'category.create',
  'category.rename',
  'category.move',
  'category.hide',
  'category.show',
  'category.delete',
  'issue.resolve',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  actor: z.object({ id: z.int(), full_name: z.string(), email: z.string() }),
  action: auditActionSchema,
  subject: z.object({ kind: z.string(), id: z.string(), label: z.string() }),
  reason: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  via: z.enum(['web', 'cli']),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /staff/audit/?action=&actor=&from=&to=&page=&limit=: newest first. */
export const auditResponseSchema = z.object({
  success: z.literal(true),
  data: pagedSchema(auditEntrySchema),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** The audit log's filters (absent: all). `from` and `to`: days (YYYY-MM-DD), both included. */
export interface AuditFilters {
  action?: AuditAction | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** POST /staff/staff-accounts/ (and the command's /admin/create-admin/): a new member of staff. */
export const staffAccountRequestSchema = z.object({
  email: z.string().check(z.maxLength(254)),
  full_name: z.string().check(z.maxLength(100)),
});
export type StaffAccountRequest = z.infer<typeof staffAccountRequestSchema>;

/** `created` false: the address already belonged to a staff account, and nothing changed. */
export const staffAccountResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.int(), email: z.string(), full_name: z.string(), created: z.boolean() }),
});
export type StaffAccountResponse = z.infer<typeof staffAccountResponseSchema>;
