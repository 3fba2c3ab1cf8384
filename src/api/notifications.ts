import { type Notification, notificationListSchema, notificationSchema } from '@/contract/notifications';
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
