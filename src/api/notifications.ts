import type { AttendanceMarkedMessage } from '@contract/wire/attendance';
import { type Notification, notificationListSchema, notificationSchema } from '@contract/wire/notifications';
import type { ApiClient } from './client';

/** GET /notification/: the signed-in user's notifications, newest first. */
export function listNotifications(api: ApiClient): Promise<Notification[]> {
  return api.authed(notificationListSchema, '/notification/');
}

/** PATCH /notification/mark-as-seen/{id}/: answers with the notification, now seen. */
export function markNotificationSeen(api: ApiClient, id: number): Promise<Notification> {
  return api.authed(notificationSchema, `/notification/mark-as-seen/${id}/`, { method: 'PATCH' });
}

/**
 * How the live channels (notifications and chat) reconnect, with partysocket: the first retry after
 * 0.5–1.5 s, each next one 1.5 times later, at most every 10 s; a connection attempt gives up after
 * 4 s.
 */
export const SOCKET_RECONNECTION = {
  minReconnectionDelay: 500 + Math.random() * 1000,
  maxReconnectionDelay: 10_000,
  reconnectionDelayGrowFactor: 1.5,
  connectionTimeout: 4_000,
} as const;

/**
 * The address of a live channel: on the API's host (the page's own when the API base is a path),
 * `wss:` under https and `ws:` under http, with the access token as the `token` query parameter.
 */
export function socketUrl(path: string, token: string, apiBase: string, pageOrigin: string): string {
  const url = new URL(apiBase, pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = path;
  url.search = '';
  url.hash = '';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Whether a live message may change the notification list: every message but those that only tell
 * open screens to read again (the live attendance count), which are no notification.
 */
export function touchesNotifications(message: unknown): boolean {
  const type: AttendanceMarkedMessage['type'] = 'attendance_marked';
  return !(typeof message === 'object' && message !== null && 'type' in message && message.type === type);
}
