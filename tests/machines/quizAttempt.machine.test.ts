import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { AttemptReview, SavedAnswerResponse } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import {
  type LoadedAttempt,
  quizAttemptMachine,
  type SaveRequest,
} from '../../machines/quizAttempt.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import {
  afterDelay,
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';
import {
  ATTEMPT_ID,
  attempt,
  deviceTimeAt,
  loaded,
  loadedOverdue,
  loadedSubmitted,
  loadedTimed,
  loadedUntimed,
  review,
  savedResponse,
  timeoutReview,
} from './support/quiz.ts';

const offline = Object.assign(new Error('Network error'), { kind: 'network', status: 0 });
const ended = httpFailure(409, SERVER_MESSAGES.attemptEnded);
const invalid = httpFailure(400, SERVER_MESSAGES.answerInvalid);
const withdrawn = httpFailure(403, SERVER_MESSAGES.courseWithdrawn);
const used = httpFailure(409, SERVER_MESSAGES.attemptsUsed);

function implementations() {
  return {
    actors: {
      loadAttempt: scriptedPromise<LoadedAttempt, { lectureId: number; attemptId: string | null }>(),
      saveAnswer: scriptedPromise<SavedAnswerResponse, SaveRequest>(),
      submitAttempt: scriptedPromise<AttemptReview, { attemptId: string; key: string }>(),
      loadReview: scriptedPromise<AttemptReview, { attemptId: string }>(),
      clock: fromCallback(() => {}),
    },
    actions: spyActions(quizAttemptMachine, ['syncOutbox', 'clearLocal', 'reviewShown'] as const),
  };
}

const OFFLINE_WAIT = 'quizAttempt.active.work.answering.saving.offline';

describe('quiz attempt machine: generated paths', () => {
  const model = createPathModel(quizAttemptMachine, {
    input: { lectureId: 41 },
    events: [
      doneActor('loadAttempt', loadedTimed),
      doneActor('loadAttempt', loadedUntimed),
      doneActor('loadAttempt', loadedSubmitted),
      doneActor('loadAttempt', loadedOverdue),
      errorActor('loadAttempt', used),
      { type: 'retry' },
      { type: 'answer.choose', questionId: 101, optionId: 1, checked: true },
      { type: 'flag.toggle', questionId: 102 },
      { type: 'question.go', index: 2 },
      { type: 'question.next' },
      { type: 'question.previous' },
      { type: 'tick', now: deviceTimeAt('2026-11-23T10:01:00.000Z') },
      { type: 'tick', now: deviceTimeAt('2026-11-23T10:10:00.000Z') },
      { type: 'network.online' },
      doneActor('saveAnswer', savedResponse(101, 1)),
      errorActor('saveAnswer', offline),
      errorActor('saveAnswer', ended),
      errorActor('saveAnswer', invalid),
      errorActor('saveAnswer', withdrawn),
      afterDelay('retryDelay', OFFLINE_WAIT),
      { type: 'submit.request' },
      { type: 'submit.cancel' },
      { type: 'submit.confirm', key: 'c1d2e3f4-0000-4000-8000-000000000001' },
      doneActor('flushAnswer', savedResponse(101, 1)),
      errorActor('flushAnswer', offline),
      errorActor('flushAnswer', ended),
      errorActor('flushAnswer', invalid),
      doneActor('submitAttempt', review),
      errorActor('submitAttempt', offline),
      errorActor('submitAttempt', ended),
      doneActor('loadReview', timeoutReview),
      errorActor('loadReview', offline),
      afterDelay('retryDelay', 'quizAttempt.expired.waiting'),
      { type: 'popup.close' },
    ],
    serializeState: serializeValueAnd(
      (context: {
        answers: Record<number, { version: number; savedVersion: number }>;
        deadline: number | null;
      }) => [
        Object.values(context.answers).some((answer) => answer.version > answer.savedVersion),
        context.deadline !== null,
      ],
    ),
    implementations,
  });
  replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage([model]);
  });
});

describe('quiz attempt machine: behaviour', () => {
  const launch = harnesses(quizAttemptMachine);

  async function answering(loadedAttempt: LoadedAttempt = loadedTimed) {
    const impl = implementations();
    const harness = launch(impl, { input: { lectureId: 41 } });
    await harness.resolve('loadAttempt', loadedAttempt);
    return { impl, harness };
  }

  it('corrects the countdown by the device clock offset measured on the start', async () => {
    const { harness } = await answering();
    // The server said 10:00:00 half-way through a round trip the device timed at 09:59:57 ± 0.1 s.
    expect(harness.context.offset).toBe(3000);
    await harness.send({ type: 'tick', now: deviceTimeAt('2026-11-23T10:09:59.000Z') });
    expectState(harness, {
      active: { clock: 'running', work: { answering: { saving: 'idle', dialog: 'closed' } } },
    });
    await harness.send({ type: 'tick', now: deviceTimeAt('2026-11-23T10:10:00.000Z') });
    expectState(harness, { expired: 'reading' });
  });

  it('gives each change a version above the last, keeps it in the outbox before sending, and drops it once saved', async () => {
    const { impl, harness } = await answering(
      loaded({ answers: [{ question_id: 102, choice: [3], version: 4 }] }),
    );
    await harness.send({ type: 'answer.choose', questionId: 102, optionId: 5, checked: true });
    const stored = impl.actions.syncOutbox.mock.calls.at(-1)?.[1];
    expect(stored).toMatchObject({
      attemptId: ATTEMPT_ID,
      answers: [{ question_id: 102, choice: [3, 5], version: 5, savedVersion: 4 }],
    });
    expect(impl.actors.saveAnswer.inputs).toEqual([
      { attemptId: ATTEMPT_ID, questionId: 102, choice: [3, 5], version: 5 },
    ]);
    // Changed again while the first save is on its way: sent after it, with the next version.
    await harness.send({ type: 'answer.choose', questionId: 102, optionId: 3, checked: false });
    await harness.resolve('saveAnswer', savedResponse(102, 5));
    expect(impl.actors.saveAnswer.inputs.at(-1)).toEqual({
      attemptId: ATTEMPT_ID,
      questionId: 102,
      choice: [5],
      version: 6,
    });
    await harness.resolve('saveAnswer', savedResponse(102, 6));
    expect(harness.context.answers[102]).toEqual({ choice: [5], version: 6, savedVersion: 6 });
    expect(impl.actions.syncOutbox.mock.calls.at(-1)?.[1]).toMatchObject({
      answers: [{ question_id: 102, version: 6, savedVersion: 6 }],
    });
  });

  it('keeps unsaved answers while offline and sends them on the online event or after the backoff', async () => {
    const { impl, harness } = await answering();
    await harness.send({ type: 'answer.choose', questionId: 101, optionId: 2, checked: true });
    await harness.reject('saveAnswer', offline);
    expectState(harness, {
      active: { clock: 'running', work: { answering: { saving: 'offline', dialog: 'closed' } } },
    });
    await harness.send({ type: 'answer.choose', questionId: 103, optionId: 6, checked: true });
    expect(impl.actors.saveAnswer.inputs).toHaveLength(1);
    await harness.send({ type: 'network.online' });
    await harness.reject('saveAnswer', offline);
    expect(harness.context.failures).toBe(2);
    await harness.advance(3999);
    expect(impl.actors.saveAnswer.inputs).toHaveLength(2);
    await harness.advance(1);
    expect(impl.actors.saveAnswer.inputs).toHaveLength(3);
    await harness.resolve('saveAnswer', savedResponse(101, 1));
    await harness.resolve('saveAnswer', savedResponse(103, 1));
    expect(harness.context.failures).toBe(0);
    expectState(harness, {
      active: { clock: 'running', work: { answering: { saving: 'idle', dialog: 'closed' } } },
    });
  });

  it('puts back the outbox answers newer than the server versions after a reload, and sends them again', async () => {
    const { impl, harness } = await answering(
      loaded(
        {
          answers: [
            { question_id: 101, choice: [1], version: 2 },
            { question_id: 102, choice: [3], version: 1 },
          ],
        },
        {
          answers: [
            { question_id: 101, choice: [2], version: 1 },
            { question_id: 102, choice: [3, 5], version: 2 },
            { question_id: 999, choice: [1], version: 9 },
          ],
          flags: [103, 999],
          submitKey: null,
        },
      ),
    );
    expect(harness.context.answers).toEqual({
      101: { choice: [1], version: 2, savedVersion: 2 },
      102: { choice: [3, 5], version: 2, savedVersion: 1 },
    });
    expect(harness.context.flags).toEqual([103]);
    expect(impl.actors.saveAnswer.inputs).toEqual([
      { attemptId: ATTEMPT_ID, questionId: 102, choice: [3, 5], version: 2 },
    ]);
  });

  it('goes to the review when a save is refused because the attempt has ended', async () => {
    const { impl, harness } = await answering();
    await harness.send({ type: 'answer.choose', questionId: 101, optionId: 1, checked: true });
    await harness.reject('saveAnswer', ended);
    expectState(harness, { expired: 'reading' });
    expect(impl.actors.loadReview.inputs).toEqual([{ attemptId: ATTEMPT_ID }]);
    await harness.reject('loadReview', httpFailure(409, 'Not yet'));
    await harness.advance(2000);
    await harness.resolve('loadReview', timeoutReview);
    expectState(harness, { submitted: 'reviewing' });
    expect(impl.actions.clearLocal).toHaveBeenCalledTimes(1);
    expect(impl.actions.reviewShown).toHaveBeenCalledTimes(1);
  });

  it('submits once with one key: a second confirm, a retry and a reload reuse it', async () => {
    const { impl, harness } = await answering(
      loaded({}, { answers: [], flags: [], submitKey: 'kept-key-0001' }),
    );
    await harness.send({ type: 'submit.request' });
    await harness.send({ type: 'submit.confirm', key: 'new-key-0002' });
    await harness.send({ type: 'submit.confirm', key: 'new-key-0003' });
    await harness.reject('submitAttempt', offline);
    expectState(harness, { active: { clock: 'running', work: { submitting: 'failed' } } });
    await harness.send({ type: 'retry' });
    expect(impl.actors.submitAttempt.inputs).toEqual([
      { attemptId: ATTEMPT_ID, key: 'kept-key-0001' },
      { attemptId: ATTEMPT_ID, key: 'kept-key-0001' },
    ]);
    await harness.resolve('submitAttempt', review);
    expectState(harness, { submitted: 'celebrating' });
    await harness.send({ type: 'popup.close' });
    expectState(harness, { submitted: 'reviewing' });
    expect(harness.context.review).toEqual(review);
  });

  it('sends what the outbox holds before submitting', async () => {
    const { impl, harness } = await answering();
    await harness.send({ type: 'answer.choose', questionId: 101, optionId: 1, checked: true });
    await harness.reject('saveAnswer', offline);
    await harness.send({ type: 'submit.request' });
    await harness.send({ type: 'submit.confirm', key: 'c1d2e3f4-0000-4000-8000-000000000001' });
    expectState(harness, { active: { clock: 'running', work: { submitting: 'flushing' } } });
    await harness.resolve('flushAnswer', savedResponse(101, 1));
    expect(impl.actors.submitAttempt.inputs).toEqual([
      { attemptId: ATTEMPT_ID, key: 'c1d2e3f4-0000-4000-8000-000000000001' },
    ]);
    expect(impl.actions.syncOutbox.mock.calls.at(-1)?.[1]).toMatchObject({
      submitKey: 'c1d2e3f4-0000-4000-8000-000000000001',
    });
  });

  it('chooses one option for single and true/false, a set for multiple, and ignores other options', async () => {
    const { harness } = await answering(loadedUntimed);
    expectState(harness, {
      active: { clock: 'untimed', work: { answering: { saving: 'idle', dialog: 'closed' } } },
    });
    await harness.send({ type: 'answer.choose', questionId: 101, optionId: 1, checked: true });
    await harness.send({ type: 'answer.choose', questionId: 101, optionId: 2, checked: true });
    await harness.send({ type: 'answer.choose', questionId: 102, optionId: 5, checked: true });
    await harness.send({ type: 'answer.choose', questionId: 102, optionId: 3, checked: true });
    await harness.send({ type: 'answer.choose', questionId: 103, optionId: 1, checked: true });
    expect(harness.context.answers[101]?.choice).toEqual([2]);
    expect(harness.context.answers[102]?.choice).toEqual([3, 5]);
    expect(harness.context.answers[103]).toBeUndefined();
    await harness.send({ type: 'question.go', index: 9 });
    expect(harness.context.current).toBe(attempt.questions.length - 1);
    await harness.send({ type: 'question.next' });
    expect(harness.context.current).toBe(2);
    await harness.send({ type: 'question.go', index: -3 });
    await harness.send({ type: 'question.previous' });
    expect(harness.context.current).toBe(0);
  });

  it('resumes the attempt in progress by its id, and shows its review when its time ran out meanwhile', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { lectureId: 41, attemptId: ATTEMPT_ID } });
    expect(impl.actors.loadAttempt.inputs).toEqual([{ lectureId: 41, attemptId: ATTEMPT_ID }]);
    await harness.resolve('loadAttempt', loadedSubmitted);
    expectState(harness, { expired: 'reading' });
    await harness.resolve('loadReview', timeoutReview);
    expectState(harness, { submitted: 'reviewing' });
    expect(impl.actions.reviewShown).toHaveBeenCalledTimes(1);
  });

  it('comes back to the question shown before a reload, within the attempt’s questions', async () => {
    const back = launch(implementations(), { input: { lectureId: 41, attemptId: ATTEMPT_ID, current: 2 } });
    await back.resolve('loadAttempt', loadedTimed);
    expect(back.context.current).toBe(2);
    const beyond = launch(implementations(), {
      input: { lectureId: 41, attemptId: ATTEMPT_ID, current: 40 },
    });
    await beyond.resolve('loadAttempt', loadedTimed);
    expect(beyond.context.current).toBe(attempt.questions.length - 1);
  });

  it('opens an attempt resumed in a tab that showed none of it where the trainee left off', async () => {
    const resume = async (over: Parameters<typeof loaded>[0], local?: Parameters<typeof loaded>[1]) => {
      const harness = launch(implementations(), { input: { lectureId: 41, attemptId: ATTEMPT_ID } });
      await harness.resolve('loadAttempt', loaded(over, local));
      return harness.context.current;
    };
    // The first question without an answer: the server's answers and the outbox's count.
    expect(await resume({ answers: [{ question_id: 101, choice: [1], version: 1 }] })).toBe(1);
    expect(
      await resume(
        { answers: [{ question_id: 101, choice: [1], version: 1 }] },
        { answers: [{ question_id: 102, choice: [3], version: 1 }], flags: [], submitKey: null },
      ),
    ).toBe(2);
    // An answer taken back (no option left) is not an answer.
    expect(
      await resume({
        answers: [
          { question_id: 101, choice: [], version: 2 },
          { question_id: 102, choice: [3], version: 1 },
        ],
      }),
    ).toBe(0);
    // Every question answered: the last one, next to Submit.
    expect(
      await resume({
        answers: [
          { question_id: 101, choice: [1], version: 1 },
          { question_id: 102, choice: [3], version: 1 },
          { question_id: 103, choice: [6], version: 1 },
        ],
      }),
    ).toBe(attempt.questions.length - 1);
    // The question the tab showed wins over the first unanswered one.
    const shown = launch(implementations(), { input: { lectureId: 41, attemptId: ATTEMPT_ID, current: 0 } });
    await shown.resolve('loadAttempt', loaded({ answers: [{ question_id: 101, choice: [1], version: 1 }] }));
    expect(shown.context.current).toBe(0);
  });

  it('shows why it cannot start, and tries again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { lectureId: 41 } });
    await harness.reject('loadAttempt', used);
    expectState(harness, 'failed');
    expect(harness.context.alert).toBe(SERVER_MESSAGES.attemptsUsed);
    await harness.send({ type: 'retry' });
    expect(impl.actors.loadAttempt.inputs).toEqual([
      { lectureId: 41, attemptId: null },
      { lectureId: 41, attemptId: null },
    ]);
  });
});
