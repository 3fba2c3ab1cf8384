/**
 * The time attendance runs on: the QR code's step, the centre's date and whether a session is over.
 * The product uses the system clock; tests (and the /dev route of development servers) move it
 * forward to pass a rotation without waiting.
 */
export interface AttendanceClock {
  now(): Date;
}

/** A clock that can be moved forward; `advance` is reachable only from tests and /dev/… routes. */
export interface AdjustableClock extends AttendanceClock {
  /** Moves the clock by `seconds` (negative: back). */
  advance(seconds: number): void;
}

/** The system clock, plus an offset that starts at 0. */
export function createAdjustableClock(start: () => number = Date.now): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(start() + offsetMs),
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
  };
}
