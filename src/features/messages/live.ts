import { SOCKET_PATHS, SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { connectChat } from '@machines/chat.connect';
import { type ChatEvent, type ChatSocketCommand, chatMachine } from '@machines/chat.machine';
import { unreadTotal } from '@machines/chat.model';
import type { ChatView } from '@machines/chat.view';
import { useSelector } from '@xstate/react';
import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import { useEffect, useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { getMessages, listChatContacts, listConversations, startConversation } from '@/api/chat';
import { DEFAULT_API_BASE } from '@/api/client';
import { api } from '@/api/http';
import { SOCKET_RECONNECTION, socketUrl } from '@/api/notifications';
import { browserStorage, frameEvent, outboxStore, userIdOf } from '@/features/messages/live-helpers';
import { paths } from '@/routing/paths';
import { renewSession, sessionActor } from '@/session';

/** The chat socket for one token: the server's messages become the machine's events. */
const socket = fromCallback<ChatSocketCommand, { token: string }>(({ input, sendBack: send, receive }) => {
  const sendBack = (event: ChatEvent) => send(event);
  const base = import.meta.env.VITE_API_BASE ?? DEFAULT_API_BASE;
  const ws = new ReconnectingWebSocket(
    () => socketUrl(SOCKET_PATHS.chat, input.token, base, window.location.origin),
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
    // What does not parse as the protocol's is ignored.
    const server = frameEvent(String(event.data));
    if (server) sendBack(server);
  });
  ws.addEventListener('close', (event) => sendBack({ type: 'socket.closed', code: event.code }));
  receive((command) => ws.send(JSON.stringify(command.message)));
  return () => ws.close();
});

/** This tab's outbox in local storage. */
const savedOutbox = outboxStore(browserStorage);

export const chatActor = createActor(
  chatMachine.provide({
    actors: {
      socket,
      fetchConversations: fromPromise(() => listConversations(api)),
      fetchMessages: fromPromise(({ input }) => getMessages(api, input.conversationId)),
      fetchOlder: fromPromise(({ input }) =>
        getMessages(api, input.conversationId, { before: input.before }),
      ),
      fetchContacts: fromPromise(async () => (await listChatContacts(api)).results),
      startConversation: fromPromise(({ input }) => startConversation(api, input.userId)),
      // The new token arrives as `session.changed`; an unchanged one is tried again (the machine decides).
      renewSession: fromPromise(async () => {
        if ((await renewSession(sessionActor)) === 'signedOut') {
          throw new Error('The session could not be renewed');
        }
      }),
    },
    actions: {
      saveOutbox: (_, { userId, outbox }) => savedOutbox.save(userId, outbox),
      showConversation: (_, { id }) => navigate(paths.messages(id)),
      logFailure: (_, { what, error }) => console.warn(`Could not ${what}:`, error),
    },
  }),
);

/** The signed-in user's access token and id (the token's subject), or nulls when signed out. */
function currentSession(): { token: string | null; userId: number | null } {
  const state = sessionActor.getSnapshot();
  const token = state.matches('signedIn') ? (state.context.session?.accessToken ?? null) : null;
  const userId = token === null ? null : userIdOf(token);
  return userId === null ? { token: null, userId: null } : { token, userId };
}

let started = false;

/** Starts the chat once; it follows the session from then on (sign-in, renewal, sign-out). */
export function startChat(): void {
  if (started) return;
  started = true;
  chatActor.start();
  let { token } = currentSession();
  let userId: number | null = null;
  const tell = () => {
    const session = currentSession();
    token = session.token;
    // The saved outbox is read when a user's session starts (a renewed token keeps the tab's own).
    const outbox =
      session.userId !== null && session.userId !== userId ? savedOutbox.read(session.userId) : [];
    userId = session.userId;
    chatActor.send({ type: 'session.changed', ...session, outbox });
  };
  tell();
  sessionActor.subscribe(() => {
    if (currentSession().token !== token) tell();
  });
  // A tab whose socket gave way to newer tabs connects again when the user comes back to it.
  const resumed = () => {
    if (document.visibilityState === 'visible') chatActor.send({ type: 'page.resumed' });
  };
  window.addEventListener('focus', resumed);
  document.addEventListener('visibilitychange', resumed);
  window.addEventListener('offline', () => chatActor.send({ type: 'network.offline' }));
  window.addEventListener('online', () => chatActor.send({ type: 'network.online' }));
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    chatActor.send({ type: 'network.offline' });
}

/** The `/messages` screen's view model (machines/chat.connect.ts); starts the chat if need be. */
export function useChat(): ChatView {
  useEffect(() => startChat(), []);
  const snapshot = useSelector(chatActor, (state) => state);
  return useMemo(() => connectChat(snapshot, chatActor.send), [snapshot]);
}

/** Unread messages over all conversations: the header's count; starts the chat if need be. */
export function useChatUnread(): number {
  useEffect(() => startChat(), []);
  return useSelector(chatActor, (state) => unreadTotal(state.context.conversations));
}
