import { loaderOf } from '@machines/loader.machine';
import { connectResource, type ResourceViewModel } from '@machines/resource.connect';
import { createResourceMachine } from '@machines/resource.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useLoader } from './useLoader';

export type ResourceState<T> = ResourceViewModel<T>;

/** Runs `load` once on mount through the resource machine; `retry` reloads after a failure. */
export function useResource<T>(load: () => Promise<T>): ResourceState<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [machine] = useState(() =>
    createResourceMachine<T>().provide({ actors: { loader: loaderOf(() => loadRef.current()) } }),
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (state) => state);
  useLoader(snapshot.children.loader);
  return connectResource(snapshot);
}
