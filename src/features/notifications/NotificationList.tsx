import { useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { Failure } from '@/ui/Failure';
import { CloseIcon } from '@/ui/icons';
import { startNotifications, useNotifications } from './live';

/**
 * The user's notifications with the unread count in the heading ('Loading ...' until the list is
 * first read; spec section 4): a click marks one seen and follows its link. Shown in the bell's
 * panel and in the side menu.
 */
export default function NotificationList({
  onFollow,
  onClose,
  className = '',
}: {
  /** Called when a notification with a link is clicked (the panel closes). */
  onFollow?: () => void;
  /**
   * Closes the panel showing the list: a Close button stands beside the heading. In the bell's
   * panel it is also what keeps a focusable element right after the bell while the list loads or is
   * empty, so Headless UI needs no hidden focus guards around the panel.
   */
  onClose?: () => void;
  className?: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const headingId = useId();
  const { items, loaded, unread, empty, failed, retry } = useNotifications();

  useEffect(() => startNotifications(), []);

  return (
    <section aria-labelledby={headingId} className={`flex min-h-0 flex-col ${className}`}>
      <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-1.5">
        <h2 id={headingId} className="grow py-1.5 font-semibold text-slate-900">
          {loaded ? t`Notifications (${formatNumber(unread, language)})` : t`Loading ...`}
        </h2>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            className="-me-2 grid size-11 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">{t`Close`}</span>
          </button>
        )}
      </div>
      <div className="overflow-y-auto p-2" aria-live="polite">
        {failed && <Failure error={null} retry={retry} className="p-3 text-slate-700" />}
        {empty && <p className="p-4 text-center text-slate-600">{t`You have no notifications yet.`}</p>}
        {items.length > 0 && (
          <ul aria-label={t`Notifications`} className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    item.select();
                    if (item.leadsAway) onFollow?.();
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
                    <span dir="auto" className={`block ${item.seen ? 'font-medium' : 'font-semibold'}`}>
                      {pick(item.notification, 'title', language)}
                      {!item.seen && <span className="sr-only"> ({t`unread`})</span>}
                    </span>
                    <span dir="auto" className="block text-sm">
                      {pick(item.notification, 'text', language)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
