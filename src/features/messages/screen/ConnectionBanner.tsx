import { useLingui } from '@lingui/react/macro';
import type { ChatConnection } from '@machines/chat.view';

/** Says when messages cannot go out at once: the socket is reconnecting, renewing or offline. */
export function ConnectionBanner({ connection }: { connection: ChatConnection }) {
  const { t } = useLingui();
  const text =
    connection === 'offline'
      ? t`You are offline. Messages will be sent when you are back online.`
      : connection === 'reconnecting' || connection === 'renewing'
        ? t`Reconnecting…`
        : null;
  return (
    <div
      role="status"
      className={text ? 'bg-amber-50 px-4 py-2 text-center text-sm font-semibold text-amber-900' : 'sr-only'}
    >
      {text}
    </div>
  );
}
