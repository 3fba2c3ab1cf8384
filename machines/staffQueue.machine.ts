import type { QueueKind, QueueResponse } from '@contract/wire/staff';
import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf } from './forms';

export type QueueData = QueueResponse['data'];

export interface StaffQueueInput {
  /** The kind the address names (`?kind=`); null: every kind. */
  kind: QueueKind | null;
}

export interface StaffQueueContext {
  kind: QueueKind | null;
  page: number;
  /** The last page read: kept on screen while the next one is read, so nothing jumps. */
  data: QueueData | null;
  /** Why the last read failed; null otherwise. */
  error: unknown;
  /** A live notice (or a decision) arrived while a read ran: read once more when it ends. */
  stale: boolean;
}

export type StaffQueueEvent =
  | { type: 'kind.select'; kind: QueueKind | null }
  | { type: 'page.select'; page: number }
  /** Something new waits, or an item was decided: read the page again, showing the last meanwhile. */
  | { type: 'queue.changed' }
  | { type: 'queue.retry' };

/**
 * The approvals queue of the back office: one page of what waits for a decision (newest first),
 * of one kind or all, with every kind's count. Choosing a kind starts at its first page; a live
 * notice or a decision reads the page again while the old one stays on screen; a failure keeps what
 * was shown and offers Try again. Pure: the view provides `loadQueue`.
 */
export const staffQueueMachine = setup({
  types: {
    input: {} as StaffQueueInput,
    context: {} as StaffQueueContext,
    events: {} as StaffQueueEvent,
  },
  actors: {
    loadQueue: fromPromise<QueueData, { kind: QueueKind | null; page: number }>(async () => {
      throw new Error('loadQueue is supplied by the view');
    }),
  },
  guards: {
    isStale: ({ context }) => context.stale,
  },
  actions: {
    selectKind: assign((_, params: { kind: QueueKind | null }) => ({ kind: params.kind, page: 1 })),
    selectPage: assign((_, params: { page: number }) => ({ page: Math.max(1, Math.floor(params.page)) })),
    keepData: assign((_, params: { data: QueueData }) => ({ data: params.data, error: null })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    /** Tells the menu's count (and anyone else) the counts just read. */
    announceCounts: (_, _params: { data: QueueData }) => {},
  },
}).createMachine({
  id: 'staffQueue',
  context: ({ input }) => ({ kind: input.kind, page: 1, data: null, error: null, stale: false }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearStale',
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: ({ context }) => ({ kind: context.kind, page: context.page }),
        onDone: [
          {
            guard: 'isStale',
            target: 'loading',
            reenter: true,
            actions: [
              { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
              { type: 'announceCounts', params: ({ event }) => ({ data: event.output }) },
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
              { type: 'announceCounts', params: ({ event }) => ({ data: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: failureOf },
        },
      },
      on: {
        'kind.select': {
          target: 'loading',
          reenter: true,
          actions: { type: 'selectKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        'page.select': {
          target: 'loading',
          reenter: true,
          actions: { type: 'selectPage', params: ({ event }) => ({ page: event.page }) },
        },
        'queue.changed': { actions: 'markStale' },
      },
    },
    ready: {
      on: {
        'kind.select': {
          target: 'loading',
          actions: { type: 'selectKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        'page.select': {
          target: 'loading',
          actions: { type: 'selectPage', params: ({ event }) => ({ page: event.page }) },
        },
        'queue.changed': { target: 'loading' },
      },
    },
    /** The reason and Try again; what was read before stays on screen. */
    failed: {
      on: {
        'queue.retry': { target: 'loading' },
        'queue.changed': { target: 'loading' },
        'kind.select': {
          target: 'loading',
          actions: { type: 'selectKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        'page.select': {
          target: 'loading',
          actions: { type: 'selectPage', params: ({ event }) => ({ page: event.page }) },
        },
      },
    },
  },
});
