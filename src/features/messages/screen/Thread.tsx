import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageItemView, ThreadView } from '@machines/chat.view';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Composer } from '@/features/messages/screen/Composer';
import { Avatar, useConversationDetail } from '@/features/messages/screen/ConversationList';
import { conversationTitle, dayKey, messageDay, messageTime } from '@/features/messages/screen/chat-text';
import { BackIcon } from '@/features/messages/screen/icons';
import { DeliveryMarkIcon } from '@/features/messages/screen/marks';
import { useLatest } from '@/features/messages/screen/use-latest';
import { translateMessage } from '@/i18n/api-messages';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { Failure } from '@/ui/Failure';
import { Placeholder } from '@/ui/ResourceView';

/** Within this many pixels of the end, the thread counts as scrolled to the newest message. */
const NEAR_BOTTOM = 48;

function Bubble({ message, channel }: { message: MessageItemView; channel: boolean }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { mine } = message;
  return (
    <li
      className={`flex flex-col ${mine ? 'items-end' : 'items-start'} ${message.firstOfRun ? 'mt-3' : 'mt-0.5'}`}
      data-message={message.key}
    >
      <div
        className={`max-w-[85%] min-w-0 break-words rounded-2xl px-3 py-2 shadow-sm ${
          mine ? `bg-brand-700 text-white ` : `border border-slate-200 bg-white text-slate-900 `
        } ${message.mark === 'failed' ? 'opacity-80' : ''}`}
      >
        {channel && !mine && message.firstOfRun && (
          <p className="mb-1 text-xs font-bold text-brand-800">{message.senderName}</p>
        )}
        {!(channel && !mine && message.firstOfRun) && (
          <span className="sr-only">{mine ? t`You:` : `${message.senderName}:`}</span>
        )}
        <p dir="auto" className="text-start whitespace-pre-wrap wrap-anywhere">
          {message.body}
        </p>
        <p
          className={`mt-0.5 flex items-center justify-end gap-1 text-xs ${mine ? 'text-brand-100' : 'text-slate-500'}`}
        >
          {message.createdAt && (
            <time dateTime={message.createdAt}>{messageTime(message.createdAt, language)}</time>
          )}
          {mine && message.mark && <DeliveryMarkIcon mark={message.mark} onDark />}
        </p>
      </div>
      {mine && message.mark === 'failed' && (
        <div
          role="alert"
          className="mt-1 flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm text-red-700"
        >
          <span>
            {message.error ? translateMessage(message.error, i18n) : t`This message could not be sent`}
          </span>
          <button
            type="button"
            onClick={message.retry}
            className="font-semibold underline underline-offset-2 "
          >
            {t`Retry`}
          </button>
          <button
            type="button"
            onClick={message.discard}
            className="font-semibold underline underline-offset-2 "
          >
            {t`Discard`}
          </button>
        </div>
      )}
    </li>
  );
}

/** "Sara is typing…", "Sara and Omar are typing…", "3 people are typing…". */
function TypingLine({ names }: { names: string[] }) {
  const { t, i18n } = useLingui();
  const [first = '', second = ''] = names;
  const text =
    names.length === 0
      ? ''
      : names.length === 1
        ? t`${first} is typing…`
        : names.length === 2
          ? t`${first} and ${second} are typing…`
          : i18n._(
              msg({
                message: plural(names.length, { one: '# person is typing…', other: '# people are typing…' }),
              }),
            );
  return (
    <p className="h-6 truncate px-4 text-sm text-slate-600" data-testid="typing">
      {text}
    </p>
  );
}

function ThreadSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 p-4">
      <Placeholder className="h-12 w-2/3 self-start" />
      <Placeholder className="ms-auto h-16 w-1/2" />
      <Placeholder className="h-10 w-1/2 self-start" />
      <Placeholder className="ms-auto h-12 w-3/5" />
    </div>
  );
}

/** Whether the page is in front (a hidden tab does not mark messages read). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** Whether an element is in view within a scrolling box. */
function useInView(
  root: React.RefObject<HTMLElement | null>,
  target: React.RefObject<HTMLElement | null>,
  active: boolean,
) {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!active || !element) {
      setInView(false);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), {
      root: root.current,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, target, active]);
  return inView;
}

/** The open conversation: its header, its messages and the composer. */
export function Thread({ thread }: { thread: ThreadView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { conversation, messages } = thread;
  const channel = conversation.kind === 'course';
  const title = conversationTitle(conversation, language);
  const detail = useConversationDetail(conversation);

  const scroller = useRef<HTMLElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const divider = useRef<HTMLLIElement>(null);
  const nearBottom = useRef(true);
  const shown = useRef<{ conversation: number; first?: string; last?: string; height: number } | null>(null);

  const ready = thread.status === 'ready';
  const firstKey = messages[0]?.key;
  const last = messages[messages.length - 1];

  // Where the thread stands after it changes: the first unread message (or the newest) when a
  // conversation opens; the same messages in view when older ones are put above; the newest when
  // one arrives while the reader was at the end, or when the reader sends one.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !ready) return;
    const before = shown.current;
    if (!before || before.conversation !== conversation.id) {
      // The divider a third of the way down (scrolling this box only, not the page around it).
      const mark = divider.current;
      element.scrollTop = mark
        ? element.scrollTop +
          mark.getBoundingClientRect().top -
          element.getBoundingClientRect().top -
          element.clientHeight / 3
        : element.scrollHeight;
    } else if (before.first !== firstKey && before.last === last?.key) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (before.last !== last?.key && (nearBottom.current || (last?.mine && last.mark === 'sending'))) {
      element.scrollTop = element.scrollHeight;
    }
    shown.current = {
      conversation: conversation.id,
      first: firstKey,
      last: last?.key,
      height: element.scrollHeight,
    };
  }, [ready, conversation.id, firstKey, last?.key, last?.mine, last?.mark]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
    if (shown.current) shown.current.height = element.scrollHeight;
  };

  // Scrolled to the top: the page before.
  const topInView = useInView(scroller, top, ready && thread.hasOlder);
  const latest = useLatest(thread);
  const { hasOlder, loadingOlder, olderFailed } = thread;
  useEffect(() => {
    if (topInView && hasOlder && !loadingOlder && !olderFailed) latest.current.loadOlder();
  }, [topInView, hasOlder, loadingOlder, olderFailed, latest]);

  // The newest message seen, with the page in front: read.
  const bottomInView = useInView(scroller, bottom, ready);
  const pageVisible = usePageVisible();
  const unread = conversation.unread;
  const lastKey = last?.key;
  const markedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!bottomInView || !pageVisible || lastKey === undefined) return;
    if (lastKey === markedKey.current && unread === 0) return;
    markedKey.current = lastKey;
    latest.current.markRead();
  }, [bottomInView, pageVisible, lastKey, unread, latest]);

  let day: string | null = null;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-2">
        <Link
          href={paths.messages()}
          className="grid size-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          <BackIcon className="size-6 rtl:-scale-x-100" />
          <span className="sr-only">{t`Back to conversations`}</span>
        </Link>
        <Avatar item={conversation} className="size-10" />
        <div className="min-w-0 flex-1">
          <h2 dir="auto" className="truncate font-bold text-slate-900">
            {title}
          </h2>
          <p className="truncate text-xs text-slate-600">{detail}</p>
        </div>
      </header>

      {/* Keyboard users scroll the history too: the region takes focus, named after the conversation. */}
      <section
        ref={scroller}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        aria-label={t`Messages with ${title}`}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 pb-2"
        data-testid="thread"
      >
        {thread.status === 'loading' && (
          <div aria-busy="true">
            <span className="sr-only">{t`Loading messages…`}</span>
            <ThreadSkeleton />
          </div>
        )}
        {thread.status === 'failed' && (
          <Failure
            error={null}
            message={t`The messages could not be loaded.`}
            retry={thread.retry}
            className="p-4 text-slate-700"
          />
        )}
        {ready && (
          <>
            {thread.hasOlder && (
              <div ref={top} className="flex justify-center py-3">
                {olderFailed ? (
                  <p role="alert" className="flex items-center gap-3 text-sm text-slate-700">
                    {t`Earlier messages could not be loaded.`}
                    <button
                      type="button"
                      onClick={() => thread.loadOlder()}
                      className="font-semibold text-brand-800 underline"
                    >
                      {t`Try again`}
                    </button>
                  </p>
                ) : (
                  <button
                    type="button"
                    onClick={() => thread.loadOlder()}
                    disabled={loadingOlder}
                    className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-60"
                  >
                    {loadingOlder ? t`Loading earlier messages…` : t`Show earlier messages`}
                  </button>
                )}
              </div>
            )}
            {messages.length === 0 ? (
              <p className="py-12 text-center text-slate-600">{t`No messages yet. Say hello!`}</p>
            ) : (
              <ol className="flex flex-col pt-2" aria-label={t`Messages`}>
                {messages.map((message) => {
                  const messageDayKey = message.createdAt ? dayKey(message.createdAt) : day;
                  const newDay = message.createdAt && messageDayKey !== day;
                  day = messageDayKey;
                  return (
                    <Fragment key={message.key}>
                      {newDay && message.createdAt && (
                        <li className="mt-4 mb-1 flex justify-center" aria-hidden="false">
                          <span className="rounded-full bg-slate-200 px-3 py-0.5 text-xs font-semibold text-slate-700">
                            {messageDay(message.createdAt, language)}
                          </span>
                        </li>
                      )}
                      {message.key === thread.firstUnreadKey && (
                        <li
                          ref={divider}
                          className="mt-4 flex items-center gap-3 text-xs font-bold text-brand-800"
                        >
                          <span className="h-px flex-1 bg-brand-100" />
                          {t`New messages`}
                          <span className="h-px flex-1 bg-brand-100" />
                        </li>
                      )}
                      <Bubble message={message} channel={channel} />
                    </Fragment>
                  );
                })}
              </ol>
            )}
            <div ref={bottom} className="h-px" />
          </>
        )}
      </section>

      <div className="border-t border-slate-200 bg-white">
        <TypingLine names={thread.typing} />
        <Composer thread={thread} />
      </div>
    </div>
  );
}
