import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ChatView, ConversationItemView } from '@machines/chat.view';
import { Link } from 'wouter';
import { conversationTitle, initials, listTime, roleName } from '@/features/messages/screen/chat-text';
import { PenIcon, PeopleIcon } from '@/features/messages/screen/icons';
import { DeliveryMarkIcon } from '@/features/messages/screen/marks';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { Placeholder } from '@/ui/ResourceView';

/** An item's frame: the placeholder has the same one, so nothing moves when the list arrives. */
const ROW = 'flex items-center gap-3 px-4 py-3';

/** A person's photo or initials, or a channel's people icon. */
export function Avatar({ item, className = 'size-12' }: { item: ConversationItemView; className?: string }) {
  const language = useLanguage();
  if (item.peer?.image) {
    return <img src={item.peer.image} alt="" className={`${className} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} grid shrink-0 place-items-center rounded-full font-semibold ${
        item.peer ? 'bg-brand-100 text-brand-800' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {item.peer ? initials(conversationTitle(item, language)) : <PeopleIcon className="size-6" />}
    </span>
  );
}

/** Under a conversation's name: the person's role, or the channel's member count. */
export function useConversationDetail(item: ConversationItemView): string {
  const { i18n } = useLingui();
  if (item.peer) return roleName(item.peer.role, i18n);
  return i18n._(
    msg({
      message: plural(item.members, { one: 'Course channel, # member', other: 'Course channel, # members' }),
    }),
  );
}

function ConversationRow({ item }: { item: ConversationItemView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const title = conversationTitle(item, language);
  const detail = useConversationDetail(item);
  const last = item.lastMessage;
  // Who wrote it: the user, or in a channel the sender.
  const author = last ? (last.mine ? t`You:` : item.kind === 'course' ? `${last.senderName}:` : null) : null;
  return (
    <li>
      <Link
        href={paths.messages(item.id)}
        aria-current={item.active ? 'page' : undefined}
        className={`${ROW} ${item.active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
      >
        <Avatar item={item} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span
              dir="auto"
              className={`min-w-0 flex-1 truncate ${item.unread ? 'font-bold' : 'font-semibold'} text-slate-900`}
            >
              {title}
            </span>
            {last?.createdAt && (
              <time
                dateTime={last.createdAt}
                className={`shrink-0 text-xs ${item.unread ? 'font-semibold text-brand-800' : 'text-slate-600'}`}
              >
                {listTime(last.createdAt, language)}
              </time>
            )}
          </span>
          <span className="truncate text-xs text-slate-600">{detail}</span>
          <span className="flex items-center gap-2">
            {last?.mine && last.mark && <DeliveryMarkIcon mark={last.mark} />}
            {author && <span className="shrink-0 text-sm font-semibold text-slate-700">{author}</span>}
            {/* The text in its own direction, cut at its own end, placed as the page reads. */}
            <span
              dir={last ? 'auto' : undefined}
              className={`min-w-0 flex-1 truncate text-sm [text-align:match-parent] ${item.unread ? 'text-slate-900' : 'text-slate-600'}`}
            >
              {last ? last.body : t`No messages yet`}
            </span>
            {item.unread > 0 && (
              <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
                <span aria-hidden="true">{formatNumber(item.unread, language)}</span>
                <span className="sr-only">
                  {i18n._(
                    msg({
                      message: plural(item.unread, { one: '# unread message', other: '# unread messages' }),
                    }),
                  )}
                </span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul className="divide-y divide-slate-100" aria-hidden="true">
      {['a', 'b', 'c', 'd', 'e'].map((slot) => (
        <li key={slot} className={ROW}>
          <Placeholder className="size-12 shrink-0 rounded-full" />
          <span className="flex flex-1 flex-col gap-1.5">
            <Placeholder className="h-5 w-2/3" />
            <Placeholder className="h-4 w-1/2" />
            <Placeholder className="h-4 w-3/4" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The conversation list (newest activity first) with its loading, failed and empty states. */
export function ConversationList({ view, onNewMessage }: { view: ChatView; onNewMessage: () => void }) {
  const { t } = useLingui();
  if (view.listStatus === 'loading') {
    return (
      <div aria-busy="true">
        <span className="sr-only">{t`Loading conversations…`}</span>
        <ListSkeleton />
      </div>
    );
  }
  if (view.listStatus === 'failed') {
    return (
      <Failure
        error={null}
        message={t`Your conversations could not be loaded.`}
        retry={view.retryList}
        className="p-4 text-slate-700"
      />
    );
  }
  if (view.conversations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">{t`No messages yet`}</p>
        <p className="text-sm text-slate-600">{t`Start a conversation with the trainers and trainees of your courses.`}</p>
        <button type="button" onClick={onNewMessage} className={button()}>
          <PenIcon className="size-5" />
          {t`New message`}
        </button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {view.conversations.map((item) => (
        <ConversationRow key={item.id} item={item} />
      ))}
    </ul>
  );
}
