import * as z from 'zod/mini';

/**
 * Checking a certificate (spec sections 1 and 2; DOMAIN-NOTES "Certificates and PDFs with Arabic"):
 * anyone with a certificate's code (printed on it, and in its QR code as `/verify/{code}`) can see
 * whether it is valid or was revoked, and what it states.
 *
 * Call (extensions pact): `GET /certificates/{code}/`, public. The code is read leniently
 * (`readCertificateCode`: lower case, spaces, Arabic-Indic digits…). An unknown code and one that
 * cannot be a code get the same 404, so the answer teaches nothing about which codes exist.
 */

export const certificateStatusSchema = z.enum(['valid', 'revoked']);
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/**
 * What a certificate states, as issued (never the holder's e-mail or anything it does not print),
 * and whether it still stands. Dates `YYYY-MM-DD`; times ISO 8601 in UTC; `hours` of sessions held.
 */
export const certificateCheckSchema = z.object({
  code: z.string(),
  status: certificateStatusSchema,
  holder_name: z.string(),
  course: z.object({ id: z.int(), title: z.string(), title_ar: z.string() }),
  trainer_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  hours: z.number(),
  issued_at: z.string(),
  revoked_at: z.nullable(z.string()),
  revoke_reason: z.nullable(z.string()),
});
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;
