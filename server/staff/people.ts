import { toLatinDigits } from '@contract/domain/digits';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { type Role, roleSchema } from '@contract/wire/common';
import {
  disableRequestSchema,
  type Person,
  type PersonSummary,
  peopleResponseSchema,
  personAccountResponseSchema,
  personResponseSchema,
} from '@contract/wire/people';
import { type Context, Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import { revokeSessions } from '../auth/sessions';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import { type Page, type PageRequest, pageRequest, selectPage } from '../paging';
import { jsonBody, validId, validQuery } from '../validation';
import { recordAudit, type StaffActor, webActorOf } from './audit';
import { checkedReason } from './decisions';

/** Sign-ins kept per account; the page shows the newest SIGN_INS_SHOWN. */
export const SIGN_INS_KEPT = 20;
export const SIGN_INS_SHOWN = 10;

/**
 * Records a successful sign-in (never a token): the address and browser it came from. One
 * statement, which also drops the account's sign-ins older than the newest SIGN_INS_KEPT.
 */
export async function recordSignIn(
  db: Db,
  userId: number,
  client: { ip: string; userAgent: string | undefined },
): Promise<void> {
  // The DELETE sees the table as it was before this INSERT: it keeps the newest KEPT − 1 of before.
  await db.query(
    `WITH added AS (INSERT INTO sign_ins (user_id, ip, user_agent) VALUES ($1, $2, $3) RETURNING id)
     DELETE FROM sign_ins WHERE user_id = $1 AND id < (
       SELECT min(id) FROM (SELECT id FROM sign_ins WHERE user_id = $1 ORDER BY id DESC LIMIT $4) kept)`,
    [
      userId,
      client.ip === 'unknown' ? null : client.ip,
      client.userAgent?.slice(0, 400) || null,
      SIGN_INS_KEPT - 1,
    ],
  );
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${ISO})`;

export interface PeopleFilters {
  /** Part of a name or an e-mail address, a phone or id number (digits as typed), or an account id. */
  q?: string | undefined;
  role?: Role | undefined;
}

/**
 * One page of accounts (closed ones left out), newest first: those whose name or e-mail address
 * holds `q` (any case), whose phone or id number holds its digits, or whose id it is.
 */
export async function searchPeople(
  db: Db,
  filters: PeopleFilters,
  request: PageRequest,
): Promise<Page<PersonSummary>> {
  const conditions = ['closed_at IS NULL'];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.role) conditions.push(`role = ${add(filters.role)}`);
  const text = toLatinDigits(filters.q ?? '')
    .trim()
    .toLowerCase();
  if (text) {
    const like = (value: string) => add(`%${value.replace(/[\\%_]/g, '\\$&')}%`);
    const anyOf = [`lower(full_name) LIKE ${like(text)}`, `email LIKE ${like(text)}`];
    // A number is looked for without its spaces, dashes and brackets, as phone numbers are stored.
    const digits = text.replace(/[\s()-]/g, '');
    if (/^\+?\d+$/.test(digits)) {
      const pattern = like(digits);
      anyOf.push(`phone_number LIKE ${pattern}`, `govt_id_or_iqama_no LIKE ${pattern}`);
      if (/^\d{1,9}$/.test(digits)) anyOf.push(`id = ${add(Number(digits))}`);
    }
    conditions.push(`(${anyOf.join(' OR ')})`);
  }
  const where = `WHERE ${conditions.join(' AND ')}`;
  const page = await selectPage<Omit<PersonSummary, 'disabled'> & { disabled_at: string | null }>(
    db,
    request,
    {
      sql: `SELECT id, full_name, email, phone_number, role, ${iso('disabled_at')} AS disabled_at,
              ${iso('created_at')} AS created_at
            FROM users ${where} ORDER BY created_at DESC, id DESC`,
      params,
    },
    { sql: `SELECT count(*)::int AS count FROM users ${where}`, params },
  );
  return {
    ...page,
    results: page.results.map(({ disabled_at, ...person }) => ({
      ...person,
      disabled: disabled_at !== null,
    })),
  };
}

/** A person's page: the account, its enrolments, payments, certificates and recent sign-ins. */
export async function findPerson(db: Db, id: number): Promise<Person | undefined> {
  const { rows } = await db.query<
    Omit<Person, 'disabled' | 'enrolments' | 'payments' | 'certificates' | 'sign_ins'> & {
      disabled_at: string | null;
      disabled_reason: string | null;
    }
  >(
    `SELECT id, full_name, email, phone_number, govt_id_or_iqama_no, role, ${iso('created_at')} AS created_at,
       ${iso('disabled_at')} AS disabled_at, disabled_reason
     FROM users WHERE id = $1 AND closed_at IS NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const course = `json_build_object('id', c.id, 'title', c.title, 'title_ar', c.title_ar)`;
  const [enrolments, payments, certificates, signIns] = await Promise.all([
    db.query<Person['enrolments'][number]>(
      `SELECT e.id, ${course} AS course, e.status, ${iso('e.created_at')} AS created_at
       FROM enrolments e JOIN courses c ON c.id = e.course_id
       WHERE e.user_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
      [id],
    ),
    db.query<Person['payments'][number]>(
      `SELECT p.id::text AS id, ${course} AS course, p.method, p.status, p.total, p.refund_status,
         ${iso('p.created_at')} AS created_at
       FROM payments p JOIN courses c ON c.id = p.course_id
       WHERE p.user_id = $1 ORDER BY p.created_at DESC`,
      [id],
    ),
    db.query<Person['certificates'][number]>(
      `SELECT code, json_build_object('title', course_title, 'title_ar', course_title_ar) AS course,
         ${iso('issued_at')} AS issued_at, ${iso('revoked_at')} AS revoked_at
       FROM certificates WHERE user_id = $1 ORDER BY issued_at DESC`,
      [id],
    ),
    db.query<Person['sign_ins'][number]>(
      `SELECT ${iso('at')} AS at, ip, user_agent FROM sign_ins WHERE user_id = $1
       ORDER BY id DESC LIMIT ${SIGN_INS_SHOWN}`,
      [id],
    ),
  ]);
  const { disabled_at, disabled_reason, ...person } = row;
  return {
    ...person,
    disabled: disabled_at ? { at: disabled_at, reason: disabled_reason ?? '' } : null,
    enrolments: enrolments.rows,
    payments: payments.rows,
    certificates: certificates.rows,
    sign_ins: signIns.rows,
  };
}

/**
 * Disables the account (with the reason) or enables it again, with its audit record, in one
 * transaction. Disabling also ends every session: each token issued before is refused. The caller
 * tells the live hub once this is committed, so the person's open sockets close.
 */
export async function setDisabled(
  db: Db,
  actor: StaffActor,
  id: number,
  change: { disable: true; reason: string } | { disable: false },
): Promise<void> {
  if (change.disable && id === actor.id) throw new HttpProblem(409, STAFF_MESSAGES.cannotDisableSelf);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      full_name: string;
      email: string;
      disabled_at: string | null;
      disabled_reason: string | null;
    }>(
      `SELECT full_name, email, ${iso('disabled_at')} AS disabled_at, disabled_reason
       FROM users WHERE id = $1 AND closed_at IS NULL FOR UPDATE`,
      [id],
    );
    const person = rows[0];
    if (!person) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const disabled = person.disabled_at !== null;
    if (change.disable === disabled) {
      throw new HttpProblem(409, disabled ? STAFF_MESSAGES.alreadyDisabled : STAFF_MESSAGES.notDisabled);
    }
    const { rows: updated } = await tx.query<{ disabled_at: string | null }>(
      `UPDATE users SET disabled_at = CASE WHEN $2 THEN now() END, disabled_reason = $3 WHERE id = $1
       RETURNING ${iso('disabled_at')} AS disabled_at`,
      [id, change.disable, change.disable ? change.reason : null],
    );
    if (change.disable) await revokeSessions(tx, id);
    await recordAudit(tx, actor, {
      action: change.disable ? 'person.disable' : 'person.enable',
      subject: { kind: 'person', id, label: `${person.full_name} <${person.email}>` },
      reason: change.disable ? change.reason : null,
      before: { disabled: disabled, disabled_at: person.disabled_at, reason: person.disabled_reason },
      after: {
        disabled: change.disable,
        disabled_at: updated[0]?.disabled_at ?? null,
        reason: change.disable ? change.reason : null,
      },
    });
  });
}

function roleOf(text: string | undefined): Role | undefined {
  if (!text) return undefined;
  const parsed = roleSchema.safeParse(text.toUpperCase());
  if (!parsed.success) throw new HttpProblem(400, { field: 'role', message: STAFF_MESSAGES.roleInvalid });
  return parsed.data;
}

/** /staff/people/…: search, a person's page, disable and enable (role ADMIN only). */
export function peopleRoutes(deps: Deps): Hono<AppEnv> {
  const { db, tokens, onSessionsRevoked } = deps;
  const staff = [requireAuth(db, tokens), requireRole('ADMIN')] as const;
  const actorOf = webActorOf;
  const answer = (c: Context<AppEnv>, id: number, disabled: boolean) =>
    c.json(
      personAccountResponseSchema.parse({
        success: true,
        message: disabled ? STAFF_MESSAGES.personDisabled : STAFF_MESSAGES.personEnabled,
        data: { id, disabled },
      }),
    );

  const people = new Hono<AppEnv>();
  people.get(
    '/',
    ...staff,
    validQuery((query) => ({
      filters: { q: query('q')?.slice(0, 200), role: roleOf(query('role')) },
      page: pageRequest(query),
    })),
    async (c) => {
      const { filters, page } = c.req.valid('query');
      return c.json(
        peopleResponseSchema.parse({ success: true, data: await searchPeople(db, filters, page) }),
      );
    },
  );
  people.get('/:id/', ...staff, validId(), async (c) => {
    const person = await findPerson(db, c.req.valid('param').id);
    if (!person) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(personResponseSchema.parse({ success: true, data: person }));
  });
  people.post(
    '/:id/disable/',
    ...staff,
    validId(),
    jsonBody(disableRequestSchema, STAFF_MESSAGES.reasonInvalid),
    async (c) => {
      const { id } = c.req.valid('param');
      const reason = checkedReason(c.req.valid('json').reason);
      await setDisabled(db, actorOf(c), id, { disable: true, reason });
      // Committed: the person's open sockets close now, as their next call is refused.
      onSessionsRevoked(id);
      return answer(c, id, true);
    },
  );
  people.post('/:id/enable/', ...staff, validId(), async (c) => {
    const { id } = c.req.valid('param');
    await setDisabled(db, actorOf(c), id, { disable: false });
    return answer(c, id, false);
  });
  return people;
}
