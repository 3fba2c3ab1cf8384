import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import { unreadCount } from '@machines/notifications.machine';
import { useEffect } from 'react';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { Failure } from '@/ui/Failure';
import { BellIcon } from '@/ui/icons';
import { refetchNotifications, selectNotification, startNotifications, useNotifications } from './live';

/**
 * The bell in the header (spec sections 2 and 4): the unread count on the bell and in the panel's
 * heading ('Loading ...' until the list is first read); a click on a notification marks it seen
 * and follows its link.
 */
export default function NotificationBell() {
  const { t } = useLingui();
  const language = useLanguage();
  const { items, loaded, failed } = useNotifications();
  const unread = unreadCount(items);

  useEffect(() => startNotifications(), []);

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={unread ? t`Notifications, ${unread} unread` : t`Notifications`}
        className="relative grid size-11 place-items-center rounded-full text-slate-700 hover:bg-brand-50 hover:text-brand-800 data-open:bg-brand-50"
      >
        <BellIcon className="size-6" />
        {unread > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute end-1 top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </PopoverButton>
      {/* Not portalled: the panel stays inside the header landmark, in the tab order after the bell.
          Phones get the full width under the header; wider screens a 428 px panel under the bell. */}
      <PopoverPanel className="fixed inset-x-2 top-16 z-40 flex max-h-[min(600px,calc(100dvh-5rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-[428px]">
        {({ close }) => (
          <>
            <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <h2 className="font-semibold text-slate-900">
                {loaded ? t`Notifications (${unread})` : t`Loading ...`}
              </h2>
            </div>
            <div className="overflow-y-auto p-2" aria-live="polite">
              {!loaded && failed && (
                <Failure error={null} retry={refetchNotifications} className="p-3 text-slate-700" />
              )}
              {loaded && items.length === 0 && (
                <p className="p-4 text-center text-slate-600">{t`You have no notifications yet.`}</p>
              )}
              {items.length > 0 && (
                <ul aria-label={t`Notifications`} className="flex flex-col gap-1">
                  {items.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        onClick={() => {
                          selectNotification(item.id, item.link ?? null);
                          if (item.link) close();
                        }}
                        className={`flex w-full gap-3 rounded-lg px-3 py-2.5 text-start hover:bg-brand-50 ${
                          item.seen ? 'text-slate-600' : 'bg-brand-50/60 text-slate-900'
                        }`}
                      >
                        <span
                          aria-hidden="true"
                          className={`mt-2 size-2 shrink-0 rounded-full ${item.seen ? 'bg-transparent' : 'bg-brand-700'}`}
                        />
                        <span className="min-w-0">
                          <span className={`block ${item.seen ? 'font-medium' : 'font-semibold'}`}>
                            {pick(item, 'title', language)}
                            {!item.seen && <span className="sr-only"> ({t`unread`})</span>}
                          </span>
                          <span className="block text-sm">{pick(item, 'text', language)}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
