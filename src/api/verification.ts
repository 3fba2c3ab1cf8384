import { type CertificateCheck, certificateCheckSchema } from '@contract/wire/verification';
import type { ApiClient } from './client';

/** GET /certificates/{code}/ (public): the certificate with this code, valid or revoked; 404 when none. */
export function checkCertificate(api: ApiClient, code: string): Promise<CertificateCheck> {
  return api.public(certificateCheckSchema, `/certificates/${encodeURIComponent(code)}/`);
}
