import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { BellIcon } from '@/ui/icons';
import { startNotifications, useNotifications } from './live';
import NotificationList from './NotificationList';

/** The bell in the header (spec section 2): the unread count, and the list in a panel. */
export default function NotificationBell() {
  const { t } = useLingui();
  const language = useLanguage();
  const { unread, badge } = useNotifications();

  useEffect(() => startNotifications(), []);

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={unread ? t`Notifications, ${formatNumber(unread, language)} unread` : t`Notifications`}
        className="relative grid size-11 place-items-center rounded-full text-slate-700 hover:bg-brand-50 hover:text-brand-800 data-open:bg-brand-50"
      >
        <BellIcon className="size-6" />
        {badge !== null && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute end-1 top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {badge?.replace(/\d+/, (digits) => formatNumber(Number(digits), language))}
          </span>
        )}
      </PopoverButton>
      {/* Not portalled: the panel stays inside the header landmark, in the tab order after the bell.
          Phones get the full width under the header; wider screens a 428 px panel under the bell. */}
      <PopoverPanel className="fixed inset-x-2 top-16 z-40 flex max-h-[min(600px,calc(100dvh-5rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-[428px]">
        {({ close }) => <NotificationList onFollow={close} onClose={close} />}
      </PopoverPanel>
    </Popover>
  );
}
