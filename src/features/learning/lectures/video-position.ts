import { VIDEO_READ_SHARE } from '@contract/domain/learning';

/**
 * When the video lecture saves where the trainee is (pure; the view feeds it the player's events):
 * every `SAVE_EVERY_SECONDS` of the video played, on pause, after a seek, at the end and when the
 * page is left; and once more as playing crosses the share that counts the video as watched, so
 * the server can mark it read. A position within a moment of the last one saved is not sent again.
 */
export const SAVE_EVERY_SECONDS = 10;
/** Closer than this to the last position saved: nothing new to save. */
const SAME_PLACE_SECONDS = 0.5;

export interface PositionState {
  /** The last position saved (or the one the lecture started at). */
  saved: number;
  /** The video's length in seconds, once known (NaN or 0: not known). */
  duration: number;
}

export type PlayerMoment =
  /** `timeupdate` while playing. */
  | { type: 'progress'; seconds: number }
  | { type: 'pause'; seconds: number }
  | { type: 'seeked'; seconds: number }
  | { type: 'ended'; seconds: number }
  /** The page is hidden or the lecture closes. */
  | { type: 'leave'; seconds: number };

export interface PositionStep {
  state: PositionState;
  /** The position to send now, in seconds (one decimal), or null. */
  save: number | null;
}

export function startPosition(position: number | null, duration = 0): PositionState {
  return { saved: position ?? 0, duration };
}

function watchedAt(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? duration * VIDEO_READ_SHARE : Number.POSITIVE_INFINITY;
}

/** What to do for one moment of the player. */
export function nextPosition(state: PositionState, moment: PlayerMoment): PositionStep {
  const seconds = Math.max(0, Math.round(moment.seconds * 10) / 10);
  const moved = Math.abs(seconds - state.saved);
  let due: boolean;
  if (moment.type === 'progress') {
    const threshold = watchedAt(state.duration);
    const crossesWatched = state.saved < threshold && seconds >= threshold;
    due = moved >= SAVE_EVERY_SECONDS || crossesWatched;
  } else {
    due = moved >= SAME_PLACE_SECONDS;
  }
  return due ? { state: { ...state, saved: seconds }, save: seconds } : { state, save: null };
}

/** The video's length became known. */
export function withDuration(state: PositionState, duration: number): PositionState {
  return { ...state, duration };
}
