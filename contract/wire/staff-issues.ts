import { pagedSchema } from '@contract/wire/common';
import { issueStatusSchema } from '@contract/wire/issues';
import * as z from 'zod/mini';

/**
 * The issue reports as the centre's staff answer them (not in the spec), under
 * /api/v1/staff/issue-reports/: newest first, by status, and resolved with a reply the reporter
 * reads on /issue-list. Pinned in the pact of provider kfu-training-api-admin.
 */
export const staffIssueSchema = z.object({
  id: z.int(),
  /** The name the reporter gave, and the account's address. */
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  description: z.string(),
  status: issueStatusSchema,
  created_at: z.string(),
  reply: z.nullable(z.string()),
  resolved_at: z.nullable(z.string()),
  /** Who resolved it, as their name was then. */
  resolved_by: z.nullable(z.string()),
});
export type StaffIssue = z.infer<typeof staffIssueSchema>;

/** GET /staff/issue-reports/?status=&page= */
export const staffIssuesResponseSchema = z.object({
  success: z.literal(true),
  data: pagedSchema(staffIssueSchema),
});
export type StaffIssuePage = z.infer<typeof staffIssuesResponseSchema>['data'];

/** POST /staff/issue-reports/:id/resolve/ */
export const issueResolveRequestSchema = z.object({ reply: z.string().check(z.maxLength(10_000)) });
export const ISSUE_REPLY_MAX = 2000;

export const issueResolveResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: staffIssueSchema,
});
export type IssueResolveResponse = z.infer<typeof issueResolveResponseSchema>;
