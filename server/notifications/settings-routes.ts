import { PROFILE_MESSAGES } from '@contract/messages/profile';
import {
  NOTICE_MAIL_KINDS_OF,
  type NoticeMailSettings,
  noticeMailSettingsRequestSchema,
  noticeMailSettingsSchema,
} from '@contract/wire/notice-mail';
import { Hono } from 'hono';
import { requireAuth } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody } from '../validation';
import { readNoticeMailSettings, writeNoticeMailSettings } from './notice-mail';

/**
 * /profile/notification-settings/: which notices of the signed-in user's role also come by mail.
 * PUT changes the kinds it names and answers every kind, as GET does; a kind that is not one of the
 * role's, or named twice, is refused with 400.
 */
export function noticeMailSettingsRoutes({ db, tokens }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(db, tokens);
  const answer = async (
    userId: number,
    role: keyof typeof NOTICE_MAIL_KINDS_OF,
  ): Promise<NoticeMailSettings> =>
    noticeMailSettingsSchema.parse({
      success: true,
      data: { kinds: await readNoticeMailSettings(db, userId, role) },
    });

  routes.get('/', auth, async (c) => {
    const user = c.get('user');
    return c.json(await answer(user.id, user.role));
  });

  routes.put(
    '/',
    auth,
    jsonBody(noticeMailSettingsRequestSchema, PROFILE_MESSAGES.noticeKindsInvalid),
    async (c) => {
      const user = c.get('user');
      const { kinds } = c.req.valid('json');
      const own = NOTICE_MAIL_KINDS_OF[user.role];
      const named = kinds.map((setting) => setting.kind);
      if (named.some((kind, index) => !own.includes(kind) || named.indexOf(kind) !== index))
        throw new HttpProblem(400, { field: 'kinds', message: PROFILE_MESSAGES.noticeKindsInvalid });
      await db.transaction((tx) => writeNoticeMailSettings(tx, user.id, kinds));
      return c.json(await answer(user.id, user.role));
    },
  );

  return [['/profile/notification-settings/', routes]];
}
