import { assign, fromPromise, setup } from 'xstate';

/**
 * A read of server content (CMS blocks, lists): loading, then ready or failed; a failed read can be
 * retried and a ready one reloaded. The view decides what counts as empty.
 */
export interface ResourceContext {
  data: unknown;
  error: unknown;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.reload' };

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
  },
  actors: {
    load: fromPromise<unknown>(async () => {
      throw new Error('load is supplied by the view');
    }),
  },
  actions: {
    keepData: assign({ data: ({ event }) => (event as { output?: unknown }).output, error: null }),
    keepError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
  },
}).createMachine({
  id: 'resource',
  context: { data: undefined, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: 'keepData' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    ready: {
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      on: { 'resource.retry': 'loading' },
    },
  },
});
