import type { Notification } from '@contract/wire/notifications';
import type { SnapshotFrom } from 'xstate';
import { type NotificationsEvent, type notificationsMachine, unreadCount } from './notifications.machine';

/** Above this many unread, the bell's badge says '99+'. */
export const BADGE_LIMIT = 99;

export interface NotificationItemView {
  /** The notification as read (the view shows its title and text in the current language). */
  notification: Notification;
  id: number;
  seen: boolean;
  /** Choosing it goes to another page: a panel showing it closes. */
  leadsAway: boolean;
  /** Marks it seen, then follows its link. */
  select(): void;
}

export interface NotificationsView {
  /** The list was read at least once since signing in; until then the heading says 'Loading ...'. */
  loaded: boolean;
  unread: number;
  /** The bell's badge text, or null when nothing is unread. */
  badge: string | null;
  items: NotificationItemView[];
  /** Read, and nothing to show. */
  empty: boolean;
  /** The first read failed: the reason and a retry show. */
  failed: boolean;
  retry(): void;
}

/** The bell's and the list's view model. */
export function connectNotifications(
  snapshot: SnapshotFrom<typeof notificationsMachine>,
  send: (event: NotificationsEvent) => void,
): NotificationsView {
  const { items, loaded } = snapshot.context;
  const unread = unreadCount(items);
  return {
    loaded,
    unread,
    badge: unread === 0 ? null : unread > BADGE_LIMIT ? `${BADGE_LIMIT}+` : String(unread),
    items: items.map((notification) => {
      const link = notification.link ?? null;
      return {
        notification,
        id: notification.id,
        seen: notification.seen,
        leadsAway: Boolean(link),
        select: () => send({ type: 'notification.select', id: notification.id, link }),
      };
    }),
    empty: loaded && items.length === 0,
    failed: !loaded && snapshot.matches({ signedIn: { list: 'failed' } }),
    retry: () => send({ type: 'notifications.refetch' }),
  };
}
