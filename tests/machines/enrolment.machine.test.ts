import { describe, expect, it } from 'vitest';
import { connectEnrolment } from '../../machines/enrolment.connect.ts';
import { type EnrolmentInput, enrolmentMachine, type Viewer } from '../../machines/enrolment.machine.ts';
import {
  createPathModel,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  spyActions,
} from './support/paths.ts';

const SIGNED_OUT: Viewer = { signedIn: false, role: null };
const TRAINEE: Viewer = { signedIn: true, role: 'TRAINEE' };
const TRAINER: Viewer = { signedIn: true, role: 'TRAINER' };

function implementations() {
  return { actions: spyActions(enrolmentMachine, ['askToSignIn', 'goToCheckout'] as const) };
}

describe('enrolment machine: generated paths', () => {
  const models = [SIGNED_OUT, TRAINEE, TRAINER].map((viewer) =>
    createPathModel(enrolmentMachine, {
      input: { courseId: 7, viewer },
      events: [
        { type: 'enrol.start' },
        { type: 'signIn.dismissed' },
        { type: 'viewer.change', viewer: SIGNED_OUT },
        { type: 'viewer.change', viewer: TRAINEE },
        { type: 'viewer.change', viewer: TRAINER },
      ],
      implementations,
    }),
  );
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('enrolment machine: behaviour', () => {
  const launch = harnesses(enrolmentMachine);
  const start = (viewer: Viewer) => {
    const impl = implementations();
    const input: EnrolmentInput = { courseId: 7, viewer };
    return { harness: launch(impl, { input }), actions: impl.actions };
  };

  it('asks a signed-out visitor to sign in, and goes on to checkout once they are a trainee', async () => {
    const { harness, actions } = start(SIGNED_OUT);
    expectState(harness, 'signedOut');
    expect(connectEnrolment(harness.snapshot)).toEqual({ action: 'signIn' });
    await harness.send({ type: 'enrol.start' });
    expectState(harness, 'awaitingSignIn');
    expect(actions.askToSignIn).toHaveBeenCalledTimes(1);
    expect(connectEnrolment(harness.snapshot)).toEqual({ action: 'signIn' });
    // The page hears of the session again (the same viewer) before the sign-in: still waiting.
    await harness.send({ type: 'viewer.change', viewer: SIGNED_OUT });
    expectState(harness, 'awaitingSignIn');
    await harness.send({ type: 'viewer.change', viewer: TRAINEE });
    expectState(harness, 'open');
    expect(actions.goToCheckout).toHaveBeenCalledTimes(1);
    expect(actions.goToCheckout.mock.calls[0]?.[0].context.courseId).toBe(7);
    expect(harness.context.pending).toBe(false);
    expect(connectEnrolment(harness.snapshot)).toEqual({ action: 'checkout', courseId: 7 });
  });

  it('drops the enrolment when the sign-in dialog is closed', async () => {
    const { harness, actions } = start(SIGNED_OUT);
    await harness.send({ type: 'enrol.start' });
    await harness.send({ type: 'signIn.dismissed' });
    expectState(harness, 'signedOut');
    await harness.send({ type: 'viewer.change', viewer: TRAINEE });
    expectState(harness, 'open');
    expect(actions.goToCheckout).not.toHaveBeenCalled();
  });

  it('a trainer who signs in after pressing Enroll Now is told enrolling is for trainees', async () => {
    const { harness, actions } = start(SIGNED_OUT);
    await harness.send({ type: 'enrol.start' });
    await harness.send({ type: 'viewer.change', viewer: TRAINER });
    expectState(harness, 'notForRole');
    expect(harness.context.pending).toBe(false);
    expect(actions.goToCheckout).not.toHaveBeenCalled();
  });

  it('a trainee already signed in is offered checkout without being sent there', async () => {
    const { harness, actions } = start(TRAINEE);
    expectState(harness, 'open');
    expect(actions.goToCheckout).not.toHaveBeenCalled();
  });

  it('tells a trainer account that enrolling is for trainees, and asks for nothing', async () => {
    const { harness, actions } = start(TRAINER);
    expectState(harness, 'notForRole');
    expect(connectEnrolment(harness.snapshot)).toEqual({ action: 'none', reason: 'trainerAccount' });
    await harness.send({ type: 'enrol.start' });
    expect(actions.askToSignIn).not.toHaveBeenCalled();
  });

  it('goes back to asking for sign-in when the trainee signs out elsewhere', async () => {
    const { harness } = start(TRAINEE);
    expectState(harness, 'open');
    await harness.send({ type: 'viewer.change', viewer: SIGNED_OUT });
    expectState(harness, 'signedOut');
  });
});
