import { SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import {
  type LiveSocketCommand,
  type LiveSocketEvent,
  liveConnectionMachine,
} from '@machines/liveConnection.machine';
import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import { type EventObject, fromCallback, fromPromise } from 'xstate';
import { DEFAULT_API_BASE } from '@/api/client';
import { SOCKET_RECONNECTION, socketUrl } from '@/api/notifications';
import { renewSession, sessionActor } from './index';

/**
 * The live connection of one socket path (`SOCKET_PATHS`) for the signed-in user, for the chat and
 * notifications machines to invoke: a partysocket socket on the API's host, and the session's
 * renewal. `received` turns a frame into the owner's events (`deliver`), or ignores it.
 */
export function liveConnection<TEvent extends EventObject>(
  path: string,
  received: (data: string, deliver: (event: TEvent) => void) => void,
) {
  const socket = fromCallback<LiveSocketCommand, { token: string }>(({ input, sendBack: send, receive }) => {
    const sendBack = (event: LiveSocketEvent) => send(event);
    const base = import.meta.env.VITE_API_BASE ?? DEFAULT_API_BASE;
    const ws = new ReconnectingWebSocket(
      () => socketUrl(path, input.token, base, window.location.origin),
      [],
      // A refused token is renewed by the machine, which then connects with the new one; a socket the
      // server closed for a newer tab's waits until the page is back in front (the machine decides).
      {
        ...SOCKET_RECONNECTION,
        shouldReconnectOnClose: (event) => event.code !== SOCKET_REFUSED && event.code !== SOCKET_SUPERSEDED,
      },
    );
    ws.addEventListener('open', () => sendBack({ type: 'socket.opened' }));
    ws.addEventListener('message', (event) =>
      received(String(event.data), (owned) => sendBack({ type: 'socket.received', event: owned })),
    );
    ws.addEventListener('close', (event) => sendBack({ type: 'socket.closed', code: event.code }));
    receive((command) => ws.send(JSON.stringify(command.message)));
    return () => ws.close();
  });

  return liveConnectionMachine.provide({
    actors: {
      socket,
      // The new token comes from the owner; an unchanged one is tried again (the machine decides).
      renewSession: fromPromise(async () => {
        if ((await renewSession(sessionActor)) === 'signedOut') {
          throw new Error('The session could not be renewed');
        }
      }),
    },
    actions: {
      logFailure: (_, { what, error }) => console.warn(`Could not ${what}:`, error),
    },
  });
}
