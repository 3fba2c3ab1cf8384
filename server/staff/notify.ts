import type { QueueKind } from '@contract/wire/staff';
import type { Queryable } from '../db';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';

/**
 * Tells every member of staff, with the statements of the transaction that adds it, that a new item
 * waits in the approvals queue: the notification reaches their open pages at once, and the queue
 * page reads itself again. Returns what announces it once the transaction has committed.
 */
export async function notifyStaff(
  tx: Queryable,
  notifier: Notifier,
  kind: QueueKind,
  subject: { en: string; ar: string },
): Promise<() => Promise<void>> {
  const { rows } = await tx.query<{ id: number }>(
    "SELECT id FROM users WHERE role = 'ADMIN' AND verified AND closed_at IS NULL",
  );
  const announces: (() => Promise<void>)[] = [];
  for (const { id } of rows) {
    const { announce } = await notifier.notifyWithin(
      tx,
      id,
      NOTIFICATIONS.staffQueue(kind, subject.en, subject.ar),
    );
    announces.push(announce);
  }
  return async () => {
    for (const announce of announces) await announce();
  };
}
