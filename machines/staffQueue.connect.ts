import type { QueueKind } from '@contract/wire/staff';
import type { SnapshotFrom } from 'xstate';
import type { QueueData, staffQueueMachine } from './staffQueue.machine';

/** What the approvals page shows. */
export interface StaffQueueView {
  kind: QueueKind | null;
  page: number;
  /** The page read last (kept while the next is read); null before the first answer. */
  data: QueueData | null;
  /** Reading: the first time (placeholders) or again (the list stays, marked busy). */
  busy: boolean;
  /** The last read failed: its reason, shown with Try again above what was read before. */
  error: unknown;
  /** How many pages the kind has. */
  pages: number;
}

export function connectStaffQueue(snapshot: SnapshotFrom<typeof staffQueueMachine>): StaffQueueView {
  const { kind, page, data, error } = snapshot.context;
  const items = data?.items;
  return {
    kind,
    page,
    data,
    busy: snapshot.matches('loading'),
    error: snapshot.matches('failed') ? error : null,
    pages: items ? Math.max(1, Math.ceil(items.count / Math.max(1, items.limit))) : 1,
  };
}
