import type { CalendarFeed } from '@contract/wire/schedule';
import { assign, fromPromise, setup } from 'xstate';
import type { Failure } from './forms';
import { failureOf } from './forms';
import { createLoaderMachine } from './loader.machine';

/**
 * The private calendar feed's address, where a user finds it (the trainer's schedule, the
 * trainee's ongoing courses): read (made on first request), copied to the clipboard with a
 * confirmation, or replaced by a new address after the user confirms, which ends the old one.
 * Pure: the calls and the clipboard are actors, the toasts actions, provided by the view.
 */
export interface CalendarFeedContext {
  feed: CalendarFeed | undefined;
}

export type CalendarFeedEvent =
  | { type: 'feed.copy' }
  | { type: 'renew.ask' }
  | { type: 'renew.cancel' }
  | { type: 'renew.confirm' };

export const calendarFeedMachine = setup({
  types: {
    context: {} as CalendarFeedContext,
    events: {} as CalendarFeedEvent,
    children: {} as { loader: 'loader' },
  },
  actors: {
    loader: createLoaderMachine<CalendarFeed>(),
    renew: fromPromise<CalendarFeed>(async () => {
      throw new Error('renew is supplied by the view');
    }),
    /** Writes the address to the clipboard. */
    copy: fromPromise<void, CalendarFeed | undefined>(async () => {
      throw new Error('copy is supplied by the view');
    }),
  },
  actions: {
    keepFeed: assign((_, params: { feed: CalendarFeed }) => ({ feed: params.feed })),
    /** The toast saying the new address works and the old one no longer does. */
    announceRenewed: () => {},
    /** The toast of a failed renewal (the old address still works). */
    announceFailure: (_, _params: Failure) => {},
  },
}).createMachine({
  id: 'calendarFeed',
  context: { feed: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loader',
        src: 'loader',
        input: { params: undefined },
        onDone: {
          target: 'ready',
          actions: { type: 'keepFeed', params: ({ event }) => ({ feed: event.output }) },
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'feed.copy': 'copying', 'renew.ask': 'confirming' } },
        copying: {
          invoke: {
            id: 'copy',
            src: 'copy',
            input: ({ context }) => context.feed,
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        /** The confirmation that the address is on the clipboard. */
        copied: { on: { 'feed.copy': 'copying', 'renew.ask': 'confirming' } },
        /** The clipboard refused: the address is selected for the user to copy. */
        copyFailed: { on: { 'feed.copy': 'copying', 'renew.ask': 'confirming' } },
        confirming: {
          on: {
            'renew.cancel': 'idle',
            'renew.confirm': 'renewing',
          },
        },
        renewing: {
          invoke: {
            id: 'renew',
            src: 'renew',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepFeed', params: ({ event }) => ({ feed: event.output }) },
                'announceRenewed',
              ],
            },
            onError: { target: 'idle', actions: { type: 'announceFailure', params: failureOf } },
          },
        },
      },
    },
  },
});
