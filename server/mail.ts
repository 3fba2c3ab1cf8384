import { OTP_LENGTH } from '@contract/forms/auth';
import { OTP_TTL_MINUTES } from './auth/otp';
import type { Db, Queryable } from './db';
import { queueMessage } from './messages/outbox';
import { toInternational } from './messages/sms';
import { type MailContent, readCentreForMail, renderMail } from './messages/templates';

/**
 * Queues a mail, rendered in both languages with the centre's details (server/messages/templates.ts),
 * with the statements of `tx` (the transaction that causes it): the sender delivers it once that
 * commits (server/messages/sender.ts). `origin`: PUBLIC_ORIGIN, where its links and logo start.
 */
export async function queueMail(
  tx: Queryable,
  origin: string,
  to: string,
  content: MailContent,
  options: { expiresAt?: Date } = {},
): Promise<void> {
  const rendered = renderMail(content, await readCentreForMail(tx, origin));
  await queueMessage(tx, { channel: 'email', to, kind: content.kind, ...rendered, ...options });
}

/** When a code sent now stops working (OTP_TTL_MINUTES). */
export function codeExpiry(minutes = OTP_TTL_MINUTES): Date {
  return new Date(Date.now() + minutes * 60_000);
}

/**
 * Queues a text message to a phone number as typed or stored (made international here). Answers
 * false when the number cannot receive one (not a number a text can reach), and queues nothing.
 */
export async function queueText(
  tx: Queryable,
  phone: string,
  message: { kind: string; subject: string; text: string; expiresAt?: Date },
): Promise<boolean> {
  const to = toInternational(phone);
  if (!to) return false;
  await queueMessage(tx, { channel: 'sms', to, ...message });
  return true;
}

/** The text of a password reset code: short (two UCS-2 parts), Arabic first, the code in both. */
export function resetCodeText(code: string): {
  kind: string;
  subject: string;
  text: string;
  expiresAt: Date;
} {
  return {
    kind: 'reset',
    subject: 'Password reset code (text message)',
    text: `رمز إعادة تعيين كلمة المرور: ${code} صالح ${OTP_TTL_MINUTES} دقائق.\nKFU Training password reset code: ${code}. Valid ${OTP_TTL_MINUTES} minutes.`,
    expiresAt: codeExpiry(),
  };
}

const OTP_IN_TEXT = new RegExp(`(?<!\\d)\\d{${OTP_LENGTH}}(?!\\d)`);

/** The one-time code a mail carries, if any. */
export function findOtp(text: string): string | null {
  return OTP_IN_TEXT.exec(text)?.[0] ?? null;
}

export interface OutboxMail {
  id: number;
  /** 'email' or 'sms'. */
  channel: string;
  to_address: string;
  subject: string;
  body: string;
  /** queued, sending, sent or failed; with the last failure's reason. */
  status: string;
  last_error: string | null;
  /** How it went out: smtp, outbox (kept here), sms. */
  transport: string | null;
  /** ISO 8601. */
  created_at: string;
  otp: string | null;
}

/**
 * The latest mails and texts, newest first; only those sent to `to` when given (an e-mail address,
 * or a phone number as typed: texts go to its international form).
 */
export async function readOutbox(db: Db, options: { to?: string | undefined; limit?: number } = {}) {
  const typed = options.to?.trim().toLowerCase();
  const to = typed && !typed.includes('@') ? (toInternational(typed) ?? typed) : typed;
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
  const { rows } = await db.query<Omit<OutboxMail, 'otp' | 'created_at'> & { created_at: Date | string }>(
    `SELECT id, channel, to_address, subject, body, status, last_error, transport, created_at FROM outbox
     WHERE $1::text IS NULL OR to_address = $1 OR to_address = $3 ORDER BY id DESC LIMIT $2`,
    [to || null, limit, typed || null],
  );
  return rows.map(
    (row): OutboxMail => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      otp: findOtp(row.body),
    }),
  );
}
