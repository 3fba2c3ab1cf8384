import { WITHDRAWAL_VALIDATION } from '@contract/forms/enrolments';
import { WITHDRAWAL_SENT } from '@contract/messages/enrolments';
import type { Confirmation } from '@contract/wire/common';
import { describe, expect, it } from 'vitest';
import { withdrawalMachine } from '../../machines/withdrawal.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
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

const SENT: Confirmation = { success: true, message: WITHDRAWAL_SENT };

function implementations() {
  return {
    actors: { requestWithdrawal: scriptedPromise<Confirmation, { courseId: number; reason: string }>() },
    actions: spyActions(withdrawalMachine, ['reload'] as const),
  };
}

describe('withdrawal machine: generated paths', () => {
  const model = createPathModel(withdrawalMachine, {
    input: { courseId: 3 },
    events: [
      { type: 'open' },
      { type: 'reason.change', value: 'I moved to another city' },
      { type: 'reason.change', value: '   ' },
      { type: 'submit' },
      { type: 'close' },
      doneActor('requestWithdrawal', SENT),
      errorActor('requestWithdrawal', httpFailure(409, 'A request to leave this course is already waiting')),
      errorActor('requestWithdrawal', silentFailure(500)),
    ],
    serializeState: serializeValueAnd(
      (context: { values: { reason: string } }) => context.values.reason.trim() !== '',
    ),
    implementations,
  });
  replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage([model]);
  });
});

describe('withdrawal machine: behaviour', () => {
  const launch = harnesses(withdrawalMachine);

  it('asks for a reason, sends it trimmed, shows the success modal and has the list read again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 3 } });
    await harness.send({ type: 'open' });
    await harness.send({ type: 'submit' });
    expect(harness.context.errors).toEqual({ reason: WITHDRAWAL_VALIDATION.reasonRequired });
    await harness.send({ type: 'reason.change', value: '  Work schedule changed  ' });
    await harness.send({ type: 'submit' });
    expect(impl.actors.requestWithdrawal.inputs).toEqual([{ courseId: 3, reason: 'Work schedule changed' }]);
    await harness.resolve('requestWithdrawal', SENT);
    expectState(harness, 'sent');
    expect(impl.actions.reload).not.toHaveBeenCalled();
    await harness.send({ type: 'close' });
    expect(impl.actions.reload).toHaveBeenCalledTimes(1);
    expect(harness.context.values.reason).toBe('');
  });

  it('keeps the reason and shows the server sentence when the request is refused', async () => {
    const harness = launch(implementations(), { input: { courseId: 3 } });
    await harness.send({ type: 'open' });
    await harness.send({ type: 'reason.change', value: 'Too far' });
    await harness.send({ type: 'submit' });
    await harness.reject(
      'requestWithdrawal',
      httpFailure(409, 'A request to leave this course is already waiting'),
    );
    expectState(harness, 'editing');
    expect(harness.context).toMatchObject({
      values: { reason: 'Too far' },
      alert: 'A request to leave this course is already waiting',
    });
  });
});
