import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { DecisionResponse } from '@contract/wire/staff';
import { describe, expect, it } from 'vitest';
import { connectStaffDecision } from '../../machines/staffDecision.connect.ts';
import { reasonProblem, staffDecisionMachine } from '../../machines/staffDecision.machine.ts';
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

const ITEM = { kind: 'trainer', data: { full_name: 'Huda Al-Saleh' } };
const DECIDED: DecisionResponse = {
  success: true,
  message: STAFF_MESSAGES.trainerApproved,
  data: { kind: 'trainer', id: '12', outcome: 'approved' },
};
const ACTIONS = ['focusReason', 'announceDecided', 'itemDecided'] as const;

function implementations() {
  return {
    actors: {
      loadItem: scriptedPromise<unknown, { kind: string; id: string }>(),
      decide: scriptedPromise<DecisionResponse, unknown>(),
    },
    actions: spyActions(staffDecisionMachine, ACTIONS),
  };
}

describe('staffDecision machine: generated paths', () => {
  const models = (['trainer', 'cash'] as const).map((kind) =>
    createPathModel(staffDecisionMachine, {
      input: { kind, id: kind === 'cash' ? 'b7e1' : '12' },
      events: [
        doneActor('loadItem', ITEM),
        errorActor('loadItem', silentFailure(500)),
        errorActor('loadItem', httpFailure(404, 'Not found')),
        { type: 'decision.retry' },
        { type: 'decision.approve' },
        { type: 'decision.reject' },
        { type: 'reason.change', value: 'No teaching experience yet' },
        { type: 'reason.change', value: '  ' },
        { type: 'reason.submit' },
        { type: 'reason.cancel' },
        doneActor('decide', DECIDED),
        errorActor('decide', httpFailure(409, STAFF_MESSAGES.notWaiting)),
        errorActor('decide', silentFailure(502)),
      ],
      serializeState: serializeValueAnd(
        (context: { reason: string }) => reasonProblem(context.reason) === null,
      ),
      implementations,
    }),
  );
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('staffDecision machine: behaviour', () => {
  const launch = harnesses(staffDecisionMachine);

  async function reviewing(kind: 'trainer' | 'cash' = 'trainer') {
    const impl = implementations();
    const harness = launch(impl, { input: { kind, id: '12' } });
    expect(impl.actors.loadItem.inputs).toEqual([{ kind, id: '12' }]);
    await harness.resolve('loadItem', ITEM);
    expectState(harness, 'reviewing');
    return { harness, impl };
  }

  it('approves, tells the user with the server sentence and has the queue read again', async () => {
    const { harness, impl } = await reviewing();
    await harness.send({ type: 'decision.approve' });
    expect(connectStaffDecision(harness.snapshot)).toMatchObject({ step: 'reviewing', approving: true });
    expect(impl.actors.decide.inputs).toEqual([{ kind: 'trainer', id: '12', verdict: { approve: true } }]);
    await harness.resolve('decide', DECIDED);
    expectState(harness, 'decided');
    expect(harness.takeActions()).toEqual(['announceDecided', 'itemDecided']);
  });

  it('asks a reason before rejecting, keeps what was typed through a refusal, and sends it trimmed', async () => {
    const { harness, impl } = await reviewing();
    await harness.send({ type: 'decision.reject' });
    await harness.send({ type: 'reason.submit' });
    expect(harness.context.reasonError).toBe(STAFF_MESSAGES.reasonInvalid);
    expect(harness.takeActions()).toEqual(['focusReason']);
    await harness.send({ type: 'reason.change', value: ' No teaching experience yet ' });
    expect(harness.context.reasonError).toBeNull();
    await harness.send({ type: 'reason.submit' });
    await harness.reject('decide', silentFailure(502));
    expectState(harness, 'rejecting');
    expect(harness.context.reason).toBe(' No teaching experience yet ');
    await harness.send({ type: 'reason.submit' });
    expect(impl.actors.decide.inputs.at(-1)).toEqual({
      kind: 'trainer',
      id: '12',
      verdict: { approve: false, reason: 'No teaching experience yet' },
    });
  });

  it('refuses a reason over 500 characters', () => {
    expect(reasonProblem('x'.repeat(501))).toBe(STAFF_MESSAGES.reasonInvalid);
    expect(reasonProblem('x'.repeat(500))).toBeNull();
  });

  it('cash is confirmed, never rejected', async () => {
    const { harness } = await reviewing('cash');
    await harness.send({ type: 'decision.reject' });
    expectState(harness, 'reviewing');
    expect(connectStaffDecision(harness.snapshot)).toMatchObject({ canReject: false });
  });

  it('an item decided meanwhile says so and leaves the queue', async () => {
    const { harness } = await reviewing();
    await harness.send({ type: 'decision.approve' });
    await harness.reject('decide', httpFailure(409, STAFF_MESSAGES.notWaiting));
    expectState(harness, 'gone');
    expect(connectStaffDecision(harness.snapshot)).toEqual({
      step: 'gone',
      message: STAFF_MESSAGES.notWaiting,
    });
    expect(harness.takeActions()).toEqual(['itemDecided']);
  });
});
