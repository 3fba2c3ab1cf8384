import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import { Hono } from 'hono';
import { deciderOf, requireAdminOrStaffToken } from '../admin/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, validQuery } from '../validation';
import {
  CertificateAdminError,
  certificateListSchema,
  certificatesOf,
  revokeAndNotify,
  revokeRequestSchema,
  revokeResponseSchema,
} from './admin';

/**
 * The administrator's certificate commands (`npm run admin -- revoke-certificate CODE --reason …`
 * and `npm run admin -- certificates EMAIL`): POST /admin/revoke-certificate/ and
 * GET /admin/certificates/?email=, with a personal staff token (the revocation is recorded under that
 * person) or the admin token.
 */
export function certificateAdminRoutes({ db, adminToken, notifier }: Deps): Mounts {
  const refused = (error: unknown): never => {
    if (error instanceof CertificateAdminError) throw new HttpProblem(error.status, error.userMessage);
    throw error;
  };

  const revoke = new Hono<AppEnv>();
  revoke.use('/', requireAdminOrStaffToken(adminToken, db));
  revoke.post('/', jsonBody(revokeRequestSchema, VERIFICATION_MESSAGES.revokeReasonInvalid), async (c) => {
    const { code, reason } = c.req.valid('json');
    const outcome = await revokeAndNotify(db, notifier, code, reason, deciderOf(c)).catch(refused);
    return c.json(revokeResponseSchema.parse({ success: true, data: outcome }));
  });

  const certificates = new Hono<AppEnv>();
  certificates.use('/', requireAdminOrStaffToken(adminToken, db));
  certificates.get(
    '/',
    validQuery((query) => {
      const email = query('email')?.trim();
      if (!email) throw new HttpProblem(400, SERVER_MESSAGES.userNotFound);
      return { email };
    }),
    async (c) => {
      const list = await certificatesOf(db, c.req.valid('query').email).catch(refused);
      return c.json(certificateListSchema.parse({ success: true, data: list }));
    },
  );

  return [
    ['/admin/revoke-certificate/', revoke],
    ['/admin/certificates/', certificates],
  ];
}
