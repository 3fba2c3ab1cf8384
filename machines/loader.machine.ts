import { assign, fromPromise, setup } from 'xstate';
import { statusOf } from './forms';

/**
 * The first read of a screen, run as a child of the screen's machine: loading, then done with what
 * was read as its output, or failed, where Try again reads again. Where the screen says so, an
 * answer that asking again cannot change ends in missing, with nothing to retry: the server's 404
 * (`notFound`), or any refusal of the 4xx kind (`refused`: not the user's, gone).
 *
 * The screen's machine invokes it as `loader` in its loading state and takes the output on done;
 * its connect reads the child from `snapshot.children.loader` for the failure and sends it the retry.
 */
export type MissingWhen = 'notFound' | 'refused';

export interface LoaderInput<TParams> {
  /** What the read is given (the course, the week …). */
  params: TParams;
  /** Which failures are final; every failure can be retried when absent. */
  missingWhen?: MissingWhen;
}

export interface LoaderContext<TData, TParams> {
  params: TParams;
  /** What was read, once read. */
  read: { data: TData } | null;
  missingWhen: MissingWhen | undefined;
  /** The failure of the last read; null while reading. */
  error: unknown;
}

export type LoaderEvent = { type: 'loader.retry' };

function isFinalFailure(missingWhen: MissingWhen | undefined, error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined || missingWhen === undefined) return false;
  return missingWhen === 'notFound' ? status === 404 : status >= 400 && status < 500;
}

/** The output: `done` is entered only with what was read. */
function dataOf<TData>(read: { data: TData } | null): TData {
  if (!read) throw new Error('The loader finished without data');
  return read.data;
}

/** The loader of data of type `TData` read with `TParams`: one definition per kind of read. */
export function createLoaderMachine<TData, TParams = undefined>() {
  return setup({
    types: {
      input: {} as LoaderInput<TParams>,
      context: {} as LoaderContext<TData, TParams>,
      events: {} as LoaderEvent,
      output: {} as TData,
    },
    actors: {
      load: fromPromise<TData, { params: TParams }>(async () => {
        throw new Error('load is supplied by the view');
      }),
    },
    guards: {
      isMissing: ({ context }, params: { error: unknown }) =>
        isFinalFailure(context.missingWhen, params.error),
    },
    actions: {
      keepData: assign((_, params: { data: TData }) => ({ read: { data: params.data } })),
      keepError: assign((_, params: { error: unknown }) => ({ error: params.error })),
      forgetError: assign({ error: null }),
    },
  }).createMachine({
    id: 'loader',
    context: ({ input }) => ({
      params: input.params,
      missingWhen: input.missingWhen,
      read: null,
      error: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ params: context.params }),
          onDone: {
            target: 'done',
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
      /** The reason, and Try again. */
      failed: { on: { 'loader.retry': { target: 'loading', actions: 'forgetError' } } },
      /** Nothing to retry: the view says what is missing and where to go instead. */
      missing: {},
      done: { type: 'final' },
    },
    output: ({ context }) => dataOf(context.read),
  });
}

/** The loader whose read is `read`: what a screen provides as its machine's `loader`. */
export function loaderOf<TData, TParams = undefined>(
  read: (params: TParams, signal: AbortSignal) => Promise<TData>,
) {
  return createLoaderMachine<TData, TParams>().provide({
    actors: {
      load: fromPromise<TData, { params: TParams }>(({ input, signal }) => read(input.params, signal)),
    },
  });
}

export const loaderMachine = createLoaderMachine<unknown, unknown>();

export type LoaderMachine<TData, TParams = undefined> = ReturnType<
  typeof createLoaderMachine<TData, TParams>
>;
