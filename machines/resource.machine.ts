import { assign, setup } from 'xstate';
import { createLoaderMachine } from './loader.machine';

/**
 * A read of server content (CMS blocks, lists, one course or event) that can be read again: the
 * loader reads it (a failure offers Try again there; the server's 404, missing, has none: what was
 * asked for does not exist, or is not published), then it is ready, and a reload reads it again
 * keeping what was read meanwhile. The view decides what counts as empty.
 */
export interface ResourceContext<TData = unknown> {
  /** The last data read; kept while a reload is in flight. */
  data: TData | undefined;
}

export type ResourceEvent = { type: 'resource.reload' };

/**
 * The read of data of type `TData`: one definition per kind of data, so that what the view reads
 * back is typed as what the loader's `load` returns.
 */
export function createResourceMachine<TData>() {
  return setup({
    types: {
      context: {} as ResourceContext<TData>,
      events: {} as ResourceEvent,
      children: {} as { loader: 'loader' },
    },
    actors: {
      loader: createLoaderMachine<TData>(),
    },
    actions: {
      keepData: assign((_, params: { data: TData }) => ({ data: params.data })),
    },
  }).createMachine({
    id: 'resource',
    context: { data: undefined },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'loader',
          src: 'loader',
          input: { params: undefined, missingWhen: 'notFound' },
          onDone: {
            target: 'ready',
            actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
          },
        },
      },
      ready: {
        on: { 'resource.reload': 'loading' },
      },
    },
  });
}

export const resourceMachine = createResourceMachine<unknown>();

export type ResourceMachine<TData = unknown> = ReturnType<typeof createResourceMachine<TData>>;
