import { assign, fromPromise, setup } from 'xstate';

/**
 * A read of server content (CMS blocks, lists): loading, then ready or failed; a failed read can be
 * retried and a ready one reloaded. The view decides what counts as empty.
 */
export interface ResourceContext<TData = unknown> {
  /** The last data read; kept while a reload is in flight. */
  data: TData | undefined;
  error: unknown;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.reload' };

/**
 * The loader for data of type `TData`: one definition per kind of data, so that what the view reads
 * back is typed as what `load` returns.
 */
export function createResourceMachine<TData>() {
  return setup({
    types: {
      context: {} as ResourceContext<TData>,
      events: {} as ResourceEvent,
    },
    actors: {
      load: fromPromise<TData>(async () => {
        throw new Error('load is supplied by the view');
      }),
    },
    actions: {
      keepData: assign((_, params: { data: TData }) => ({ data: params.data, error: null })),
      keepError: assign((_, params: { error: unknown }) => ({ error: params.error })),
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
          onDone: {
            target: 'ready',
            actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
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
}

export const resourceMachine = createResourceMachine<unknown>();

export type ResourceMachine<TData = unknown> = ReturnType<typeof createResourceMachine<TData>>;
