import { type ReviewForm, reviewFormSchema, reviewFormValid } from '@contract/forms/reviews';
import { validate } from '@contract/forms/rules';
import type { MyReview, Review, ReviewSaved } from '@contract/wire/reviews';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Errors, type Failure, failureOf, statusOf, withField } from './forms';
import { createLoaderMachine } from './loader.machine';
import { refusedFieldErrors } from './refusal';

/**
 * The signed-in trainee's review of a course on its page. First their standing is read: a trainee who
 * may not review (yet) sees the reason; one who may sees "Write a review" (or their review with "Edit
 * your review"), which opens the form: a rating of 1 to 5 stars and the text. Bad input keeps what
 * was typed and says what is wrong at each field (the server's field sentences too); once saved the
 * form closes, the toast says the server's sentence and the list is refreshed.
 */
export interface ReviewFormInput {
  courseId: number;
}

export interface ReviewFormContext {
  courseId: number;
  /** Why the trainee may not review the course; null when they may (or before it is known). */
  reason: string | null;
  /** The trainee's review as saved. */
  review: Review | null;
  values: ReviewForm;
  errors: Errors<ReviewForm>;
  alert: string | null;
}

export type ReviewFormEvent =
  | { type: 'form.open' }
  | { type: 'form.cancel' }
  | { type: 'field.change'; name: keyof ReviewForm; value: string }
  | { type: 'form.submit' };

export interface SaveRequest {
  courseId: number;
  values: ReviewForm;
}

const FALLBACK = 'Something went wrong';
const EMPTY: ReviewForm = { rating: '', review: '' };

const FIELDS: readonly (keyof ReviewForm)[] = ['rating', 'review'];

/** The field sentences of a 400 answer (details with a field of the form). */
export function fieldErrorsOf(error: unknown): Errors<ReviewForm> {
  if (statusOf(error) !== 400) return {};
  return refusedFieldErrors(error, (field) => FIELDS.find((name) => name === field));
}

export const reviewFormMachine = setup({
  types: {
    input: {} as ReviewFormInput,
    context: {} as ReviewFormContext,
    events: {} as ReviewFormEvent,
    children: {} as { loader: 'loader' },
  },
  actors: {
    /** The trainee's standing: whether they may review, and their review. */
    loader: createLoaderMachine<MyReview, { courseId: number }>(),
    save: fromPromise<ReviewSaved, SaveRequest>(async () => {
      throw new Error('save is supplied by the view');
    }),
  },
  guards: {
    mayReview: (_, { standing }: { standing: MyReview }) => standing.can_review,
    formValid: ({ context }) => reviewFormValid(context.values),
    hasFieldErrors: (_, { error }: Failure) => Object.keys(fieldErrorsOf(error)).length > 0,
  },
  actions: {
    keepStanding: assign((_, { standing }: { standing: MyReview }) => ({
      reason: standing.reason,
      review: standing.review,
    })),
    fillForm: assign(({ context }) => ({
      values: context.review
        ? { rating: String(context.review.rating), review: context.review.review }
        : EMPTY,
      errors: {},
      alert: null,
    })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    showErrors: assign({ errors: ({ context }) => validate(reviewFormSchema, context.values) }),
    showFieldErrors: assign((_, { error }: Failure) => ({ errors: fieldErrorsOf(error), alert: null })),
    showAlert: assign((_, { error }: Failure) => ({ alert: alertOf(error, FALLBACK) })),
    clearAlert: assign({ alert: null }),
    keepSaved: assign((_, { saved }: { saved: ReviewSaved }) => ({
      review: saved.data,
      alert: null,
      errors: {},
    })),
    focusFirstInvalid: () => {},
    /** The toast with the server's sentence. */
    announceSaved: (_, _params: { message: string }) => {},
    /** The list and summary read again. */
    refreshList: () => {},
  },
}).createMachine({
  id: 'reviewForm',
  context: ({ input }) => ({
    courseId: input.courseId,
    reason: null,
    review: null,
    values: EMPTY,
    errors: {},
    alert: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loader',
        src: 'loader',
        input: ({ context }) => ({ params: { courseId: context.courseId } }),
        onDone: [
          {
            guard: { type: 'mayReview', params: ({ event }) => ({ standing: event.output }) },
            target: 'closed',
            actions: { type: 'keepStanding', params: ({ event }) => ({ standing: event.output }) },
          },
          {
            target: 'refused',
            actions: { type: 'keepStanding', params: ({ event }) => ({ standing: event.output }) },
          },
        ],
      },
    },
    /** The trainee may not review the course (yet): the reason shows. */
    refused: {},
    /** "Write a review", or their review with "Edit your review". */
    closed: { on: { 'form.open': { target: 'editing', actions: 'fillForm' } } },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.cancel': { target: 'closed', actions: 'clearAlert' },
        'form.submit': [
          { guard: 'formValid', target: 'saving', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ courseId: context.courseId, values: context.values }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'keepSaved', params: ({ event }) => ({ saved: event.output }) },
            { type: 'announceSaved', params: ({ event }) => ({ message: event.output.message }) },
            'refreshList',
          ],
        },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: failureOf },
            target: 'editing',
            actions: [{ type: 'showFieldErrors', params: failureOf }, 'focusFirstInvalid'],
          },
          { target: 'editing', actions: { type: 'showAlert', params: failureOf } },
        ],
      },
    },
  },
});
