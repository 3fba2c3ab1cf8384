import { pagedSchema, roleSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/**
 * The back office's people (not in the spec): search, a person's page, disable and enable, under
 * /api/v1/staff/people/. Pinned in the pact of provider kfu-training-api-admin.
 */

/** One person the search found. */
export const personSummarySchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  role: roleSchema,
  disabled: z.boolean(),
  created_at: z.string(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

/** GET /staff/people/?q=&role=&page=&limit=: newest first. */
export const peopleResponseSchema = z.object({
  success: z.literal(true),
  data: pagedSchema(personSummarySchema),
});
export type PeopleResponse = z.infer<typeof peopleResponseSchema>;

const courseSchema = z.object({ id: z.int(), title: z.string(), title_ar: z.string() });

/** GET /staff/people/:id/: the account, what it enrolled in and paid, its certificates and sign-ins. */
export const personSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  govt_id_or_iqama_no: z.nullable(z.string()),
  role: roleSchema,
  created_at: z.string(),
  /** Null unless the centre disabled the account: when, and the reason given. */
  disabled: z.nullable(z.object({ at: z.string(), reason: z.string() })),
  enrolments: z.array(
    z.object({ id: z.int(), course: courseSchema, status: z.string(), created_at: z.string() }),
  ),
  /** Amounts in halalas. */
  payments: z.array(
    z.object({
      id: z.string(),
      course: courseSchema,
      method: z.enum(['card', 'wallet', 'cash', 'free']),
      status: z.string(),
      total: z.int(),
      refund_status: z.nullable(z.enum(['due', 'refunded'])),
      created_at: z.string(),
    }),
  ),
  certificates: z.array(
    z.object({
      code: z.string(),
      course: z.object({ title: z.string(), title_ar: z.string() }),
      issued_at: z.string(),
      revoked_at: z.nullable(z.string()),
    }),
  ),
  /** The last ten, newest first. */
  sign_ins: z.array(
    z.object({ at: z.string(), ip: z.nullable(z.string()), user_agent: z.nullable(z.string()) }),
  ),
});
export type Person = z.infer<typeof personSchema>;
export const personResponseSchema = z.object({ success: z.literal(true), data: personSchema });

/** POST /staff/people/:id/disable/: the reason, kept with the account and in the audit log. */
export const disableRequestSchema = z.object({ reason: z.string().check(z.maxLength(5000)) });
export type DisableRequest = z.infer<typeof disableRequestSchema>;

/** What disable and enable answer: the sentence to show, and the account's state now. */
export const personAccountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.int(), disabled: z.boolean() }),
});
export type PersonAccountResponse = z.infer<typeof personAccountResponseSchema>;
