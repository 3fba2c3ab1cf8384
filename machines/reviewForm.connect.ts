import type { ReviewForm } from '@contract/forms/reviews';
import type { Review } from '@contract/wire/reviews';
import type { SnapshotFrom } from 'xstate';
import { alertOf } from './forms';
import { connectLoader } from './loader.connect';
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
  | { status: 'failed'; message: string; error: unknown; retry: () => void }
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
  const { reason, review, values, errors, alert } = snapshot.context;
  if (snapshot.matches('loading')) {
    const load = connectLoader(snapshot.children.loader);
    return load.status === 'failed'
      ? { ...load, message: alertOf(load.error, 'Something went wrong') }
      : { status: 'loading' };
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
