import { describe, expect, it } from 'vitest';
import { connectEventRegistration } from '../../machines/eventRegistration.connect.ts';
import { eventRegistrationMachine } from '../../machines/eventRegistration.machine.ts';
import type { Confirmation } from '../../src/contract/common.ts';
import { FAILURES } from '../../src/contract/failures.ts';
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
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['askToSignIn', 'announceRegistered'] as const;
const confirmation: Confirmation = {
  success: true,
  message: 'You have registered for this event successfully',
};

function implementations() {
  return {
    actors: { register: scriptedPromise<Confirmation>() },
    actions: spyActions(eventRegistrationMachine, ACTIONS),
  };
}

const NOW = Date.parse('2026-11-23T12:00:00Z');
/** An event that ends tomorrow, and one that ended yesterday. */
const OPEN = { endsAt: '2026-11-24T12:00:00Z', now: NOW };
const ENDED = { endsAt: '2026-11-22T12:00:00Z', now: NOW };

describe('eventRegistration machine: generated paths', () => {
  const models = [OPEN, ENDED].map((input) =>
    createPathModel(eventRegistrationMachine, {
      input,
      events: [
        { type: 'registration.submit', signedIn: false },
        { type: 'registration.submit', signedIn: true },
        doneActor('register', confirmation),
        errorActor('register', httpFailure(400, 'You are already registered for this event')),
      ],
      implementations,
    }),
  );

  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('eventRegistration machine: behaviour', () => {
  const launch = harnesses(eventRegistrationMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, { input: OPEN }), register: impl.actors.register, actions: impl.actions };
  }

  it('asks a signed-out visitor to sign in and registers nothing', async () => {
    const { harness, register, actions } = start();
    await harness.send({ type: 'registration.submit', signedIn: false });
    expectState(harness, 'idle');
    expect(actions.askToSignIn).toHaveBeenCalledTimes(1);
    expect(register.pendingIds()).toEqual([]);
  });

  it('registers a signed-in user and confirms with the server sentence', async () => {
    const { harness, actions } = start();
    await harness.send({ type: 'registration.submit', signedIn: true });
    expectState(harness, 'registering');
    await harness.resolve('register', confirmation);
    expectState(harness, 'registered');
    expect(harness.snapshot.status).toBe('done');
    expect(actions.announceRegistered.mock.calls[0]?.[1]).toEqual({ reply: confirmation });
  });

  it("shows the response's error on a refusal, then clears it on the next try", async () => {
    const { harness, actions } = start();
    await harness.send({ type: 'registration.submit', signedIn: true });
    await harness.reject('register', httpFailure(400, 'This event has ended'));
    expectState(harness, 'idle');
    expect(harness.context.alert).toBe('This event has ended');
    expect(actions.announceRegistered).not.toHaveBeenCalled();
    await harness.send({ type: 'registration.submit', signedIn: true });
    expect(harness.context.alert).toBeNull();
    await harness.reject('register', silentFailure(500));
    expect(harness.context.alert).toBe(FAILURES.eventRegistration);
  });
});

describe('eventRegistration machine: what the page shows', () => {
  const launch = harnesses(eventRegistrationMachine);

  it('says an event that has ended has ended, and takes no registration', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: ENDED });
    expectState(harness, 'ended');
    expect(connectEventRegistration(harness.snapshot, { signedIn: true })).toEqual({ status: 'ended' });
    await harness.send({ type: 'registration.submit', signedIn: true });
    expect(impl.actors.register.pendingIds()).toEqual([]);
  });

  it('an event ending this very moment is still open', () => {
    const harness = launch(implementations(), { input: { endsAt: new Date(NOW).toISOString(), now: NOW } });
    expectState(harness, 'idle');
  });

  it('disables the button while registering, keeps the alert, and tells a visitor to log in first', async () => {
    const harness = launch(implementations(), { input: OPEN });
    expect(connectEventRegistration(harness.snapshot, { signedIn: false })).toEqual({
      status: 'open',
      busy: false,
      alert: null,
      signInFirst: true,
    });
    await harness.send({ type: 'registration.submit', signedIn: true });
    expect(connectEventRegistration(harness.snapshot, { signedIn: true })).toMatchObject({ busy: true });
    await harness.reject('register', httpFailure(400, 'This event has ended'));
    expect(connectEventRegistration(harness.snapshot, { signedIn: true })).toEqual({
      status: 'open',
      busy: false,
      alert: 'This event has ended',
      signInFirst: false,
    });
    await harness.send({ type: 'registration.submit', signedIn: true });
    await harness.resolve('register', confirmation);
    expect(connectEventRegistration(harness.snapshot, { signedIn: true })).toEqual({ status: 'registered' });
  });
});
