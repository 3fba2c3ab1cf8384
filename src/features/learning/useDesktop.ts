import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: where the player shows its sidebar beside the lecture. */
const DESKTOP = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is as wide as a desktop's (the `lg` breakpoint), following resizes. */
export function useDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(DESKTOP).matches);
}
