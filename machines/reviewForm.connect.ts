import type { ReviewForm } from '@contract/forms/reviews';
import type { Review } from '@contract/wire/reviews';
import type { SnapshotFrom } from 'xstate';
import { alertOf } from './forms';
import type { ReviewFormEvent, reviewFormMachine } from './reviewForm.machine';

export type ReviewFormSnapshot = SnapshotFrom<typeof reviewFormMachine>;

export interface ReviewFieldView {
  value: string;
  /** The rule the value breaks, in English (the view translates it); absent when it is fine. */
  error: string | undefined;
  change: (value: string) => void;
}

/** What the trainee's part of the reviews section shows. */
export type ReviewFormView =
  | { status: 'loading' }
  | { status: 'failed'; message: string; retry: () => void }
  | { status: 'refused'; reason: string }
  | { status: 'closed'; review: Review | null; open: () => void }
  | {
      status: 'editing';
      /** Editing the saved review (the heading says so), or writing a first one. */
      editing: boolean;
      fields: Record<keyof ReviewForm, ReviewFieldView>;
      alert: string | null;
      busy: boolean;
      submit: () => void;
      cancel: () => void;
    };

export function connectReviewForm(
  snapshot: ReviewFormSnapshot,
  send: (event: ReviewFormEvent) => void,
): ReviewFormView {
  const { reason, review, values, errors, alert, error } = snapshot.context;
  if (snapshot.matches('loading')) return { status: 'loading' };
  if (snapshot.matches('failed')) {
    return {
      status: 'failed',
      message: alertOf(error, 'Something went wrong'),
      retry: () => send({ type: 'standing.retry' }),
    };
  }
  if (snapshot.matches('refused')) return { status: 'refused', reason: reason ?? '' };
  if (snapshot.matches('closed'))
    return { status: 'closed', review, open: () => send({ type: 'form.open' }) };
  const field = (name: keyof ReviewForm): ReviewFieldView => ({
    value: values[name],
    error: errors[name],
    change: (value) => send({ type: 'field.change', name, value }),
  });
  return {
    status: 'editing',
    editing: review !== null,
    fields: { rating: field('rating'), review: field('review') },
    alert,
    busy: snapshot.matches('saving'),
    submit: () => send({ type: 'form.submit' }),
    cancel: () => send({ type: 'form.cancel' }),
  };
}
