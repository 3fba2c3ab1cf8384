import { pagedSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

export const issueStatusSchema = z.enum(['Pending', 'Resolved']);
export type IssueStatus = z.infer<typeof issueStatusSchema>;

/** A reported issue (spec section 3); `created_at` is an ISO 8601 date-time. */
export const issueSchema = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  description: z.string(),
  status: issueStatusSchema,
  created_at: z.string(),
  /** Beyond the spec: the centre's reply, once it resolved the issue (extensions pact). */
  reply: z.optional(z.nullable(z.string())),
});
export type Issue = z.infer<typeof issueSchema>;
export const issuePageSchema = pagedSchema(issueSchema);
