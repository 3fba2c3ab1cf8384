import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { type IssueStatus, issueStatusSchema } from '@contract/wire/issues';
import {
  ISSUE_REPLY_MAX,
  issueResolveRequestSchema,
  issueResolveResponseSchema,
  type StaffIssue,
  staffIssuesResponseSchema,
} from '@contract/wire/staff-issues';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Db, Queryable } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { NOTIFICATIONS } from '../notifications/notifier';
import { type Page, type PageRequest, pageRequest, selectPage } from '../paging';
import { jsonBody, validId, validQuery } from '../validation';
import { recordAudit, type StaffActor, webActorOf } from './audit';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const COLUMNS = `i.id, i.name, u.email, i.subject, i.description, i.status,
  to_char(i.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at, i.reply,
  to_char(i.resolved_at AT TIME ZONE 'UTC', ${ISO}) AS resolved_at, r.full_name AS resolved_by`;
const FROM = `FROM issue_reports i JOIN users u ON u.id = i.user_id LEFT JOIN users r ON r.id = i.resolved_by`;

/** One page of the issue reports, of one status or all, newest first. */
export function staffIssuePage(
  db: Db,
  status: IssueStatus | undefined,
  request: PageRequest,
): Promise<Page<StaffIssue>> {
  const where = status ? 'WHERE i.status = $1' : '';
  const params = status ? [status] : [];
  return selectPage<StaffIssue>(
    db,
    request,
    { sql: `SELECT ${COLUMNS} ${FROM} ${where} ORDER BY i.id DESC`, params },
    { sql: `SELECT count(*)::int AS count FROM issue_reports i ${where}`, params },
  );
}

async function findStaffIssue(db: Queryable, id: number): Promise<StaffIssue | undefined> {
  const { rows } = await db.query<StaffIssue>(`SELECT ${COLUMNS} ${FROM} WHERE i.id = $1`, [id]);
  return rows[0];
}

/** A reply the reporter can read: written, and at most ISSUE_REPLY_MAX characters. */
function checkedReply(reply: string): string {
  const text = reply.trim();
  if (!text || text.length > ISSUE_REPLY_MAX) {
    throw new HttpProblem(400, { field: 'reply', message: STAFF_MESSAGES.issueReplyInvalid });
  }
  return text;
}

/**
 * Resolves an issue report with the centre's reply: its reporter reads Resolved and the reply on
 * /issue-list and is notified, in one transaction with the audit record (the notice is pushed once
 * it is committed). 404 for no such report, 409 when it was resolved already.
 */
export async function resolveIssue(
  db: Db,
  notifier: Deps['notifier'],
  actor: StaffActor,
  id: number,
  reply: string,
): Promise<StaffIssue> {
  const text = checkedReply(reply);
  const { issue, announce } = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number; subject: string }>(
      `UPDATE issue_reports SET status = 'Resolved', reply = $2, resolved_at = now(), resolved_by = $3
       WHERE id = $1 AND status = 'Pending' RETURNING user_id, subject`,
      [id, text, actor.id],
    );
    const resolved = rows[0];
    if (!resolved) {
      const exists = await findStaffIssue(tx, id);
      throw exists
        ? new HttpProblem(409, STAFF_MESSAGES.issueAlreadyResolved)
        : new HttpProblem(404, SERVER_MESSAGES.notFound);
    }
    await recordAudit(tx, actor, {
      action: 'issue.resolve',
      subject: { kind: 'issue', id, label: resolved.subject },
      reason: text,
      before: { status: 'Pending' },
      after: { status: 'Resolved' },
    });
    const notice = await notifier.notifyWithin(
      tx,
      resolved.user_id,
      NOTIFICATIONS.issueResolved(resolved.subject, text),
    );
    return { issue: (await findStaffIssue(tx, id)) as StaffIssue, announce: notice.announce };
  });
  await announce();
  return issue;
}

/** /staff/issue-reports/: the list by status; POST …/:id/resolve/ with the reply. Staff only. */
export function issueRoutes({ db, tokens, notifier }: Deps): Mounts {
  const staff = [requireAuth(db, tokens), requireRole('ADMIN')] as const;
  const routes = new Hono<AppEnv>();
  routes.get(
    '/',
    ...staff,
    validQuery((query) => {
      const status = query('status') || undefined;
      const parsed = status === undefined ? undefined : issueStatusSchema.safeParse(status);
      if (parsed && !parsed.success) throw new HttpProblem(400, STAFF_MESSAGES.issueStatusInvalid);
      return { status: parsed?.data, page: pageRequest(query) };
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(
        staffIssuesResponseSchema.parse({
          success: true,
          data: await staffIssuePage(db, query.status, query.page),
        }),
      );
    },
  );
  routes.post(
    '/:id/resolve/',
    ...staff,
    validId(),
    jsonBody(issueResolveRequestSchema, STAFF_MESSAGES.issueReplyInvalid),
    async (c) => {
      const issue = await resolveIssue(
        db,
        notifier,
        webActorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').reply,
      );
      return c.json(
        issueResolveResponseSchema.parse({
          success: true,
          message: STAFF_MESSAGES.issueResolved,
          data: issue,
        }),
      );
    },
  );
  return [['/staff/issue-reports/', routes]];
}
