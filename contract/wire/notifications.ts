import * as z from 'zod/mini';

/**
 * A notification (spec section 3: id, title, text, seen, link). The reference server also sends the
 * Arabic wording as `title_ar` / `text_ar`; a backend without them shows the one wording it has.
 */
export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  seen: z.boolean(),
  link: z.optional(z.nullable(z.string())),
  title_ar: z.optional(z.string()),
  text_ar: z.optional(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notification/: the user's notifications, newest first. */
export const notificationListSchema = z.array(notificationSchema);

/** The live channel's paths on the API host (spec section 7). */
export const SOCKET_PATHS = { notifications: '/ws/notifications', chat: '/ws/chat' } as const;

/** The close code of a socket whose token was missing, invalid or expired: renew it and reconnect. */
export const SOCKET_REFUSED = 4401;

/**
 * The close code of a socket closed because the user opened more sockets than the server allows
 * (the reference server: 10 per user; the oldest goes). Do not reconnect at once: that would close
 * another tab's socket in turn. The web app reconnects when the page is focused or shown again.
 */
export const SOCKET_SUPERSEDED = 4008;

/**
 * What the server sends: any JSON message means "read the notifications again". The reference
 * server says what happened in `type` (`new_notification`, `notification_seen`) with the `id`.
 */
export const serverSocketMessageSchema = z.looseObject({ type: z.optional(z.string()) });

/** Server → client: a notification was created for the user. */
export const newNotificationMessageSchema = z.object({
  type: z.literal('new_notification'),
  id: z.number(),
});
export type NewNotificationMessage = z.infer<typeof newNotificationMessageSchema>;

/** Server → client: one of the user's notifications was marked seen (in another tab, say). */
export const notificationSeenMessageSchema = z.object({
  type: z.literal('notification_seen'),
  id: z.number(),
});
export type NotificationSeenMessage = z.infer<typeof notificationSeenMessageSchema>;

/** Client → server, after a mark-as-seen call succeeded (spec section 7). */
export const notificationSelectedMessageSchema = z.object({
  type: z.literal('notification_selected'),
  id: z.number(),
});
export type NotificationSelectedMessage = z.infer<typeof notificationSelectedMessageSchema>;

export function notificationSelectedMessage(id: number): NotificationSelectedMessage {
  return { type: 'notification_selected', id };
}
