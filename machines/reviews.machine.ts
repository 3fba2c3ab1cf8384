import type { Review, ReviewPage, ReviewSummary } from '@contract/wire/reviews';
import { assign, fromPromise, setup } from 'xstate';
import { createLoaderMachine } from './loader.machine';

/**
 * A course's reviews on its page: the first page with the summary, then "Show more" adds the next
 * page under the ones shown; a refresh (after the trainee saved their review) reads the first page
 * and summary again. The first read is the loader's (a failure offers Try again there); a failed
 * "Show more" or refresh keeps what is shown and says so, and the same button tries again.
 */
export interface ReviewsInput {
  courseId: number;
}

export interface ReviewsContext {
  courseId: number;
  summary: ReviewSummary | null;
  reviews: Review[];
  /** The page "Show more" reads; null when every review is shown. */
  next: number | null;
  /** The failure of the last read, until the next one succeeds. */
  error: unknown;
}

export type ReviewsEvent = { type: 'reviews.more' } | { type: 'reviews.refresh' };

export interface PageRequest {
  courseId: number;
  page: number;
}

export const reviewsMachine = setup({
  types: {
    input: {} as ReviewsInput,
    context: {} as ReviewsContext,
    events: {} as ReviewsEvent,
    children: {} as { loader: 'loader' },
  },
  actors: {
    /** The first page with the summary. */
    loader: createLoaderMachine<ReviewPage, PageRequest>(),
    loadPage: fromPromise<ReviewPage, PageRequest>(async () => {
      throw new Error('loadPage is supplied by the view');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
  },
  actions: {
    showFirstPage: assign((_, { page }: { page: ReviewPage }) => ({
      summary: page.summary,
      reviews: page.results,
      next: page.next,
      error: null,
    })),
    addPage: assign(({ context }, { page }: { page: ReviewPage }) => {
      // A review written meanwhile moves the pages by one: a review already shown is not shown twice.
      const shown = new Set(context.reviews.map((review) => review.id));
      return {
        summary: page.summary,
        reviews: [...context.reviews, ...page.results.filter((review) => !shown.has(review.id))],
        next: page.next,
        error: null,
      };
    }),
    keepError: assign((_, { error }: { error: unknown }) => ({ error })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'reviews',
  context: ({ input }) => ({ courseId: input.courseId, summary: null, reviews: [], next: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loader',
        src: 'loader',
        input: ({ context }) => ({ params: { courseId: context.courseId, page: 1 } }),
        onDone: {
          target: 'ready',
          actions: { type: 'showFirstPage', params: ({ event }) => ({ page: event.output }) },
        },
      },
    },
    ready: {
      on: {
        'reviews.more': { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' },
        'reviews.refresh': { target: 'refreshing', actions: 'clearError' },
      },
    },
    loadingMore: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ courseId: context.courseId, page: context.next ?? 1 }),
        onDone: {
          target: 'ready',
          actions: { type: 'addPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'reviews.refresh': 'refreshing' },
    },
    /** What is shown stays until the first page arrives again. */
    refreshing: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ courseId: context.courseId, page: 1 }),
        onDone: {
          target: 'ready',
          actions: { type: 'showFirstPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'reviews.refresh': { target: 'refreshing', reenter: true } },
    },
  },
});
