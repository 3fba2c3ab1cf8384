import { SOCKET_PATHS } from '@contract/wire/notifications';
import { connectNotifications, type NotificationsView } from '@machines/notifications.connect';
import { type NotificationsEvent, notificationsMachine } from '@machines/notifications.machine';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise } from 'xstate';
import { api } from '@/api/http';
import { listNotifications, markNotificationSeen, touchesNotifications } from '@/api/notifications';
import { sessionActor } from '@/session';
import { liveConnection } from '@/session/live-connection';
import { noteLiveNotice } from '@/stores/live-notices';

export const notificationsActor = createActor(
  notificationsMachine.provide({
    actors: {
      liveConnection: liveConnection<NotificationsEvent>(SOCKET_PATHS.notifications, (data, deliver) => {
        let message: unknown;
        try {
          message = JSON.parse(data);
        } catch {
          return;
        }
        // The live attendance count is no notification: screens read again, the list stays as it is.
        if (touchesNotifications(message)) deliver({ type: 'socket.message' });
        noteLiveNotice();
      }),
      fetchNotifications: fromPromise(() => listNotifications(api)),
      markSeen: fromPromise(({ input }) => markNotificationSeen(api, input.id)),
    },
    actions: {
      followLink: (_, { link }) => {
        if (link) navigate(link);
      },
      logFailure: (_, { what, error }) => console.warn(`Could not ${what}:`, error),
    },
  }),
);

/** The session's access token, or null when signed out. */
function currentToken(): string | null {
  const state = sessionActor.getSnapshot();
  return state.matches('signedIn') ? (state.context.session?.accessToken ?? null) : null;
}

let started = false;

/** Starts the live channel once; it follows the session from then on (sign-in, refresh, sign-out). */
export function startNotifications(): void {
  if (started) return;
  started = true;
  notificationsActor.start();
  let token = currentToken();
  notificationsActor.send({ type: 'session.changed', token });
  sessionActor.subscribe(() => {
    const next = currentToken();
    if (next === token) return;
    token = next;
    notificationsActor.send({ type: 'session.changed', token });
  });
  // A tab whose socket gave way to newer tabs connects again when the user comes back to it.
  const resumed = () => {
    if (document.visibilityState === 'visible') notificationsActor.send({ type: 'page.resumed' });
  };
  window.addEventListener('focus', resumed);
  document.addEventListener('visibilitychange', resumed);
}

/** The bell's and the list's view model (machines/notifications.connect.ts). */
export function useNotifications(): NotificationsView {
  const snapshot = useSelector(notificationsActor, (state) => state);
  return useMemo(() => connectNotifications(snapshot, notificationsActor.send), [snapshot]);
}
