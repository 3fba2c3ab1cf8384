import type { SnapshotFrom } from 'xstate';
import { connectLoader } from './loader.connect';
import type { ResourceMachine } from './resource.machine';

/**
 * What a read shows: a placeholder while loading, the data, that it does not exist (a 404, with no
 * retry), or the reason of another failure and a retry (sent to the loader).
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
): ResourceViewModel<TData> {
  const { data } = snapshot.context;
  if (snapshot.matches('ready') && data !== undefined) return { status: 'ready', data };
  return connectLoader(snapshot.children.loader);
}
