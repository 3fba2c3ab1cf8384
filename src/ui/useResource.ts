import { connectResource, type ResourceViewModel } from '@machines/resource.connect';
import { createResourceMachine } from '@machines/resource.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';

export type ResourceState<T> = ResourceViewModel<T>;

/** Runs `load` once on mount through the resource machine; `retry` reloads after a failure. */
export function useResource<T>(load: () => Promise<T>): ResourceState<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [machine] = useState(() =>
    createResourceMachine<T>().provide({ actors: { load: fromPromise<T>(() => loadRef.current()) } }),
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (state) => state);
  return connectResource(snapshot, actor.send);
}
