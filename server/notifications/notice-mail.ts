import type { Role } from '@contract/wire/common';
import { NOTICE_MAIL_KINDS_OF, type NoticeMailSetting } from '@contract/wire/notice-mail';
import type { Queryable } from '../db';
import { queueMail } from '../mail';
import type { MailContent, NoticeKind } from '../messages/templates';

/** A notice's mail: one of the notice kinds of server/messages/templates.ts, without the greeting. */
export type NoticeMail =
  Extract<MailContent, { kind: NoticeKind }> extends infer C
    ? C extends unknown
      ? Omit<C, 'name'>
      : never
    : never;

/**
 * Queues the mail of a notice to the user, with the statements of `tx` (the transaction that stores
 * the bell notice), unless the user turned that kind off or closed the account. `origin`:
 * PUBLIC_ORIGIN (deps.publicOrigin()). Answers whether a mail was queued.
 */
export async function mailNotice(
  tx: Queryable,
  origin: string,
  userId: number,
  content: NoticeMail,
): Promise<boolean> {
  const { rows } = await tx.query<{ email: string; full_name: string; off: boolean }>(
    `SELECT u.email, u.full_name,
       EXISTS (SELECT 1 FROM notice_mail_opt_outs o WHERE o.user_id = u.id AND o.kind = $2) AS off
     FROM users u WHERE u.id = $1 AND u.closed_at IS NULL`,
    [userId, content.kind],
  );
  const user = rows[0];
  if (!user || user.off || !user.email) return false;
  await queueMail(tx, origin, user.email, { ...content, name: user.full_name } as MailContent);
  return true;
}

/** The kinds of the role, each with whether it is mailed to the user. */
export async function readNoticeMailSettings(
  db: Queryable,
  userId: number,
  role: Role,
): Promise<NoticeMailSetting[]> {
  const { rows } = await db.query<{ kind: string }>(
    'SELECT kind FROM notice_mail_opt_outs WHERE user_id = $1',
    [userId],
  );
  const off = new Set(rows.map((row) => row.kind));
  return NOTICE_MAIL_KINDS_OF[role].map((kind) => ({ kind, mail: !off.has(kind) }));
}

/** Turns each kind on or off for the user (kinds of the role only: checked by the caller). */
export async function writeNoticeMailSettings(
  tx: Queryable,
  userId: number,
  settings: readonly NoticeMailSetting[],
): Promise<void> {
  const off = settings.filter((setting) => !setting.mail).map((setting) => setting.kind);
  const on = settings.filter((setting) => setting.mail).map((setting) => setting.kind);
  if (on.length > 0)
    await tx.query('DELETE FROM notice_mail_opt_outs WHERE user_id = $1 AND kind = ANY($2::text[])', [
      userId,
      on,
    ]);
  if (off.length > 0)
    await tx.query(
      `INSERT INTO notice_mail_opt_outs (user_id, kind) SELECT $1, unnest($2::text[])
       ON CONFLICT (user_id, kind) DO NOTHING`,
      [userId, off],
    );
}

/** A course as a notice's mail names it. */
export async function mailCourse(
  tx: Queryable,
  courseId: number,
): Promise<{ id: number; title: string; title_ar: string }> {
  const { rows } = await tx.query<{ id: number; title: string; title_ar: string }>(
    'SELECT id, title, title_ar FROM courses WHERE id = $1',
    [courseId],
  );
  const course = rows[0];
  if (!course) throw new Error(`No course ${courseId}`);
  return course;
}
