import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { createLoaderMachine, type LoaderMachine } from '../../../machines/loader.machine.ts';
import {
  type AnyScriptedActor,
  expectState,
  type MachineHarness,
  type ScriptedPromise,
  scriptedPromise,
} from './paths.ts';

/**
 * The loader a parent machine invokes as `id` (its invoke id, `loader` by default), whose read is
 * scripted: the parent's path steps `done: loader` / `error: loader` settle the pending read inside
 * the child, so a done step reaches the parent's `onDone` through the child's final state, and an
 * error step leaves the child failed (or missing) while the parent stays where it is.
 */
export interface ScriptedLoader<TData, TParams> extends AnyScriptedActor {
  readonly logic: LoaderMachine<TData, TParams>;
  /** The parent's invoke id. */
  readonly id: string;
  /** The read inside the child; `read.inputs` lists what each read was given. */
  readonly read: ScriptedPromise<TData, { params: TParams }>;
}

export function scriptedLoader<TData, TParams = undefined>(id = 'loader'): ScriptedLoader<TData, TParams> {
  const read = scriptedPromise<TData, { params: TParams }>();
  return {
    scripted: true,
    id,
    logic: createLoaderMachine<TData, TParams>().provide({ actors: { load: read.logic } }),
    read,
    pendingIds: () => read.pendingIds().map(() => id),
    settle: (actorId, outcome) => actorId === id && read.settle('load', outcome),
  };
}

/**
 * The loader's failure and Try again as the parent's view sees them: the read fails with `failure`,
 * the parent stays in `state` (its loading state), `view()` says failed, and its `retry` reads again
 * inside the loader with the same params while the parent still waits. Returns the failed view, for
 * the test's own checks of what it says.
 */
export async function expectTryAgain<TView extends { status: string }, TData, TParams>(
  harness: MachineHarness<AnyStateMachine>,
  loader: ScriptedLoader<TData, TParams>,
  { failure, state = 'loading', view }: { failure: unknown; state?: string; view: () => TView },
): Promise<TView> {
  const reads = loader.read.inputs.length;
  await harness.reject(loader.id, failure);
  expectState(harness, state);
  const failed = view();
  expect(failed.status).toBe('failed');
  const retry = 'retry' in failed ? failed.retry : undefined;
  if (typeof retry !== 'function') throw new Error('The failed view offers no Try again');
  await harness.after(() => retry());
  expectState(harness, state);
  expect(loader.read.inputs).toHaveLength(reads + 1);
  expect(loader.read.inputs.at(-1)).toEqual(loader.read.inputs.at(-2));
  return failed;
}
