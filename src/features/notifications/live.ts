import { SOCKET_PATHS, SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { connectNotifications, type NotificationsView } from '@machines/notifications.connect';
import {
  type NotificationsEvent,
  notificationsMachine,
  type SocketCommand,
} from '@machines/notifications.machine';
import { useSelector } from '@xstate/react';
import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import { useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { DEFAULT_API_BASE } from '@/api/client';
import { api } from '@/api/http';
import {
  listNotifications,
  markNotificationSeen,
  SOCKET_RECONNECTION,
  socketUrl,
  touchesNotifications,
} from '@/api/notifications';
import { renewSession, sessionActor } from '@/session';
import { noteLiveNotice } from '@/stores/live-notices';

/** The notifications socket for one token; reports what happens to the machine. */
const socket = fromCallback<SocketCommand, { token: string }>(({ input, sendBack: send, receive }) => {
  const sendBack = (event: NotificationsEvent) => send(event);
  const base = import.meta.env.VITE_API_BASE ?? DEFAULT_API_BASE;
  const ws = new ReconnectingWebSocket(
    () => socketUrl(SOCKET_PATHS.notifications, input.token, base, window.location.origin),
    [],
    // A refused token is renewed by the machine, which then connects with the new one; a socket the
    // server closed for a newer tab's waits until the page is back in front (the machine decides).
    {
      ...SOCKET_RECONNECTION,
      shouldReconnectOnClose: (event) => event.code !== SOCKET_REFUSED && event.code !== SOCKET_SUPERSEDED,
    },
  );
  ws.addEventListener('open', () => sendBack({ type: 'socket.opened' }));
  ws.addEventListener('message', (event) => {
    let message: unknown;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    // The live attendance count is no notification: screens read again, the list stays as it is.
    if (touchesNotifications(message)) sendBack({ type: 'socket.message' });
    noteLiveNotice();
  });
  ws.addEventListener('close', (event) => sendBack({ type: 'socket.closed', code: event.code }));
  receive((command) => ws.send(JSON.stringify(command.message)));
  return () => ws.close();
});

export const notificationsActor = createActor(
  notificationsMachine.provide({
    actors: {
      socket,
      fetchNotifications: fromPromise(() => listNotifications(api)),
      markSeen: fromPromise(({ input }) => markNotificationSeen(api, input.id)),
      // The new token arrives as `session.changed`; an unchanged one is tried again (the machine decides).
      renewSession: fromPromise(async () => {
        if ((await renewSession(sessionActor)) === 'signedOut') {
          throw new Error('The session could not be renewed');
        }
      }),
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
