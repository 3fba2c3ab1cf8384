import { createStore } from '@xstate/store';
import { useEffect } from 'react';

/**
 * A beat for every message of the live channel (a payment confirmed, a withdrawal decided …): the
 * notifications feature beats it, and screens that show something a notice may change read again.
 */
export const liveNoticeStore = createStore({
  context: { beats: 0 },
  on: { arrived: (context) => ({ beats: context.beats + 1 }) },
});

export function noteLiveNotice(): void {
  liveNoticeStore.trigger.arrived();
}

/** Calls `onNotice` on every live message from now on. */
export function useLiveNotices(onNotice: () => void): void {
  useEffect(() => {
    let seen = liveNoticeStore.getSnapshot().context.beats;
    const subscription = liveNoticeStore.subscribe((snapshot) => {
      if (snapshot.context.beats === seen) return;
      seen = snapshot.context.beats;
      onNotice();
    });
    return () => subscription.unsubscribe();
  }, [onNotice]);
}
