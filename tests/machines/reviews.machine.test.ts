import type { Review, ReviewPage } from '@contract/wire/reviews';
import { describe, expect, it } from 'vitest';
import { connectReviews } from '../../machines/reviews.connect.ts';
import { type PageRequest, reviewsMachine } from '../../machines/reviews.machine.ts';
import { httpFailure } from './support/fixtures.ts';
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
} from './support/paths.ts';

const review = (id: number, rating = 4): Review => ({
  id,
  course_id: 7,
  reviewer: `Reviewer ${id}.`,
  rating,
  review: `Review number ${id}`,
  created_at: `2026-11-${String(10 + id).padStart(2, '0')}T10:00:00.000Z`,
  updated_at: `2026-11-${String(10 + id).padStart(2, '0')}T10:00:00.000Z`,
  edited: false,
});

const summary = { average: 4, count: 7, distribution: { 1: 0, 2: 0, 3: 0, 4: 7, 5: 0 } };
const firstPage: ReviewPage = {
  summary,
  results: [7, 6, 5, 4, 3].map((id) => review(id)),
  count: 7,
  next: 2,
  previous: null,
};
const lastPage: ReviewPage = {
  summary,
  results: [2, 1].map((id) => review(id)),
  count: 7,
  next: null,
  previous: 1,
};
const unavailable = httpFailure(503, 'Service unavailable');

function implementations() {
  return {
    actors: {
      loader: scriptedLoader<ReviewPage, PageRequest>(),
      loadPage: scriptedPromise<ReviewPage, PageRequest>(),
    },
  };
}

describe('reviews machine: generated paths', () => {
  const model = createPathModel(reviewsMachine, {
    input: { courseId: 7 },
    events: [
      doneActor('loader', firstPage),
      doneActor('loadPage', firstPage),
      doneActor('loadPage', lastPage),
      errorActor('loadPage', unavailable),
      { type: 'reviews.more' },
      { type: 'reviews.refresh' },
    ],
    // The guard reads whether there is a next page.
    serializeState: serializeValueAnd((context: { next: number | null }) => context.next !== null),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('reviews machine: behaviour', () => {
  const launch = harnesses(reviewsMachine);

  function start() {
    const impl = implementations();
    return {
      harness: launch(impl, { input: { courseId: 7 } }),
      loader: impl.actors.loader,
      first: impl.actors.loader.read,
      load: impl.actors.loadPage,
    };
  }

  it('reads the first page, then adds the next one under it', async () => {
    const { harness, first, load } = start();
    expect(connectReviews(harness.snapshot, () => {})).toEqual({ status: 'loading' });
    await harness.resolve('loader', firstPage);
    let view = connectReviews(harness.snapshot, () => {});
    expect(view).toMatchObject({ status: 'ready', summary, more: { busy: false } });
    await harness.send({ type: 'reviews.more' });
    expectState(harness, 'loadingMore');
    view = connectReviews(harness.snapshot, () => {});
    expect(view).toMatchObject({ status: 'ready', more: { busy: true } });
    await harness.resolve('loadPage', lastPage);
    expect(first.inputs).toEqual([{ params: { courseId: 7, page: 1 } }]);
    expect(load.inputs).toEqual([{ courseId: 7, page: 2 }]);
    view = connectReviews(harness.snapshot, () => {});
    expect(view.status === 'ready' && view.reviews.map((item) => item.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(view).toMatchObject({ more: null, problem: null });
    // Nothing more to read.
    await harness.send({ type: 'reviews.more' });
    expectState(harness, 'ready');
  });

  it('shows a review once when a new one moved the pages', async () => {
    const { harness } = start();
    await harness.resolve('loader', firstPage);
    await harness.send({ type: 'reviews.more' });
    await harness.resolve('loadPage', { ...lastPage, results: [3, 2, 1].map((id) => review(id)) });
    expect(harness.context.reviews.map((item) => item.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('offers Try again after a failed first read; keeps the list after a failed "Show more"', async () => {
    const { harness, loader } = start();
    const failed = await expectTryAgain(harness, loader, {
      failure: unavailable,
      view: () => connectReviews(harness.snapshot, () => {}),
    });
    expect(failed).toMatchObject({ message: 'Service unavailable', error: unavailable });
    expect(connectReviews(harness.snapshot, () => {})).toEqual({ status: 'loading' });
    await harness.resolve('loader', firstPage);
    await harness.send({ type: 'reviews.more' });
    await harness.reject('loadPage', unavailable);
    const view = connectReviews(harness.snapshot, () => {});
    expect(view).toMatchObject({ status: 'ready', problem: 'Service unavailable', more: { busy: false } });
    expect(harness.context.reviews).toHaveLength(5);
  });

  it('reads the first page and summary again on refresh, keeping the list meanwhile', async () => {
    const { harness, load } = start();
    await harness.resolve('loader', firstPage);
    await harness.send({ type: 'reviews.more' });
    await harness.resolve('loadPage', lastPage);
    await harness.send({ type: 'reviews.refresh' });
    expect(connectReviews(harness.snapshot, () => {})).toMatchObject({ status: 'ready' });
    const newer = {
      ...firstPage,
      summary: { ...summary, count: 8 },
      results: [review(8, 5), ...firstPage.results],
    };
    await harness.resolve('loadPage', newer);
    expect(load.inputs.at(-1)).toEqual({ courseId: 7, page: 1 });
    expect(harness.context.summary?.count).toBe(8);
    expect(harness.context.reviews[0]?.id).toBe(8);
  });
});
