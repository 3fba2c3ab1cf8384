import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { startChat, useChat } from '@/features/messages/live';
import { ChatScreen } from '@/features/messages/screen/ChatScreen';
import { useLatest } from '@/features/messages/screen/use-latest';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';

/** The `conversation` query parameter: a positive whole number, or none. */
function conversationOf(search: string): number | null {
  const value = new URLSearchParams(search).get('conversation');
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** /messages (both roles): the chat, with the conversation the address names open. */
export default function MessagesPage({ title }: RouteView) {
  const { i18n } = useLingui();
  const view = useChat();
  const selected = conversationOf(useSearch());
  const latest = useLatest(view);
  const [, navigate] = useLocation();

  // The header's link starts the chat too; an address opened directly must not wait for it.
  useEffect(() => startChat(), []);

  // The address says which conversation is open.
  useEffect(() => latest.current.select(selected), [latest, selected]);

  return (
    <ChatScreen
      view={view}
      selected={selected}
      title={i18n._(title)}
      onOpen={(id) => navigate(paths.messages(id))}
    />
  );
}
