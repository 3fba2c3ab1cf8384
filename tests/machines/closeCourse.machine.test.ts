import { RECORDS_MESSAGES } from '@contract/messages/records';
import type { CompletionSaved } from '@contract/wire/records';
import { describe, expect, it } from 'vitest';
import { connectCloseCourse } from '../../machines/closeCourse.connect.ts';
import { type CloseCourseInput, closeCourseMachine } from '../../machines/closeCourse.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['announceClosed'] as const;
const FALLBACK = 'Something went wrong';
const input: CloseCourseInput = { courseId: 31, fallback: FALLBACK };

const closedReply: CompletionSaved = {
  success: true,
  message: RECORDS_MESSAGES.closed,
  data: {
    course_id: 31,
    role: 'trainer',
    stage: 'ended',
    rule: { min_attendance: 75, min_grade: 5 },
    closed_at: '2026-11-24T09:00:00.000Z',
    ended_on: '2026-11-24',
    can_close: false,
    can_edit_rule: false,
  },
};

function implementations() {
  return {
    actors: { close: scriptedPromise<CompletionSaved, { courseId: number }>() },
    actions: spyActions(closeCourseMachine, ACTIONS),
  };
}

describe('closeCourse machine: generated paths', () => {
  const model = createPathModel(closeCourseMachine, {
    input,
    events: [
      { type: 'close.ask' },
      { type: 'close.cancel' },
      { type: 'close.confirm' },
      doneActor('close', closedReply),
      errorActor('close', httpFailure(409, RECORDS_MESSAGES.alreadyEnded)),
    ],
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('closeCourse machine: behaviour', () => {
  const launch = harnesses(closeCourseMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, { input }), close: impl.actors.close, actions: impl.actions };
  }

  it('closes nothing until the trainer confirms; cancelling leaves the course as it was', async () => {
    const { harness, close } = start();
    await harness.send({ type: 'close.ask' });
    expectState(harness, 'confirming');
    expect(connectCloseCourse(harness.snapshot, () => {}).open).toBe(true);
    await harness.send({ type: 'close.cancel' });
    expectState(harness, 'idle');
    expect(close.inputs).toEqual([]);
  });

  it('keeps the dialog open and busy while closing, and cannot be dismissed then', async () => {
    const { harness, close, actions } = start();
    await harness.send({ type: 'close.ask' });
    await harness.send({ type: 'close.confirm' });
    expectState(harness, 'closing');
    expect(close.inputs).toEqual([{ courseId: 31 }]);
    const sent: unknown[] = [];
    const view = connectCloseCourse(harness.snapshot, (event) => sent.push(event));
    expect(view).toMatchObject({ open: true, busy: true, closed: false });
    view.cancel();
    expect(sent).toEqual([]);
    await harness.resolve('close', closedReply);
    expectState(harness, 'closed');
    expect(actions.announceClosed).toHaveBeenCalledTimes(1);
    expect(connectCloseCourse(harness.snapshot, () => {})).toMatchObject({ open: false, closed: true });
  });

  it('shows the server’s refusal in the dialog, or the fallback, and lets the trainer try again', async () => {
    const { harness, close } = start();
    await harness.send({ type: 'close.ask' });
    await harness.send({ type: 'close.confirm' });
    await harness.reject('close', httpFailure(409, RECORDS_MESSAGES.notStarted));
    expectState(harness, 'confirming');
    expect(harness.context.alert).toBe(RECORDS_MESSAGES.notStarted);
    await harness.send({ type: 'close.confirm' });
    expect(harness.context.alert).toBeNull();
    await harness.reject('close', silentFailure(500));
    expect(harness.context.alert).toBe(FALLBACK);
    await harness.send({ type: 'close.cancel' });
    await harness.send({ type: 'close.ask' });
    expect(harness.context.alert).toBeNull();
    expect(close.inputs).toHaveLength(2);
  });
});
