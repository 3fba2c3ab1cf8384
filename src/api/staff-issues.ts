import type { IssueStatus } from '@contract/wire/issues';
import {
  type IssueResolveResponse,
  issueResolveResponseSchema,
  type StaffIssuePage,
  staffIssuesResponseSchema,
} from '@contract/wire/staff-issues';
import type { ApiClient } from './client';

/** GET /staff/issue-reports/?status=&page=: newest first; every status when none is given. */
export async function getStaffIssues(
  api: ApiClient,
  status: IssueStatus | null,
  page = 1,
): Promise<StaffIssuePage> {
  const params = new URLSearchParams({ ...(status ? { status } : {}), page: String(page) });
  return (await api.authed(staffIssuesResponseSchema, `/staff/issue-reports/?${params}`)).data;
}

/** POST /staff/issue-reports/{id}/resolve/: the reporter reads the reply on /issue-list and is told. */
export function resolveStaffIssue(api: ApiClient, id: number, reply: string): Promise<IssueResolveResponse> {
  return api.authed(issueResolveResponseSchema, `/staff/issue-reports/${id}/resolve/`, {
    method: 'POST',
    body: { reply },
  });
}
