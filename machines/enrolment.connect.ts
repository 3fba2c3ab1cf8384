import type { SnapshotFrom } from 'xstate';
import type { enrolmentMachine } from './enrolment.machine';

/** What the course page offers: sign in first, go to checkout, or a note that trainers cannot enrol. */
export type EnrolmentView =
  | { action: 'signIn' }
  | { action: 'checkout'; courseId: number }
  | { action: 'none'; reason: 'trainerAccount' };

export function connectEnrolment(snapshot: SnapshotFrom<typeof enrolmentMachine>): EnrolmentView {
  if (snapshot.matches('open')) return { action: 'checkout', courseId: snapshot.context.courseId };
  if (snapshot.matches('notForRole')) return { action: 'none', reason: 'trainerAccount' };
  return { action: 'signIn' };
}
