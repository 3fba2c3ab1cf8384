import { REVIEWS_VALIDATION, type ReviewForm, reviewFormValid } from '@contract/forms/reviews';
import { REVIEWS_MESSAGES } from '@contract/messages/reviews';
import type { MyReview, Review, ReviewSaved } from '@contract/wire/reviews';
import { describe, expect, it } from 'vitest';
import { connectReviewForm } from '../../machines/reviewForm.connect.ts';
import { fieldErrorsOf, reviewFormMachine, type SaveRequest } from '../../machines/reviewForm.machine.ts';
import { ApiError } from '../../src/api/errors.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import { expectTryAgain, scriptedLoader } from './support/loader.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['focusFirstInvalid', 'announceSaved', 'refreshList'] as const;

const mine: Review = {
  id: 3,
  course_id: 7,
  reviewer: 'Sara A.',
  rating: 4,
  review: 'Clear and practical lessons.',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  edited: false,
};
const mayReview: MyReview = { can_review: true, reason: null, review: null };
const reviewed: MyReview = { can_review: true, reason: null, review: mine };
const notEnded: MyReview = { can_review: false, reason: REVIEWS_MESSAGES.notEnded, review: null };
const saved: ReviewSaved = { success: true, message: REVIEWS_MESSAGES.created, data: mine };
const fieldRefusal = new ApiError(REVIEWS_VALIDATION.reviewTooShort, 'http', 400, {
  details: [{ field: 'review', message: REVIEWS_VALIDATION.reviewTooShort }],
});

function implementations() {
  return {
    actors: {
      loader: scriptedLoader<MyReview, { courseId: number }>(),
      save: scriptedPromise<ReviewSaved, SaveRequest>(),
    },
    actions: spyActions(reviewFormMachine, ACTIONS),
  };
}

const change = (name: keyof ReviewForm, value: string) => ({ type: 'field.change', name, value }) as const;

describe('reviewForm machine: generated paths', () => {
  const model = createPathModel(reviewFormMachine, {
    input: { courseId: 7 },
    events: [
      doneActor('loader', mayReview),
      doneActor('loader', notEnded),
      { type: 'form.open' },
      { type: 'form.cancel' },
      change('rating', '5'),
      change('review', 'A useful course overall.'),
      { type: 'form.submit' },
      doneActor('save', saved),
      errorActor('save', fieldRefusal),
      errorActor('save', httpFailure(403, REVIEWS_MESSAGES.notEnded)),
    ],
    // The guard reads whether the form is valid, which takes both fields: each counts.
    serializeState: serializeValueAnd((context: { values: ReviewForm }) => [
      context.values.rating !== '',
      context.values.review !== '',
      reviewFormValid(context.values),
    ]),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('reviewForm machine: behaviour', () => {
  const launch = harnesses(reviewFormMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, { input: { courseId: 7 } }), ...impl.actors, actions: impl.actions };
  }

  it('shows the reason to a trainee who may not review yet', async () => {
    const { harness } = start();
    expect(connectReviewForm(harness.snapshot, () => {})).toEqual({ status: 'loading' });
    await harness.resolve('loader', notEnded);
    expect(connectReviewForm(harness.snapshot, () => {})).toEqual({
      status: 'refused',
      reason: REVIEWS_MESSAGES.notEnded,
    });
  });

  it('says what is wrong at each field, keeps what was typed, and sends nothing', async () => {
    const { harness, save, actions } = start();
    await harness.resolve('loader', mayReview);
    await harness.send({ type: 'form.open' });
    await harness.send(change('review', '  Too short '));
    await harness.send({ type: 'form.submit' });
    expectState(harness, 'editing');
    const view = connectReviewForm(harness.snapshot, () => {});
    expect(view).toMatchObject({
      status: 'editing',
      editing: false,
      fields: {
        rating: { value: '', error: REVIEWS_VALIDATION.ratingRequired },
        review: { value: '  Too short ', error: REVIEWS_VALIDATION.reviewTooShort },
      },
    });
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(save.inputs).toEqual([]);
    await harness.send(change('rating', '٤'));
    expect(harness.context.errors.rating).toBeUndefined();
  });

  it('saves, closes the form with the server’s sentence, and refreshes the list', async () => {
    const { harness, save, actions } = start();
    await harness.resolve('loader', mayReview);
    await harness.send({ type: 'form.open' });
    await harness.send(change('rating', '4'));
    await harness.send(change('review', 'Clear and practical lessons.'));
    await harness.send({ type: 'form.submit' });
    expect(connectReviewForm(harness.snapshot, () => {})).toMatchObject({ busy: true });
    expect(save.inputs).toEqual([
      { courseId: 7, values: { rating: '4', review: 'Clear and practical lessons.' } },
    ]);
    await harness.resolve('save', saved);
    expect(connectReviewForm(harness.snapshot, () => {})).toMatchObject({ status: 'closed', review: mine });
    expect(actions.announceSaved).toHaveBeenCalledWith(expect.anything(), {
      message: REVIEWS_MESSAGES.created,
    });
    expect(actions.refreshList).toHaveBeenCalledTimes(1);
    // Editing starts from the saved review.
    await harness.send({ type: 'form.open' });
    expect(connectReviewForm(harness.snapshot, () => {})).toMatchObject({
      editing: true,
      fields: { rating: { value: '4' }, review: { value: 'Clear and practical lessons.' } },
    });
  });

  it('starts editing from the review the trainee wrote before', async () => {
    const { harness } = start();
    await harness.resolve('loader', reviewed);
    expect(connectReviewForm(harness.snapshot, () => {})).toMatchObject({ status: 'closed', review: mine });
    await harness.send({ type: 'form.open' });
    expect(harness.context.values).toEqual({ rating: '4', review: mine.review });
  });

  it('puts the server’s field sentences at the fields, and other refusals in the alert', async () => {
    const { harness } = start();
    await harness.resolve('loader', mayReview);
    await harness.send({ type: 'form.open' });
    await harness.send(change('rating', '5'));
    await harness.send(change('review', 'Fine enough words'));
    await harness.send({ type: 'form.submit' });
    await harness.reject('save', fieldRefusal);
    expect(harness.context.errors).toEqual({ review: REVIEWS_VALIDATION.reviewTooShort });
    expect(harness.context.values.review).toBe('Fine enough words');
    await harness.send({ type: 'form.submit' });
    await harness.reject('save', silentFailure(500));
    expect(harness.context.alert).toBe('Something went wrong');
    expect(fieldErrorsOf(httpFailure(403, REVIEWS_MESSAGES.notEnded))).toEqual({});
  });

  it('offers Try again when the standing cannot be read', async () => {
    const { harness, loader } = start();
    const failed = await expectTryAgain(harness, loader, {
      failure: silentFailure(503),
      view: () => connectReviewForm(harness.snapshot, () => {}),
    });
    expect(failed).toMatchObject({ message: 'Something went wrong' });
    expect(loader.read.inputs[0]).toEqual({ params: { courseId: 7 } });
    await harness.resolve('loader', mayReview);
    expectState(harness, 'closed');
  });
});
