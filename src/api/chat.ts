import {
  type ChatContactList,
  type Conversation,
  type ConversationList,
  chatContactListSchema,
  conversationListSchema,
  conversationSchema,
  type MessagePage,
  messagePageSchema,
} from '@contract/wire/chat';
import type { ApiClient } from './client';

/** GET /chat/conversations/: the caller's conversations, newest activity first, with unread counts. */
export function listConversations(api: ApiClient): Promise<ConversationList> {
  return api.authed(conversationListSchema, '/chat/conversations/');
}

/** GET /chat/conversations/{id}/: one conversation the caller belongs to. */
export function getConversation(api: ApiClient, id: number): Promise<Conversation> {
  return api.authed(conversationSchema, `/chat/conversations/${id}/`);
}

/** POST /chat/conversations/ {user_id}: starts, or finds, the direct conversation with this person. */
export function startConversation(api: ApiClient, userId: number): Promise<Conversation> {
  return api.authed(conversationSchema, '/chat/conversations/', {
    method: 'POST',
    body: { user_id: userId },
  });
}

/**
 * GET /chat/conversations/{id}/messages/?before&limit: the newest page (no `before`), or the page of
 * messages older than sequence `before`; oldest first.
 */
export function getMessages(
  api: ApiClient,
  conversationId: number,
  query: { before?: number; limit?: number } = {},
): Promise<MessagePage> {
  return api.authed(messagePageSchema, `/chat/conversations/${conversationId}/messages/`, {
    query: { ...query },
  });
}

/** GET /chat/contacts/: the people the caller may start a conversation with. */
export function listChatContacts(api: ApiClient): Promise<ChatContactList> {
  return api.authed(chatContactListSchema, '/chat/contacts/');
}
