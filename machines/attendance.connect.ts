import type { SnapshotFrom } from 'xstate';
import type { AttendanceEvent, attendanceMachine } from './attendance.machine';

export type AttendanceSnapshot = SnapshotFrom<typeof attendanceMachine>;

/** The outcomes, each a screen of its own with what to do next. */
export type AttendanceOutcome =
  | 'given'
  | 'already'
  | 'otherDevice'
  | 'ticketUsed'
  | 'noClass'
  | 'expired'
  | 'invalid'
  | 'notEnrolled'
  | 'trainer'
  | 'noCode';

const OUTCOMES: readonly AttendanceOutcome[] = [
  'given',
  'already',
  'otherDevice',
  'ticketUsed',
  'noClass',
  'expired',
  'invalid',
  'notEnrolled',
  'trainer',
  'noCode',
];

/** What the page shows. */
export type AttendanceView =
  /** A call is on its way (the ticket, or the attendance). */
  | { screen: 'working'; step: 'ticket' | 'attendance' }
  /** Waiting for the visitor to sign in, the ticket kept. */
  | { screen: 'signIn' }
  /** The call failed (the network, the server): its error, and Try again. */
  | { screen: 'failed'; error: unknown; retry: () => void }
  | { screen: AttendanceOutcome; courseId: number };

export function connectAttendance(
  snapshot: AttendanceSnapshot,
  send: (event: AttendanceEvent) => void,
): AttendanceView {
  if (snapshot.matches({ ticketing: 'failed' }) || snapshot.matches({ giving: 'failed' })) {
    return { screen: 'failed', error: snapshot.context.error, retry: () => send({ type: 'retry' }) };
  }
  if (snapshot.matches('ticketing')) return { screen: 'working', step: 'ticket' };
  if (snapshot.matches('giving') || snapshot.matches('deciding'))
    return { screen: 'working', step: 'attendance' };
  if (snapshot.matches('awaitingSignIn')) return { screen: 'signIn' };
  const outcome = OUTCOMES.find((name) => snapshot.matches(name)) ?? 'noCode';
  return { screen: outcome, courseId: snapshot.context.courseId };
}
