import { readCertificateCode } from '@contract/domain/certificates';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import * as z from 'zod/mini';
import type { Db } from '../db';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';
import { type Certificate, findCertificate, revokeCertificate } from '../records/certificates';
import { recordAudit, type StaffActor } from '../staff/audit';
import { findUserByEmail } from '../users';

/** The longest reason a revocation may give. */
export const REVOKE_REASON_MAX = 500;

export const revokeRequestSchema = z.object({
  code: z.string().check(z.maxLength(100)),
  reason: z
    .string()
    .check(z.refine((reason) => reason.trim().length > 0 && reason.trim().length <= REVOKE_REASON_MAX)),
});
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

/** One certificate as the administrator's commands list it. */
export const certificateRowSchema = z.object({
  code: z.string(),
  course_id: z.int(),
  course_title: z.string(),
  holder_name: z.string(),
  issued_at: z.string(),
  revoked_at: z.nullable(z.string()),
  revoke_reason: z.nullable(z.string()),
});
export type CertificateRow = z.infer<typeof certificateRowSchema>;

export const revokeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ certificate: certificateRowSchema, already_revoked: z.boolean() }),
});
export type RevokeOutcome = z.infer<typeof revokeResponseSchema>['data'];

export const certificateListSchema = z.object({
  success: z.literal(true),
  data: z.object({ email: z.string(), certificates: z.array(certificateRowSchema) }),
});
export type CertificateList = z.infer<typeof certificateListSchema>['data'];

/** Why an administrator's certificate command was refused. */
export class CertificateAdminError extends Error {
  override readonly name = 'CertificateAdminError';
  constructor(
    readonly status: 404,
    readonly userMessage: typeof VERIFICATION_MESSAGES.unknown | typeof SERVER_MESSAGES.userNotFound,
  ) {
    super(userMessage);
  }
}

function rowOf(certificate: Certificate): CertificateRow {
  return {
    code: certificate.code,
    course_id: certificate.course_id,
    course_title: certificate.course_title,
    holder_name: certificate.holder_name,
    issued_at: certificate.issued_at,
    revoked_at: certificate.revoked_at,
    revoke_reason: certificate.revoke_reason,
  };
}

/**
 * Revokes the certificate with this code (read leniently) and notifies its holder, in one
 * transaction (`db` may be one already); the notification is announced once it has committed. The
 * member of staff who revokes (`actor`) is recorded in the audit log in the same transaction. Revoking a revoked certificate changes nothing (its first reason stays),
 * notifies nobody and records nothing. Throws for an unknown code.
 */
export async function revokeAndNotify(
  db: Db,
  notifier: Notifier,
  codeText: string,
  reason: string,
  actor: StaffActor,
): Promise<RevokeOutcome> {
  const code = readCertificateCode(codeText);
  if (!code) throw new CertificateAdminError(404, VERIFICATION_MESSAGES.unknown);
  const { outcome, announce } = await db.transaction(async (tx) => {
    // One revocation at a time per certificate, so its holder is told once.
    const { rows } = await tx.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM certificates WHERE code = $1 FOR UPDATE',
      [code],
    );
    const before = rows[0];
    if (!before) throw new CertificateAdminError(404, VERIFICATION_MESSAGES.unknown);
    const certificate = await revokeCertificate(tx, code, reason.trim());
    if (!certificate) throw new CertificateAdminError(404, VERIFICATION_MESSAGES.unknown);
    const result: RevokeOutcome = { certificate: rowOf(certificate), already_revoked: before.revoked };
    if (before.revoked) return { outcome: result, announce: async () => {} };
    await recordAudit(tx, actor, {
      action: 'certificate.revoke',
      subject: {
        kind: 'certificate',
        id: certificate.code,
        label: `${certificate.holder_name} — ${certificate.course_title}`,
      },
      reason: reason.trim(),
      before: { status: 'valid' },
      after: { status: 'revoked', revoked_at: certificate.revoked_at },
    });
    const notice = await notifier.notifyWithin(
      tx,
      certificate.user_id,
      NOTIFICATIONS.certificateRevoked(certificate, reason.trim()),
    );
    return { outcome: result, announce: notice.announce };
  });
  await announce();
  return outcome;
}

/** The certificates issued to the account with this e-mail address, newest first. */
export async function certificatesOf(db: Db, email: string): Promise<CertificateList> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new CertificateAdminError(404, SERVER_MESSAGES.userNotFound);
  const { rows } = await db.query<{ code: string }>(
    'SELECT code FROM certificates WHERE user_id = $1 ORDER BY issued_at DESC, id DESC',
    [user.id],
  );
  const certificates: CertificateRow[] = [];
  for (const { code } of rows) {
    const certificate = await findCertificate(db, code);
    if (certificate) certificates.push(rowOf(certificate));
  }
  return { email: user.email, certificates };
}
