import { OTP_LENGTH } from '@contract/forms/auth';
import { OTP_TTL_MINUTES, type OtpPurpose } from './auth/otp';
import type { Db, Queryable } from './db';
import { queueMessage } from './messages/outbox';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text, English then Arabic. */
  text: string;
  /** The HTML part. */
  html?: string | undefined;
  /** What it is about (server/messages/outbox.ts). */
  kind: string;
  /** When what it carries (a code) stops being worth sending. */
  expiresAt?: Date | undefined;
}

/**
 * Queues a mail in the outbox with the statements of `db` (pass the transaction that causes it):
 * the sender delivers it once that commits (server/messages/sender.ts).
 */
export async function sendMail(db: Queryable, mail: Mail): Promise<void> {
  await queueMessage(db, { channel: 'email', ...mail });
}

const OTP_TEXTS: Record<
  OtpPurpose,
  { subject: string; en: string; ar: string; enIgnore: string; arIgnore: string }
> = {
  registration: {
    subject: 'KFU Training: your verification code | رمز التحقق',
    en: 'Your verification code is',
    ar: 'رمز التحقق الخاص بك هو',
    enIgnore: 'If you did not sign up for KFU Training, ignore this e-mail.',
    arIgnore: 'إذا لم تسجّل في منصة التدريب بجامعة الملك فيصل فتجاهل هذه الرسالة.',
  },
  reset: {
    subject: 'KFU Training: your password reset code | رمز إعادة تعيين كلمة المرور',
    en: 'Your password reset code is',
    ar: 'رمز إعادة تعيين كلمة المرور الخاص بك هو',
    enIgnore: 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
    arIgnore: 'إذا لم تطلب إعادة تعيين كلمة المرور فتجاهل هذه الرسالة، ولن تتغير كلمة مرورك.',
  },
  email_change: {
    subject: 'KFU Training: confirm your new e-mail address | تأكيد بريدك الإلكتروني الجديد',
    en: 'The code that confirms this as your new e-mail address is',
    ar: 'رمز تأكيد هذا العنوان بريدًا إلكترونيًا جديدًا لحسابك هو',
    enIgnore: 'If you did not ask to change your e-mail address, ignore this e-mail: nothing changes.',
    arIgnore: 'إذا لم تطلب تغيير بريدك الإلكتروني فتجاهل هذه الرسالة، ولن يتغير شيء.',
  },
};

/**
 * Told to the old address once an e-mail change is confirmed, so that an owner whose account was
 * taken over learns of it.
 */
export function emailChangedMail(oldAddress: string, newAddress: string, name: string): Mail {
  const text = [
    `Hello ${name},`,
    '',
    `The e-mail address of your KFU Training account is now ${newAddress}.`,
    'If you did not change it, write to the training centre at once.',
    '',
    '—',
    '',
    `مرحبًا ${name}،`,
    '',
    `أصبح البريد الإلكتروني لحسابك في منصة التدريب ${newAddress}.`,
    'إذا لم تغيّره أنت فتواصل مع مركز التدريب فورًا.',
    '',
    'KFU Training Centre | مركز التدريب بجامعة الملك فيصل',
  ].join('\n');
  return {
    to: oldAddress,
    subject: 'KFU Training: your e-mail address was changed | تم تغيير بريدك الإلكتروني',
    text,
    kind: 'email_changed',
  };
}

/** The mail that carries a one-time code, in English and Arabic. */
export function otpMail(to: string, purpose: OtpPurpose, code: string, name?: string): Mail {
  const texts = OTP_TEXTS[purpose];
  const text = [
    name ? `Hello ${name},` : 'Hello,',
    '',
    `${texts.en}: ${code}`,
    `It expires in ${OTP_TTL_MINUTES} minutes. ${texts.enIgnore}`,
    '',
    '—',
    '',
    name ? `مرحبًا ${name}،` : 'مرحبًا،',
    '',
    `${texts.ar}: ${code}`,
    `تنتهي صلاحيته خلال ${OTP_TTL_MINUTES} دقائق. ${texts.arIgnore}`,
    '',
    'KFU Training Centre | مركز التدريب بجامعة الملك فيصل',
  ].join('\n');
  return {
    to,
    subject: texts.subject,
    text,
    kind: purpose,
    expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
  };
}

const OTP_IN_TEXT = new RegExp(`(?<!\\d)\\d{${OTP_LENGTH}}(?!\\d)`);

/** The one-time code a mail carries, if any. */
export function findOtp(text: string): string | null {
  return OTP_IN_TEXT.exec(text)?.[0] ?? null;
}

export interface OutboxMail {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  /** ISO 8601. */
  created_at: string;
  otp: string | null;
}

/** The latest mails, newest first; only those sent to `to` when given. */
export async function readOutbox(db: Db, options: { to?: string | undefined; limit?: number } = {}) {
  const to = options.to?.trim().toLowerCase();
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
  const { rows } = await db.query<Omit<OutboxMail, 'otp' | 'created_at'> & { created_at: Date | string }>(
    `SELECT id, to_address, subject, body, created_at FROM outbox
     WHERE $1::text IS NULL OR to_address = $1 ORDER BY id DESC LIMIT $2`,
    [to || null, limit],
  );
  return rows.map(
    (row): OutboxMail => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      otp: findOtp(row.body),
    }),
  );
}
