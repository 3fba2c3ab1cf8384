import { createLoaderMachine, type LoaderMachine } from '../../../machines/loader.machine.ts';
import { type AnyScriptedActor, type ScriptedPromise, scriptedPromise } from './paths.ts';

/**
 * The loader a parent machine invokes as `id` (its invoke id, `loader` by default), whose read is
 * scripted: the parent's path steps `done: loader` / `error: loader` settle the pending read inside
 * the child, so a done step reaches the parent's `onDone` through the child's final state, and an
 * error step leaves the child failed (or missing) while the parent stays where it is.
 */
export interface ScriptedLoader<TData, TParams> extends AnyScriptedActor {
  readonly logic: LoaderMachine<TData, TParams>;
  /** The read inside the child; `read.inputs` lists what each read was given. */
  readonly read: ScriptedPromise<TData, { params: TParams }>;
}

export function scriptedLoader<TData, TParams = undefined>(id = 'loader'): ScriptedLoader<TData, TParams> {
  const read = scriptedPromise<TData, { params: TParams }>();
  return {
    scripted: true,
    logic: createLoaderMachine<TData, TParams>().provide({ actors: { load: read.logic } }),
    read,
    pendingIds: () => read.pendingIds().map(() => id),
    settle: (actorId, outcome) => actorId === id && read.settle('load', outcome),
  };
}
