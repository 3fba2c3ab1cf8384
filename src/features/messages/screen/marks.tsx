import { useLingui } from '@lingui/react/macro';
import type { DeliveryMark } from '@machines/chat.view';
import { AlertIcon, CheckIcon, ClockIcon, DoubleCheckIcon } from '@/features/messages/screen/icons';

/** An own message's mark (clock, ✓, ✓✓, coloured ✓✓, alert), with what it means for screen readers. */
export function DeliveryMarkIcon({ mark, onDark = false }: { mark: DeliveryMark; onDark?: boolean }) {
  const { t } = useLingui();
  const muted = onDark ? 'text-brand-100' : 'text-slate-500';
  const read = onDark ? 'text-sky-300' : 'text-brand-700';
  const parts = {
    sending: { icon: <ClockIcon className={`size-4 ${muted}`} />, label: t`Sending` },
    sent: { icon: <CheckIcon className={`size-4 ${muted}`} />, label: t`Sent` },
    delivered: { icon: <DoubleCheckIcon className={`size-4 ${muted}`} />, label: t`Delivered` },
    read: { icon: <DoubleCheckIcon className={`size-4 ${read}`} />, label: t`Read` },
    failed: { icon: <AlertIcon className="size-4 text-red-700" />, label: t`Not sent` },
  }[mark];
  return (
    <span className="inline-flex shrink-0 items-center" data-mark={mark}>
      {parts.icon}
      <span className="sr-only">{parts.label}</span>
    </span>
  );
}
