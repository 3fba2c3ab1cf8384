import { useLingui } from '@lingui/react/macro';
import { connectCalendarFeed } from '@machines/calendarFeed.connect';
import { calendarFeedMachine } from '@machines/calendarFeed.machine';
import { loaderOf } from '@machines/loader.machine';
import { useMachine } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { API_BASE_URL, api } from '@/api/http';
import { calendarFeedAddress, getCalendarFeed, renewCalendarFeed } from '@/api/schedule';
import { errorText } from '@/i18n/api-messages';
import { useLanguage } from '@/i18n/useLanguage';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { Placeholder } from '@/ui/ResourceView';
import { useLoader } from '@/ui/useLoader';

/**
 * The user's private calendar feed (iCalendar): the address to subscribe to in a calendar app,
 * copied with a confirmation; "New address" asks first, then ends the old one. The feed is written
 * in the language the page shows when the address is made.
 */
export function CalendarFeedPanel() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [machine] = useState(() =>
    calendarFeedMachine.provide({
      actors: {
        loader: loaderOf(() => getCalendarFeed(api, language)),
        renew: fromPromise(() => renewCalendarFeed(api, language)),
        copy: fromPromise(async ({ input: feed }) => {
          if (!feed) throw new Error('No address yet');
          await navigator.clipboard.writeText(
            calendarFeedAddress(feed, API_BASE_URL, window.location.origin),
          );
        }),
      },
      actions: {
        announceRenewed: () => showToast(t`New address made. The old address no longer works.`),
        announceFailure: (_, { error }) => showToast(errorText(error, i18n), 'error'),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  useLoader(snapshot.children.loader);
  const view = connectCalendarFeed(snapshot, send);
  const address = view.feed ? calendarFeedAddress(view.feed, API_BASE_URL, window.location.origin) : '';

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        {t`Calendar feed`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t`Subscribe to this private address in your calendar app (Google Calendar, Outlook, Apple Calendar) to see your sessions there, with cancellations and changes. Anyone who has the address can see your sessions: keep it to yourself.`}
      </p>
      {view.status === 'failed' ? (
        <Failure
          error={view.error}
          retry={view.retry}
          className="mt-4 rounded-xl bg-red-50 p-4 text-red-800"
        />
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
            {t`Calendar address`}
          </label>
          {view.status === 'loading' ? (
            <Placeholder className="h-11 w-full" />
          ) : (
            <input
              id={inputId}
              ref={input}
              readOnly
              value={address}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              className="h-11 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900 rtl:text-end"
            />
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={view.copy}
              disabled={view.status !== 'ready' || view.copyState === 'copying' || view.renewing}
              className={button()}
            >
              {t`Copy address`}
            </button>
            <button
              type="button"
              onClick={view.askRenew}
              disabled={view.status !== 'ready' || view.confirming || view.renewing}
              className={button('secondary')}
            >
              {view.renewing ? t`Making a new address…` : t`New address`}
            </button>
            <p role="status" className="min-h-6 text-sm font-semibold text-emerald-800">
              {view.copyState === 'copied' ? t`Address copied` : ''}
            </p>
          </div>
          {view.copyState === 'failed' && (
            <p className="text-sm text-amber-900">{t`Your browser did not allow copying: select the address and copy it.`}</p>
          )}
          {view.confirming && (
            <div
              role="alertdialog"
              aria-labelledby={`${inputId}-confirm`}
              className="rounded-xl bg-amber-50 p-4"
            >
              <p id={`${inputId}-confirm`} className="text-sm text-amber-900">
                {t`The old address will stop working in every calendar that uses it. Make a new address?`}
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <button type="button" onClick={view.confirmRenew} className={button()}>
                  {t`Make a new address`}
                </button>
                <button type="button" onClick={view.cancelRenew} className={button('secondary')}>
                  {t`Cancel`}
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
