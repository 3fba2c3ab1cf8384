import type { AuditAction, AuditEntry, AuditFilters } from '@contract/wire/staff';
import type { Context } from 'hono';
import { centreTimeZone } from '../centre-time';
import type { Db, Queryable } from '../db';
import type { AppEnv } from '../http';
import { type Page, type PageRequest, selectPage } from '../paging';

/** The member of staff who decides, and where: the back office, or `npm run admin`. */
export interface StaffActor {
  id: number;
  full_name: string;
  email: string;
  via: 'web' | 'cli';
}

/** The signed-in member of staff (requireAuth, requireRole('ADMIN')) deciding in the back office. */
export function webActorOf(c: Context<AppEnv>): StaffActor {
  const { id, full_name, email } = c.get('user');
  return { id, full_name, email, via: 'web' };
}

export interface AuditRecord {
  action: AuditAction;
  subject: { kind: string; id: string | number; label: string };
  reason?: string | null | undefined;
  before?: Record<string, unknown> | null | undefined;
  after?: Record<string, unknown> | null | undefined;
}

/**
 * Adds a decision to the audit log, with the statements of the transaction that makes it (so the
 * record and the change are committed together or not at all). The log refuses changes and
 * deletions (migration 029).
 */
export async function recordAudit(tx: Queryable, actor: StaffActor, record: AuditRecord): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log
       (actor_id, actor_name, actor_email, action, subject_kind, subject_id, subject_label, reason, before, after, via)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      actor.id,
      actor.full_name,
      actor.email,
      record.action,
      record.subject.kind,
      String(record.subject.id),
      record.subject.label,
      record.reason?.trim() || null,
      record.before ? JSON.stringify(record.before) : null,
      record.after ? JSON.stringify(record.after) : null,
      actor.via,
    ],
  );
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

interface AuditRow {
  id: number;
  at: string;
  actor_id: number;
  actor_name: string;
  actor_email: string;
  action: AuditEntry['action'];
  subject_kind: string;
  subject_id: string;
  subject_label: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  via: AuditEntry['via'];
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at,
    actor: { id: row.actor_id, full_name: row.actor_name, email: row.actor_email },
    action: row.action,
    subject: { kind: row.subject_kind, id: row.subject_id, label: row.subject_label },
    reason: row.reason,
    before: row.before,
    after: row.after,
    via: row.via,
  };
}

/** The WHERE clause of the filters and its parameters. `actor`: part of a name or an address. */
function filterClause(filters: AuditFilters): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (n: number) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(params.length));
  };
  if (filters.action) add((n) => `action = $${n}`, filters.action);
  if (filters.actor?.trim()) {
    const pattern = `%${filters.actor
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, '\\$&')}%`;
    add((n) => `(lower(actor_name) LIKE $${n} OR actor_email LIKE $${n})`, pattern);
  }
  // Days of the centre's calendar, both included.
  if (filters.from || filters.to) {
    params.push(centreTimeZone());
    const zone = params.length;
    if (filters.from) add((n) => `at >= ($${n}::date::timestamp AT TIME ZONE $${zone})`, filters.from);
    if (filters.to) add((n) => `at < (($${n}::date + 1)::timestamp AT TIME ZONE $${zone})`, filters.to);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

const COLUMNS = `id, to_char(at AT TIME ZONE 'UTC', ${ISO}) AS at, actor_id, actor_name, actor_email, action,
  subject_kind, subject_id, subject_label, reason, before, after, via`;

/** One page of the log, newest first. */
export async function auditPage(
  db: Db,
  filters: AuditFilters,
  request: PageRequest,
): Promise<Page<AuditEntry>> {
  const { where, params } = filterClause(filters);
  const page = await selectPage<AuditRow>(
    db,
    request,
    { sql: `SELECT ${COLUMNS} FROM audit_log ${where} ORDER BY at DESC, id DESC`, params },
    { sql: `SELECT count(*)::int AS count FROM audit_log ${where}`, params },
  );
  return { ...page, results: page.results.map(toEntry) };
}

/** The most rows one export holds. */
export const AUDIT_EXPORT_MAX = 10_000;

/** Every entry the filters keep (newest first, at most AUDIT_EXPORT_MAX), for the export. */
export async function auditEntries(db: Db, filters: AuditFilters): Promise<AuditEntry[]> {
  const { where, params } = filterClause(filters);
  const { rows } = await db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT ${AUDIT_EXPORT_MAX}`,
    params,
  );
  return rows.map(toEntry);
}
