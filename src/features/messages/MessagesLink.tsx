import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { startChat, useChatUnread } from '@/features/messages/live';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { useSessionRole } from '@/session';
import { type IconProps, Outline } from '@/ui/icons';

const ChatIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v10a1.5 1.5 0 0 1-1.5 1.5H9l-5 4V5.5z" />
    <path d="M8 9h8M8 12.5h5" />
  </Outline>
);

/** The header's Messages link (beside the bell): the unread count; it starts the chat's live channel. */
export default function MessagesLink() {
  // Chat is between trainees and trainers: the centre's staff have none.
  return useSessionRole() === 'ADMIN' ? null : <ChatLink />;
}

function ChatLink() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const unread = useChatUnread();
  const [location] = useLocation();
  const here = location === paths.messages.pattern;

  useEffect(() => startChat(), []);

  return (
    <Link
      href={paths.messages()}
      aria-current={here ? 'page' : undefined}
      aria-label={
        unread > 0
          ? i18n._(
              msg({ message: plural(unread, { one: 'Messages, # unread', other: 'Messages, # unread' }) }),
            )
          : t`Messages`
      }
      className={`relative grid size-11 place-items-center rounded-full hover:bg-brand-50 hover:text-brand-800 ${
        here ? 'bg-brand-50 text-brand-800' : 'text-slate-700'
      }`}
    >
      <ChatIcon className="size-6" />
      {unread > 0 && (
        <span
          data-testid="chat-unread-count"
          aria-hidden="true"
          className="absolute end-1 top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
        >
          {unread > 99 ? `${formatNumber(99, language)}+` : formatNumber(unread, language)}
        </span>
      )}
    </Link>
  );
}
