import { PUBLIC_VALIDATION } from '@contract/forms/public';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getIssue, listIssues, reportIssue } from '../../src/api/issues';
import { expectRefusal, signedIn } from './interactions';
import { INJECTED_ISSUE_ID, ISSUE_REPLY, PROVIDER_STATES } from './states';
import { apiPath, failureOf, PROVIDERS, pactWith, pathWithId, signedInClient } from './support';

const { like, eachLike, integer, regex } = MatchersV3;

const pact = pactWith(PROVIDERS.api);
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

const REPORT = {
  name: 'Sara Al-Qahtani',
  subject: 'Video does not play',
  description: 'The second lecture video of week 2 stops after a few seconds.',
};

function issue(values: { name: string; subject: string; description: string }) {
  return {
    id: integer(1),
    name: like(values.name),
    subject: like(values.subject),
    description: like(values.description),
    status: regex('^(Pending|Resolved)$', 'Pending'),
    created_at: regex(DATE_TIME, '2026-11-23T08:30:00Z'),
  };
}

describe('Issues contract: /cms/report-an-issues/', () => {
  it("lists the signed-in user's reports", async () => {
    await signedIn(pact, PROVIDER_STATES.traineeReportedIssue, "a request for the trainee's issue reports")
      .sends('GET', apiPath('/cms/report-an-issues/'))
      .answers(200, { count: integer(1), page: 1, limit: 25, results: eachLike(issue(REPORT)) })
      .executeTest(async (mockServer) => {
        const page = await listIssues(signedInClient(mockServer));
        expect(page.results[0]?.status).toBe('Pending');
      });
  });

  it('reports an issue', async () => {
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, 'an issue report')
      .sends('POST', apiPath('/cms/report-an-issues/'), REPORT)
      .answers(201, { ...issue(REPORT), ...REPORT, status: 'Pending' })
      .executeTest(async (mockServer) => {
        const created = await reportIssue(signedInClient(mockServer), REPORT);
        expect(created.subject).toBe(REPORT.subject);
        expect(created.status).toBe('Pending');
      });
  });

  it('refuses a report without a description with 400', async () => {
    const incomplete = { ...REPORT, description: '  ' };
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, 'an issue report without a description')
      .sends('POST', apiPath('/cms/report-an-issues/'), incomplete)
      .refusesField(400, 'description', PUBLIC_VALIDATION.descriptionRequired)
      .executeTest(async (mockServer) => {
        const error = await failureOf(reportIssue(signedInClient(mockServer), incomplete));
        expect(error.message).toBe('description Is Required');
      });
  });

  it('reads one of the signed-in user’s reports', async () => {
    await signedIn(
      pact,
      PROVIDER_STATES.traineeReportedIssue,
      'a request for one of the trainee’s issue reports',
    )
      .sends(
        'GET',
        pathWithId((id) => `/cms/report-an-issues/${id}/`, INJECTED_ISSUE_ID, 1),
      )
      .answers(200, issue(REPORT))
      .executeTest(async (mockServer) => {
        const report = await getIssue(signedInClient(mockServer), 1);
        expect(report.id).toBe(1);
      });
  });

  it("answers 404 for another user's report", async () => {
    await signedIn(pact, PROVIDER_STATES.otherUserReportedIssue, "a request for another user's issue report")
      .sends(
        'GET',
        pathWithId((id) => `/cms/report-an-issues/${id}/`, INJECTED_ISSUE_ID, 2),
      )
      .refuses(404, SERVER_MESSAGES.notFound)
      .executeTest(async (mockServer) => {
        await expectRefusal(getIssue(signedInClient(mockServer), 2), 404);
      });
  });
});

// Beyond the spec: the centre's reply to a report it resolved (the back office), in the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

describe('Issues contract (extensions): the centre’s reply', () => {
  it('reads a report the centre resolved, with its reply', async () => {
    await signedIn(extensions, PROVIDER_STATES.traineeIssueResolved, 'a request for a resolved issue report')
      .sends(
        'GET',
        pathWithId((id) => `/cms/report-an-issues/${id}/`, INJECTED_ISSUE_ID, 3),
      )
      .answers(200, { ...issue(REPORT), status: 'Resolved', reply: like(ISSUE_REPLY) })
      .executeTest(async (mockServer) => {
        const report = await getIssue(signedInClient(mockServer), 3);
        expect(report).toMatchObject({ status: 'Resolved', reply: ISSUE_REPLY });
      });
  });
});
