import type { SnapshotFrom } from 'xstate';
import type { CloseCourseEvent, closeCourseMachine } from './closeCourse.machine';

/** What the Close course button and its confirmation dialog show. */
export interface CloseCourseView {
  /** The confirmation dialog is open (asking, or closing). */
  open: boolean;
  /** The call is in flight: the buttons are disabled and the dialog cannot be dismissed. */
  busy: boolean;
  /** The course was closed. */
  closed: boolean;
  /** The server's refusal (English; the view translates it), or null. */
  alert: string | null;
  ask: () => void;
  cancel: () => void;
  confirm: () => void;
}

export function connectCloseCourse(
  snapshot: SnapshotFrom<typeof closeCourseMachine>,
  send: (event: CloseCourseEvent) => void,
): CloseCourseView {
  const busy = snapshot.matches('closing');
  return {
    open: snapshot.matches('confirming') || busy,
    busy,
    closed: snapshot.matches('closed'),
    alert: snapshot.context.alert,
    ask: () => send({ type: 'close.ask' }),
    cancel: () => {
      if (!busy) send({ type: 'close.cancel' });
    },
    confirm: () => send({ type: 'close.confirm' }),
  };
}
