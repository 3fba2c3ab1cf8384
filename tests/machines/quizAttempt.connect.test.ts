import type { AttemptReview, SavedAnswerResponse } from '@contract/wire/learning';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { connectQuizAttempt } from '../../machines/quizAttempt.connect.ts';
import {
  type LoadedAttempt,
  OFFLINE_ALERT,
  quizAttemptMachine,
  type SaveRequest,
} from '../../machines/quizAttempt.machine.ts';
import { harnesses, scriptedPromise } from './support/paths.ts';
import { deviceTimeAt, loaded, loadedTimed, review } from './support/quiz.ts';

const offline = Object.assign(new Error('Network error'), { kind: 'network', status: 0 });

function implementations() {
  return {
    actors: {
      loadAttempt: scriptedPromise<LoadedAttempt, { lectureId: number; attemptId: string | null }>(),
      saveAnswer: scriptedPromise<SavedAnswerResponse, SaveRequest>(),
      submitAttempt: scriptedPromise<AttemptReview, { attemptId: string; key: string }>(),
      loadReview: scriptedPromise<AttemptReview, { attemptId: string }>(),
      clock: fromCallback(() => {}),
    },
  };
}

describe('quiz attempt view', () => {
  const launch = harnesses(quizAttemptMachine);
  const view = (harness: ReturnType<typeof launch>) =>
    connectQuizAttempt(harness.snapshot, (event) => harness.actor.send(event));

  it('is loading until the attempt comes', () => {
    const harness = launch(implementations(), { input: { lectureId: 41 } });
    expect(view(harness)).toMatchObject({ phase: 'loading', question: null, total: 0, remainingMs: null });
  });

  it('shows the current question, the panel (answered, flagged, unsaved) and the save status', async () => {
    const harness = launch(implementations(), { input: { lectureId: 41 } });
    await harness.resolve(
      'loadAttempt',
      loaded(
        { answers: [{ question_id: 102, choice: [3], version: 1 }] },
        { answers: [], flags: [103], submitKey: null },
      ),
    );
    let shown = view(harness);
    expect(shown).toMatchObject({
      phase: 'answering',
      total: 3,
      unanswered: 2,
      saveStatus: { kind: 'saved' },
    });
    expect(shown.question).toMatchObject({
      index: 0,
      choice: [],
      flagged: false,
      isFirst: true,
      isLast: false,
    });
    expect(
      shown.panel.map(({ answered, flagged, unsaved, current }) => ({ answered, flagged, unsaved, current })),
    ).toEqual([
      { answered: false, flagged: false, unsaved: false, current: true },
      { answered: true, flagged: false, unsaved: false, current: false },
      { answered: false, flagged: true, unsaved: false, current: false },
    ]);

    shown.choose(101, 1, true);
    shown = view(harness);
    expect(shown.saveStatus).toEqual({ kind: 'saving' });
    expect(shown.panel[0]).toMatchObject({ answered: true, unsaved: true });
    await harness.reject('saveAnswer', offline);
    view(harness).choose(103, 6, true);
    shown = view(harness);
    expect(shown.saveStatus).toEqual({ kind: 'offline', waiting: 2 });
    expect(shown.unanswered).toBe(0);
    shown.goTo(2);
    expect(view(harness).question).toMatchObject({
      index: 2,
      choice: [6],
      flagged: true,
      unsaved: true,
      isLast: true,
    });
  });

  it('counts down on the corrected clock and warns at 5 and 1 minutes', async () => {
    const harness = launch(implementations(), { input: { lectureId: 41 } });
    await harness.resolve('loadAttempt', loadedTimed);
    expect(view(harness)).toMatchObject({ remainingMs: 599_900, warning: null });
    await harness.send({ type: 'tick', now: deviceTimeAt('2026-11-23T10:05:30.000Z') });
    expect(view(harness)).toMatchObject({ remainingMs: 270_000, warning: 5 });
    await harness.send({ type: 'tick', now: deviceTimeAt('2026-11-23T10:09:30.000Z') });
    expect(view(harness)).toMatchObject({ remainingMs: 30_000, warning: 1 });
  });

  it('asks to confirm, says how many are unanswered, and shows the popup then the review', async () => {
    const harness = launch(implementations(), { input: { lectureId: 41 } });
    await harness.resolve('loadAttempt', loadedTimed);
    view(harness).requestSubmit();
    expect(view(harness)).toMatchObject({ confirming: true, unanswered: 3 });
    view(harness).confirmSubmit('key-0000-0001');
    await vi.waitFor(() => expect(view(harness).phase).toBe('submitting'));
    await harness.reject('submitAttempt', offline);
    expect(view(harness)).toMatchObject({ phase: 'submitFailed', alert: OFFLINE_ALERT });
    view(harness).retry();
    await harness.resolve('submitAttempt', review);
    expect(view(harness)).toMatchObject({ phase: 'submitted', popup: true, review });
    view(harness).closePopup();
    expect(view(harness)).toMatchObject({ phase: 'submitted', popup: false });
  });
});
