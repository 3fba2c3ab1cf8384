import { describe, expect, it } from 'vitest';
import {
  EVENT_REGISTRATION_FAILURE,
  eventRegistrationMachine,
} from '../../machines/eventRegistration.machine.ts';
import type { Confirmation } from '../../src/contract/common.ts';
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

describe('eventRegistration machine: generated paths', () => {
  const model = createPathModel(eventRegistrationMachine, {
    events: [
      { type: 'registration.submit', signedIn: false },
      { type: 'registration.submit', signedIn: true },
      doneActor('register', confirmation),
      errorActor('register', httpFailure(400, 'You are already registered for this event')),
    ],
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('eventRegistration machine: behaviour', () => {
  const launch = harnesses(eventRegistrationMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl), register: impl.actors.register, actions: impl.actions };
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
    expect(harness.context.alert).toBe(EVENT_REGISTRATION_FAILURE);
  });
});
