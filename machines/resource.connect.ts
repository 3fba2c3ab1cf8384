import type { SnapshotFrom } from 'xstate';
import type { ResourceEvent, ResourceMachine } from './resource.machine';

/**
 * What a read shows: a placeholder while loading, the data, that it does not exist (a 404, with no
 * retry), or the reason of another failure and a retry.
 */
export type ResourceViewModel<TData> =
  | { status: 'loading' }
  | { status: 'ready'; data: TData }
  | { status: 'missing'; error: unknown }
  | { status: 'failed'; error: unknown; retry: () => void };

/**
 * The view model of one read. A reload in flight shows the placeholder again, as the first load
 * does; a load that yields `undefined` counts as nothing read yet.
 */
export function connectResource<TData>(
  snapshot: SnapshotFrom<ResourceMachine<TData>>,
  send: (event: ResourceEvent) => void,
): ResourceViewModel<TData> {
  const { data, error } = snapshot.context;
  if (snapshot.matches('ready') && data !== undefined) return { status: 'ready', data };
  if (snapshot.matches('missing')) return { status: 'missing', error };
  if (snapshot.matches('failed')) {
    return { status: 'failed', error, retry: () => send({ type: 'resource.retry' }) };
  }
  return { status: 'loading' };
}
