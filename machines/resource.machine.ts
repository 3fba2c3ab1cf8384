import { assign, fromPromise, setup } from 'xstate';
import { statusOf } from './forms';

/**
 * A read of server content (CMS blocks, lists, one course or event): loading, then ready, missing or
 * failed. Missing is the server's 404: what was asked for does not exist (or is not published), and
 * asking again will not change that, so there is no retry. Any other failure (the network, a 5xx)
 * can be retried, and a ready read reloaded. The view decides what counts as empty.
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
    guards: {
      /** The server answered 404: the thing read does not exist. */
      isMissing: (_, params: { error: unknown }) => statusOf(params.error) === 404,
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
          onError: [
            {
              guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
              target: 'missing',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
            {
              target: 'failed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          ],
        },
      },
      ready: {
        on: { 'resource.reload': 'loading' },
      },
      failed: {
        on: { 'resource.retry': 'loading' },
      },
      /** Nothing to retry: the view says what is missing and where to go instead. */
      missing: {},
    },
  });
}

export const resourceMachine = createResourceMachine<unknown>();

export type ResourceMachine<TData = unknown> = ReturnType<typeof createResourceMachine<TData>>;
