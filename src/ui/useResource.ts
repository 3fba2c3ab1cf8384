import { resourceMachine } from '@machines/resource.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';

export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: unknown; retry: () => void };

/** Runs `load` once on mount through the resource machine; `retry` reloads after a failure. */
export function useResource<T>(load: () => Promise<T>): ResourceState<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const actor = useActorRef(
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => loadRef.current()) } }),
  );
  const snapshot = useSelector(actor, (state) => state);
  if (snapshot.matches('ready')) return { status: 'ready', data: snapshot.context.data as T };
  if (snapshot.matches('failed')) {
    return {
      status: 'failed',
      error: snapshot.context.error,
      retry: () => actor.send({ type: 'resource.retry' }),
    };
  }
  return { status: 'loading' };
}
