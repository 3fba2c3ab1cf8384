import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/api/http';
import { getQueueCounts } from '@/api/staff';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { useLiveNotices } from '@/stores/live-notices';

/**
 * How many items wait in the approvals queue, beside its menu entry: read when the menu opens and
 * again on every live notice (a new item, or a decision). Nothing while unknown or none.
 */
export default function QueueCount() {
  const { t } = useLingui();
  const language = useLanguage();
  const [count, setCount] = useState<number | null>(null);
  const read = useCallback(() => {
    getQueueCounts(api)
      .then((counts) => setCount(counts.total))
      .catch(() => setCount(null));
  }, []);
  useEffect(read, []);
  useLiveNotices(read);
  if (!count) return null;
  return (
    <span className="ms-1 rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
      {formatNumber(count, language)}
      <span className="sr-only"> {t`waiting`}</span>
    </span>
  );
}
