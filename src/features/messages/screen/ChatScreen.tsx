import { useLingui } from '@lingui/react/macro';
import type { ChatView } from '@machines/chat.view';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ConnectionBanner } from '@/features/messages/screen/ConnectionBanner';
import { ConversationList } from '@/features/messages/screen/ConversationList';
import { conversationTitle } from '@/features/messages/screen/chat-text';
import { PenIcon } from '@/features/messages/screen/icons';
import { NewMessageDialog } from '@/features/messages/screen/NewMessageDialog';
import { Thread } from '@/features/messages/screen/Thread';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import '@/features/messages/screen/known-messages';

/**
 * Reads out a message of someone else's as it arrives in the open conversation (not the history
 * shown when it opens, nor the user's own).
 */
function Announcer({ view }: { view: ChatView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [text, setText] = useState('');
  const seen = useRef<{ conversation: number; key: string | undefined } | null>(null);
  const thread = view.thread;
  const last = thread?.messages[thread.messages.length - 1];
  const conversation = thread?.conversation.id;
  const ready = thread?.status === 'ready';
  const title = thread ? conversationTitle(thread.conversation, language) : '';
  useEffect(() => {
    if (!ready || conversation === undefined) return;
    const before = seen.current;
    seen.current = { conversation, key: last?.key };
    if (!before || before.conversation !== conversation || before.key === last?.key || !last || last.mine)
      return;
    const sender = last.senderName;
    const body = last.body;
    setText(t`New message from ${sender} in ${title}: ${body}`);
  }, [ready, conversation, last, title, t]);
  return (
    <div aria-live="polite" className="sr-only">
      {text}
    </div>
  );
}

/** /messages: the conversation list and the open conversation, side by side from `lg` up. */
export function ChatScreen({
  view,
  selected,
  onOpen,
  title,
}: {
  view: ChatView;
  /** The `conversation` query parameter. */
  selected: number | null;
  onOpen: (conversationId: number) => void;
  title: string;
}) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState(false);
  const open = selected !== null;
  // Another conversation opened (one the dialog started, say): the dialog has done its work.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each change of `selected`
  useEffect(() => setDialog(false), [selected]);

  return (
    <section className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl flex-col lg:h-[calc(100dvh-4rem-3rem)] lg:px-4 lg:pt-6">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden bg-white lg:rounded-2xl lg:border lg:border-slate-200 lg:shadow-sm">
        <ConnectionBanner connection={view.connection} />
        <div className="flex min-h-0 flex-1">
          <div
            className={`min-h-0 w-full flex-col border-slate-200 lg:flex lg:w-96 lg:shrink-0 lg:border-e ${open ? 'hidden' : 'flex'}`}
          >
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
              <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
              {view.listStatus === 'ready' && view.conversations.length > 0 && (
                <button
                  type="button"
                  onClick={() => setDialog(true)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-3 font-semibold text-white hover:bg-brand-800"
                >
                  <PenIcon className="size-5" />
                  {t`New message`}
                </button>
              )}
            </div>
            <nav aria-label={t`Conversations`} className="min-h-0 flex-1 overflow-y-auto">
              <ConversationList view={view} onNewMessage={() => setDialog(true)} />
            </nav>
          </div>
          <div className={`min-h-0 min-w-0 flex-1 flex-col ${open ? 'flex' : 'hidden lg:flex'}`}>
            {/* On a phone the list and its heading give way to the thread: the page keeps its title. */}
            {open && <h1 className="sr-only lg:hidden">{title}</h1>}
            {view.notFound ? (
              <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
                <p role="alert" className="text-lg font-semibold text-slate-900">
                  {t`This conversation is not available`}
                </p>
                <Link
                  href={paths.messages()}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {t`Back to conversations`}
                </Link>
              </div>
            ) : view.thread ? (
              <Thread key={view.thread.conversation.id} thread={view.thread} />
            ) : open ? (
              <div aria-busy="true" className="flex-1 bg-slate-50">
                <span className="sr-only">{t`Loading messages…`}</span>
              </div>
            ) : (
              <div className="flex flex-1 items-center justify-center bg-slate-50 p-6 text-center text-slate-600">
                <p>{t`Choose a conversation, or start a new one.`}</p>
              </div>
            )}
          </div>
        </div>
      </div>
      <Announcer view={view} />
      {dialog && (
        <NewMessageDialog
          view={view}
          onClose={() => setDialog(false)}
          onOpened={(id) => {
            setDialog(false);
            onOpen(id);
          }}
        />
      )}
    </section>
  );
}
