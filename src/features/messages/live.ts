import { SOCKET_PATHS } from '@contract/wire/notifications';
import { connectChat } from '@machines/chat.connect';
import { type ChatServerEvent, chatMachine } from '@machines/chat.machine';
import { unreadTotal } from '@machines/chat.model';
import type { ChatView } from '@machines/chat.view';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise } from 'xstate';
import { getMessages, listChatContacts, listConversations, startConversation } from '@/api/chat';
import { api } from '@/api/http';
import { browserStorage, frameEvent, outboxStore, userIdOf } from '@/features/messages/live-helpers';
import { paths } from '@/routing/paths';
import { sessionActor } from '@/session';
import { liveConnection } from '@/session/live-connection';

/** This tab's outbox in local storage. */
const savedOutbox = outboxStore(browserStorage);

export const chatActor = createActor(
  chatMachine.provide({
    actors: {
      // Frames that do not parse as the protocol's are ignored.
      liveConnection: liveConnection<ChatServerEvent>(SOCKET_PATHS.chat, (data, deliver) => {
        const server = frameEvent(data);
        if (server) deliver(server);
      }),
      fetchConversations: fromPromise(() => listConversations(api)),
      fetchMessages: fromPromise(({ input }) => getMessages(api, input.conversationId)),
      fetchOlder: fromPromise(({ input }) =>
        getMessages(api, input.conversationId, { before: input.before }),
      ),
      fetchContacts: fromPromise(async () => (await listChatContacts(api)).results),
      startConversation: fromPromise(({ input }) => startConversation(api, input.userId)),
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
