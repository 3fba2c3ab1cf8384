import { readCertificateCode } from '@contract/domain/certificates';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import { rejectionRequestSchema } from '@contract/wire/staff';
import {
  CERTIFICATE_SEARCH_MAX,
  revokeCertificateResponseSchema,
  type StaffCertificate,
  staffCertificatesResponseSchema,
} from '@contract/wire/staff-certificates';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import { CertificateAdminError, revokeAndNotify } from '../certificates/admin';
import type { Db, Queryable } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { type Page, type PageRequest, pageRequest, selectPage } from '../paging';
import { jsonBody, validQuery } from '../validation';
import { webActorOf } from './audit';
import { checkedReason } from './decisions';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

const SELECT = `SELECT c.code, c.user_id, c.holder_name, u.email, c.course_id, c.course_title, c.course_title_ar,
    to_char(c.issued_at AT TIME ZONE 'UTC', ${ISO}) AS issued_at,
    to_char(c.revoked_at AT TIME ZONE 'UTC', ${ISO}) AS revoked_at, c.revoke_reason
  FROM certificates c JOIN users u ON u.id = c.user_id`;

interface Row {
  code: string;
  user_id: number;
  holder_name: string;
  email: string;
  course_id: number;
  course_title: string;
  course_title_ar: string;
  issued_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
}

function toCertificate(row: Row): StaffCertificate {
  return {
    code: row.code,
    // The holder as the certificate names them.
    holder: { id: row.user_id, full_name: row.holder_name, email: row.email },
    course: { id: row.course_id, title: row.course_title, title_ar: row.course_title_ar },
    issued_at: row.issued_at,
    revoked_at: row.revoked_at,
    revoke_reason: row.revoke_reason,
  };
}

/**
 * One page of the certificates, newest first: the one with the code when `q` reads as a code,
 * else those whose holder's name (on the certificate or the account) or e-mail holds `q`.
 */
export async function certificatePage(
  db: Db,
  q: string,
  request: PageRequest,
): Promise<Page<StaffCertificate>> {
  const code = q ? readCertificateCode(q) : undefined;
  let where = '';
  let params: unknown[] = [];
  if (code) {
    where = 'WHERE c.code = $1';
    params = [code];
  } else if (q) {
    where = `WHERE lower(c.holder_name) LIKE $1 OR lower(u.full_name) LIKE $1 OR u.email LIKE $1`;
    params = [`%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`];
  }
  const page = await selectPage<Row>(
    db,
    request,
    { sql: `${SELECT} ${where} ORDER BY c.issued_at DESC, c.id DESC`, params },
    {
      sql: `SELECT count(*)::int AS count FROM certificates c JOIN users u ON u.id = c.user_id ${where}`,
      params,
    },
  );
  return { ...page, results: page.results.map(toCertificate) };
}

async function staffCertificate(db: Queryable, code: string): Promise<StaffCertificate | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE c.code = $1`, [code]);
  return rows[0] && toCertificate(rows[0]);
}

/**
 * /staff/certificates/: the staff find a certificate by code or holder, and revoke one with a reason
 * (the holder is told; its public check then says revoked), recorded in the audit log.
 */
export function staffCertificateRoutes({ db, tokens, notifier }: Deps): Mounts {
  const staff = [requireAuth(db, tokens), requireRole('ADMIN')] as const;
  const actorOf = webActorOf;

  const routes = new Hono<AppEnv>();
  routes.get(
    '/',
    ...staff,
    validQuery((query) => {
      const q = (query('q') ?? '').trim();
      if (q.length > CERTIFICATE_SEARCH_MAX) {
        throw new HttpProblem(400, { field: 'q', message: STAFF_MESSAGES.searchTooLong });
      }
      return { q, page: pageRequest(query) };
    }),
    async (c) => {
      const { q, page } = c.req.valid('query');
      return c.json(
        staffCertificatesResponseSchema.parse({ success: true, data: await certificatePage(db, q, page) }),
      );
    },
  );
  routes.post(
    '/:code/revoke/',
    ...staff,
    jsonBody(rejectionRequestSchema, STAFF_MESSAGES.reasonInvalid),
    async (c) => {
      const code = readCertificateCode(c.req.param('code'));
      if (!code) throw new HttpProblem(404, VERIFICATION_MESSAGES.unknown);
      const reason = checkedReason(c.req.valid('json').reason);
      const outcome = await revokeAndNotify(db, notifier, code, reason, actorOf(c)).catch((error) => {
        if (error instanceof CertificateAdminError) throw new HttpProblem(error.status, error.userMessage);
        throw error;
      });
      if (outcome.already_revoked) throw new HttpProblem(409, STAFF_MESSAGES.certificateAlreadyRevoked);
      const certificate = await staffCertificate(db, code);
      return c.json(
        revokeCertificateResponseSchema.parse({
          success: true,
          message: STAFF_MESSAGES.certificateRevoked,
          data: certificate,
        }),
      );
    },
  );
  return [['/staff/certificates/', routes]];
}
