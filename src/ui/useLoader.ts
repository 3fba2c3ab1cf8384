import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/**
 * Follows a screen machine's loader (`snapshot.children.loader`): its failure and its Try again
 * change the loader's snapshot, not the screen machine's, so the view subscribes to it as well.
 * Returns the loader's snapshot, for memoised views to depend on.
 */
export function useLoader(loader: AnyActorRef | undefined): unknown {
  return useSelector(loader, (state) => state);
}
