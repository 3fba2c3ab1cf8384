import type { QueueKind } from '@contract/wire/staff';
import type { SnapshotFrom } from 'xstate';
import type { createStaffDecisionMachine } from './staffDecision.machine';

type DecisionSnapshot<TItem> = SnapshotFrom<ReturnType<typeof createStaffDecisionMachine<TItem>>>;

/** What the decision dialog shows. */
export type StaffDecisionView<TItem> =
  | { step: 'loading' }
  | { step: 'failed'; error: unknown }
  /** Decided meanwhile, or gone: the sentence (English; translated by the view). */
  | { step: 'gone'; message: string | null }
  | { step: 'decided' }
  | {
      step: 'reviewing';
      kind: QueueKind;
      item: TItem;
      alert: string | null;
      /** Approve (Confirm) is on its way. */
      approving: boolean;
      /** Cash is confirmed, never rejected. */
      canReject: boolean;
    }
  | {
      step: 'rejecting';
      kind: QueueKind;
      item: TItem;
      reason: string;
      reasonError: string | null;
      alert: string | null;
      busy: boolean;
    };

export function connectStaffDecision<TItem>(snapshot: DecisionSnapshot<TItem>): StaffDecisionView<TItem> {
  const { kind, item, reason, reasonError, alert, error } = snapshot.context;
  if (snapshot.matches('loading')) return { step: 'loading' };
  if (snapshot.matches('failed')) return { step: 'failed', error };
  if (snapshot.matches('gone')) return { step: 'gone', message: alert };
  if (snapshot.matches('decided') || item === null) return { step: 'decided' };
  if (snapshot.matches('rejecting') || snapshot.matches('sendingRejection')) {
    return {
      step: 'rejecting',
      kind,
      item,
      reason,
      reasonError,
      alert,
      busy: snapshot.matches('sendingRejection'),
    };
  }
  return {
    step: 'reviewing',
    kind,
    item,
    alert,
    approving: snapshot.matches('approving'),
    canReject: kind !== 'cash',
  };
}
