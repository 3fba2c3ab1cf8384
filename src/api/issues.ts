import type { IssueReportForm } from '@contract/forms/public';
import type { Paged, PageQuery } from '@contract/wire/common';
import { type Issue, issuePageSchema, issueSchema } from '@contract/wire/issues';
import type { ApiClient } from './client';

/** GET /cms/report-an-issues/: the signed-in user's reports, newest first. */
export function listIssues(api: ApiClient, query: PageQuery = {}): Promise<Paged<Issue>> {
  return api.authed(issuePageSchema, '/cms/report-an-issues/', {
    query: { page: query.page, limit: query.limit },
  });
}

/** POST /cms/report-an-issues/: answers with the new report. */
export function reportIssue(api: ApiClient, body: IssueReportForm): Promise<Issue> {
  return api.authed(issueSchema, '/cms/report-an-issues/', { method: 'POST', body });
}

/** GET /cms/report-an-issues/{id}/: one of the signed-in user's reports. */
export function getIssue(api: ApiClient, id: number): Promise<Issue> {
  return api.authed(issueSchema, `/cms/report-an-issues/${id}/`);
}
