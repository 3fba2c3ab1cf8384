import { STAFF_MESSAGES } from '@contract/messages/staff';
import { issuePageSchema } from '@contract/wire/issues';
import { auditResponseSchema } from '@contract/wire/staff';
import { issueResolveResponseSchema, staffIssuesResponseSchema } from '@contract/wire/staff-issues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { testClient } from '../support/test-client';

let server: TestServer;
let staff: string;
let reporter: { token: string; email: string };

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedInStaff(server, 'issues')).token;
  const trainee = await signedInTrainee(server, 'reporter');
  reporter = { token: trainee.token, email: trainee.user.email };
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

async function report(subject: string): Promise<number> {
  const answer = await call('/cms/report-an-issues/', {
    token: reporter.token,
    body: { name: 'Sara Reporter', subject, description: 'The video of week 2 stops after a minute.' },
  });
  expect(answer.status).toBe(201);
  return (answer.body as { id: number }).id;
}

const resolve = (id: number, reply: string) =>
  call(`/staff/issue-reports/${id}/resolve/`, { token: staff, body: { reply } });

describe('issue reports in the back office', () => {
  it('lists the reports waiting, newest first, with the reporter’s address, and refuses an unknown status', async () => {
    const first = await report('Video stops');
    const second = await report('Quiz will not open');
    const answer = await call('/staff/issue-reports/?status=Pending', { token: staff });
    expect(answer.status).toBe(200);
    const page = staffIssuesResponseSchema.parse(answer.body).data;
    const ids = page.results.map((issue) => issue.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(page.results.find((issue) => issue.id === first)).toMatchObject({
      email: reporter.email,
      status: 'Pending',
      reply: null,
      resolved_by: null,
    });
    const bad = await call('/staff/issue-reports/?status=Closed', { token: staff });
    expect(bad).toEqual({
      status: 400,
      body: { success: false, details: [{ message: STAFF_MESSAGES.issueStatusInvalid }] },
    });
  });

  it('resolves a report with a reply its reporter reads and is told of, once', async () => {
    const id = await report('Certificate name misspelt');
    const blank = await resolve(id, '   ');
    expect(blank).toEqual({
      status: 400,
      body: { success: false, details: [{ field: 'reply', message: STAFF_MESSAGES.issueReplyInvalid }] },
    });
    expect((await resolve(id, 'x'.repeat(2001))).status).toBe(400);

    const done = await resolve(id, '  We corrected the name; download the certificate again.  ');
    expect(done.status).toBe(200);
    const resolved = issueResolveResponseSchema.parse(done.body);
    expect(resolved.message).toBe(STAFF_MESSAGES.issueResolved);
    expect(resolved.data).toMatchObject({
      status: 'Resolved',
      reply: 'We corrected the name; download the certificate again.',
      resolved_by: expect.stringContaining('Issues Staff'),
    });

    const again = await resolve(id, 'Another reply');
    expect(again).toEqual({
      status: 409,
      body: { success: false, details: [{ message: STAFF_MESSAGES.issueAlreadyResolved }] },
    });
    expect((await resolve(999_999, 'A reply')).status).toBe(404);

    const own = issuePageSchema.parse((await call('/cms/report-an-issues/', { token: reporter.token })).body);
    expect(own.results.find((issue) => issue.id === id)).toMatchObject({
      status: 'Resolved',
      reply: 'We corrected the name; download the certificate again.',
    });
    const { rows } = await server.db.query<{ title: string; link: string }>(
      `SELECT n.title, n.link FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = $1`,
      [reporter.email],
    );
    expect(rows).toContainEqual({ title: 'Your issue is resolved', link: '/issue-list' });
    const audit = auditResponseSchema.parse(
      (await call('/staff/audit/?action=issue.resolve', { token: staff })).body,
    );
    expect(audit.data.results.some((entry) => entry.subject.id === String(id))).toBe(true);
  });
});
