import {
  type RevokeCertificateResponse,
  revokeCertificateResponseSchema,
  type StaffCertificatePage,
  staffCertificatesResponseSchema,
} from '@contract/wire/staff-certificates';
import type { ApiClient } from './client';

/** GET /staff/certificates/?q=&page=: by code, or part of the holder's name or e-mail; newest first. */
export async function getStaffCertificates(
  api: ApiClient,
  q: string,
  page = 1,
): Promise<StaffCertificatePage> {
  const params = new URLSearchParams({ ...(q ? { q } : {}), page: String(page) });
  return (await api.authed(staffCertificatesResponseSchema, `/staff/certificates/?${params}`)).data;
}

/** POST /staff/certificates/{code}/revoke/: the holder is told the reason; the public check says revoked. */
export function revokeStaffCertificate(
  api: ApiClient,
  code: string,
  reason: string,
): Promise<RevokeCertificateResponse> {
  return api.authed(
    revokeCertificateResponseSchema,
    `/staff/certificates/${encodeURIComponent(code)}/revoke/`,
    {
      method: 'POST',
      body: { reason },
    },
  );
}
