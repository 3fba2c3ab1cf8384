import { readCertificateCode } from '@contract/domain/certificates';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import { type CertificateCheck, certificateCheckSchema } from '@contract/wire/verification';
import { Hono } from 'hono';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { type Certificate, findCertificate } from '../records/certificates';

/** What the public check shows of a certificate: what it states, and whether it still stands. */
export function certificateCheckOf(certificate: Certificate): CertificateCheck {
  return certificateCheckSchema.parse({
    code: certificate.code,
    status: certificate.revoked_at ? 'revoked' : 'valid',
    holder_name: certificate.holder_name,
    course: {
      id: certificate.course_id,
      title: certificate.course_title,
      title_ar: certificate.course_title_ar,
    },
    trainer_name: certificate.trainer_name,
    start_date: certificate.start_date,
    end_date: certificate.end_date,
    hours: certificate.hours,
    issued_at: certificate.issued_at,
    revoked_at: certificate.revoked_at,
    revoke_reason: certificate.revoke_reason,
  });
}

/**
 * GET /certificates/{code}/: public (whoever holds the paper or scans its QR code), counted per
 * client address. An unknown code and one that cannot be a code get the same 404. Never kept by a
 * cache, so a revocation shows at once.
 */
export function certificateRoutes({ db, limiter }: Deps): Mounts {
  const routes = new Hono<AppEnv>();

  routes.get('/:code/', limiter.perClient('certificateCheckClient'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const code = readCertificateCode(c.req.param('code'));
    const certificate = code ? await findCertificate(db, code) : undefined;
    if (!certificate)
      throw new HttpProblem(404, VERIFICATION_MESSAGES.unknown, { 'Cache-Control': 'no-store' });
    return c.json(certificateCheckOf(certificate));
  });

  return [['/certificates/', routes]];
}
