import type { HistoryStatus } from '@contract/wire/history';
import { useLingui } from '@lingui/react/macro';
import { STATUS_LABELS, STATUS_STYLES } from '@/features/learning/history/history-text';

/** A course's status in the history, as a coloured label. */
export function StatusBadge({ status }: { status: HistoryStatus }) {
  const { i18n } = useLingui();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLES[status]}`}
    >
      {i18n._(STATUS_LABELS[status])}
    </span>
  );
}
