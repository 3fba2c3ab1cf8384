import type { Review, ReviewSummary } from '@contract/wire/reviews';
import type { SnapshotFrom } from 'xstate';
import { alertOf } from './forms';
import { connectLoader } from './loader.connect';
import type { ReviewsEvent, reviewsMachine } from './reviews.machine';

export type ReviewsSnapshot = SnapshotFrom<typeof reviewsMachine>;

/** What the reviews section shows. */
export type ReviewsView =
  | { status: 'loading' }
  | { status: 'failed'; message: string; error: unknown; retry: () => void }
  | {
      status: 'ready';
      summary: ReviewSummary;
      reviews: Review[];
      /** "Show more": absent when every review is shown. */
      more: { busy: boolean; load: () => void } | null;
      /** A failed "Show more" or refresh (what is shown stays); null otherwise. */
      problem: string | null;
      /** Reads the first page and the summary again (after the trainee saved a review). */
      refresh: () => void;
    };

const FALLBACK = 'Something went wrong';

export function connectReviews(snapshot: ReviewsSnapshot, send: (event: ReviewsEvent) => void): ReviewsView {
  const { summary, reviews, next, error } = snapshot.context;
  const load = connectLoader(snapshot.children.loader);
  if (load.status === 'failed') return { ...load, message: alertOf(load.error, FALLBACK) };
  if (!summary) return { status: 'loading' };
  const loadingMore = snapshot.matches('loadingMore');
  return {
    status: 'ready',
    summary,
    reviews,
    more: next !== null ? { busy: loadingMore, load: () => send({ type: 'reviews.more' }) } : null,
    problem: error ? alertOf(error, FALLBACK) : null,
    refresh: () => send({ type: 'reviews.refresh' }),
  };
}
