import type { NoticeMailKind } from '@contract/wire/notice-mail';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { connectNotificationSettings } from '@machines/notificationSettings.connect';
import { notificationSettingsMachine } from '@machines/notificationSettings.machine';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { getNoticeMailSettings, saveNoticeMailSettings } from '@/api/profile';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { AlertBox } from '@/ui/forms';
import { Placeholder } from '@/ui/ResourceView';

/** The anchor every notice mail links to (NOTIFICATION_SETTINGS_PATH in server/messages/templates.ts). */
export const NOTIFICATION_SETTINGS_ID = 'notification-settings';

/** What each kind of notice is, as its switch says it. */
const KIND_LABELS: Record<NoticeMailKind, MessageDescriptor> = {
  trainer_approved: msg`When your trainer account is approved`,
  course_approved: msg`When a course of yours is approved`,
  course_rejected: msg`When a course of yours is not approved`,
  payment_receipt: msg`When a payment is received, with its receipt`,
  withdrawal_decided: msg`When a withdrawal request is decided`,
  grade_released: msg`When a grade is released`,
  invitation_accepted: msg`When someone accepts your invitation`,
  certificate_issued: msg`When a certificate is issued`,
};

/** The profile's "Mail notifications": which notices also come by e-mail, saved with Save. */
export function NotificationSettings() {
  const { t, i18n } = useLingui();
  const [machine] = useState(() =>
    notificationSettingsMachine.provide({
      actors: {
        load: fromPromise(() => getNoticeMailSettings(api)),
        save: fromPromise(({ input }) => saveNoticeMailSettings(api, input)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { fallback: 'Something went wrong' } });
  const view = connectNotificationSettings(snapshot, send);
  const headingId = `${NOTIFICATION_SETTINGS_ID}-title`;

  return (
    <section
      id={NOTIFICATION_SETTINGS_ID}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="mb-2 text-xl font-bold text-slate-900">
        {t`Mail notifications`}
      </h2>
      <p className="mb-4 text-slate-600">
        {t`Choose which notices also reach you by e-mail. The bell shows every notice either way.`}
      </p>
      {view.step === 'loading' ? (
        <div aria-busy="true">
          <Placeholder className="h-32" />
        </div>
      ) : view.step === 'failed' ? (
        <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            view.save();
          }}
          className="flex flex-col gap-4"
        >
          <fieldset className="min-w-0">
            <legend className="sr-only">{t`Send me an e-mail`}</legend>
            <ul className="flex flex-col divide-y divide-slate-100">
              {view.switches.map((item) => (
                <li key={item.kind}>
                  <label className="flex cursor-pointer items-center gap-3 py-3">
                    <input
                      type="checkbox"
                      name={item.kind}
                      checked={item.mail}
                      disabled={view.busy}
                      onChange={(event) => item.change(event.target.checked)}
                      className="h-5 w-5 shrink-0 accent-brand-700"
                    />
                    <span className="min-w-0 text-slate-900">{i18n._(KIND_LABELS[item.kind])}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <AlertBox message={view.alert} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              disabled={view.busy}
              aria-busy={view.busy || undefined}
              className={button('primary')}
            >
              {view.busy ? t`Saving…` : t`Save`}
            </button>
            <p role="status" className="text-sm font-semibold text-green-800">
              {view.saved ? t`Your choices are saved.` : ''}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
