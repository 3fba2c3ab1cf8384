import { pagedSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/**
 * The back office's certificates (not in the spec): GET /staff/certificates/?q=&page=&limit= and
 * POST /staff/certificates/:code/revoke/. Pinned in the pact of provider kfu-training-api-admin.
 */

/** One certificate as the staff list it: its holder, its course, and whether it is revoked. */
export const staffCertificateSchema = z.object({
  code: z.string(),
  holder: z.object({ id: z.int(), full_name: z.string(), email: z.string() }),
  course: z.object({ id: z.int(), title: z.string(), title_ar: z.string() }),
  issued_at: z.string(),
  revoked_at: z.nullable(z.string()),
  revoke_reason: z.nullable(z.string()),
});
export type StaffCertificate = z.infer<typeof staffCertificateSchema>;

/** GET /staff/certificates/?q=: by code (read leniently), or part of the holder's name or e-mail. */
export const staffCertificatesResponseSchema = z.object({
  success: z.literal(true),
  data: pagedSchema(staffCertificateSchema),
});
export type StaffCertificatePage = z.infer<typeof staffCertificatesResponseSchema>['data'];

/** The longest search the list reads. */
export const CERTIFICATE_SEARCH_MAX = 200;

/** POST /staff/certificates/:code/revoke/ { reason }: the certificate, revoked, and the sentence to show. */
export const revokeCertificateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: staffCertificateSchema,
});
export type RevokeCertificateResponse = z.infer<typeof revokeCertificateResponseSchema>;
