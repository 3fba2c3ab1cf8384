import type { QueueCounts } from '@contract/wire/staff';
import { useLingui } from '@lingui/react/macro';
import { loaderOf } from '@machines/loader.machine';
import { connectResource } from '@machines/resource.connect';
import { createResourceMachine } from '@machines/resource.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { api } from '@/api/http';
import { getQueueCounts } from '@/api/staff';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { useLiveNotices } from '@/stores/live-notices';
import { useLoader } from '@/ui/useLoader';

/**
 * How many items wait in the approvals queue, beside its menu entry: read when the menu shows it and
 * again on every live notice (a new item, or a decision), the last count kept meanwhile. Nothing
 * while unknown, after a failed read, or when none waits.
 */
export default function QueueCount() {
  const { t } = useLingui();
  const language = useLanguage();
  const [machine] = useState(() =>
    createResourceMachine<QueueCounts>().provide({ actors: { loader: loaderOf(() => getQueueCounts(api)) } }),
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (state) => state);
  useLoader(snapshot.children.loader);
  const view = connectResource(snapshot);
  // While a reload runs, the count read before stays.
  const count = view.status === 'ready' ? view.data.total : (snapshot.context.data?.total ?? 0);
  useLiveNotices(useCallback(() => actor.send({ type: 'resource.reload' }), [actor]));
  if (!count) return null;
  return (
    <span className="ms-1 rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
      {formatNumber(count, language)}
      <span className="sr-only"> {t`waiting`}</span>
    </span>
  );
}
