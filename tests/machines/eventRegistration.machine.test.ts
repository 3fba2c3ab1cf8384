import { FAILURES } from '@contract/messages/failures';
import { PUBLIC_MESSAGES } from '@contract/messages/public';
import type { Confirmation } from '@contract/wire/common';
import type { EventRegistrationStatus } from '@contract/wire/events';
import { describe, expect, it } from 'vitest';
import { connectEventRegistration } from '../../machines/eventRegistration.connect.ts';
import { eventRegistrationMachine } from '../../machines/eventRegistration.machine.ts';
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
const REGISTERED: EventRegistrationStatus = { registered: true };
const NOT_REGISTERED: EventRegistrationStatus = { registered: false };

function implementations() {
  return {
    actors: {
      register: scriptedPromise<Confirmation>(),
      readRegistration: scriptedPromise<EventRegistrationStatus>(),
    },
    actions: spyActions(eventRegistrationMachine, ACTIONS),
  };
}

const NOW = Date.parse('2026-11-23T12:00:00Z');
/** An event that ends tomorrow, and one that ended yesterday; opened signed out or signed in. */
const OPEN = { endsAt: '2026-11-24T12:00:00Z', now: NOW, signedIn: false };
const OPEN_SIGNED_IN = { ...OPEN, signedIn: true };
const ENDED = { endsAt: '2026-11-22T12:00:00Z', now: NOW, signedIn: true };

describe('eventRegistration machine: generated paths', () => {
  const models = [OPEN, OPEN_SIGNED_IN, ENDED].map((input) =>
    createPathModel(eventRegistrationMachine, {
      input,
      events: [
        { type: 'registration.submit' },
        { type: 'session.change', signedIn: true },
        { type: 'session.change', signedIn: false },
        { type: 'signIn.dismissed' },
        doneActor('readRegistration', REGISTERED),
        doneActor('readRegistration', NOT_REGISTERED),
        errorActor('readRegistration', silentFailure(500)),
        doneActor('register', confirmation),
        errorActor('register', httpFailure(400, PUBLIC_MESSAGES.alreadyRegistered)),
        errorActor('register', silentFailure(500)),
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

  function start(input = OPEN) {
    const impl = implementations();
    return {
      harness: launch(impl, { input }),
      register: impl.actors.register,
      readRegistration: impl.actors.readRegistration,
      actions: impl.actions,
    };
  }

  it('asks a signed-out visitor to sign in and registers nothing yet', async () => {
    const { harness, register, actions } = start();
    await harness.send({ type: 'registration.submit' });
    expectState(harness, 'awaitingSignIn');
    expect(actions.askToSignIn).toHaveBeenCalledTimes(1);
    expect(register.pendingIds()).toEqual([]);
  });

  it('registers once the visitor has signed in, without a second press', async () => {
    const { harness, actions } = start();
    await harness.send({ type: 'registration.submit' });
    await harness.send({ type: 'session.change', signedIn: true });
    expectState(harness, 'checking');
    await harness.resolve('readRegistration', NOT_REGISTERED);
    expectState(harness, 'registering');
    await harness.resolve('register', confirmation);
    expectState(harness, 'registered');
    expect(actions.announceRegistered.mock.calls[0]?.[1]).toEqual({ reply: confirmation });
  });

  it('shows a visitor who signs in and had registered before as registered, sending nothing', async () => {
    const { harness, register, actions } = start();
    await harness.send({ type: 'registration.submit' });
    await harness.send({ type: 'session.change', signedIn: true });
    await harness.resolve('readRegistration', REGISTERED);
    expectState(harness, 'registered');
    expect(register.pendingIds()).toEqual([]);
    expect(actions.announceRegistered).not.toHaveBeenCalled();
  });

  it('drops the registration when the sign-in dialog is closed', async () => {
    const { harness, register } = start();
    await harness.send({ type: 'registration.submit' });
    await harness.send({ type: 'signIn.dismissed' });
    expectState(harness, 'idle');
    expect(harness.context.pending).toBe(false);
    await harness.send({ type: 'session.change', signedIn: true });
    await harness.resolve('readRegistration', NOT_REGISTERED);
    expectState(harness, 'idle');
    expect(register.pendingIds()).toEqual([]);
  });

  it('shows a signed-in user who registered before as registered, with no alert', async () => {
    const { harness } = start(OPEN_SIGNED_IN);
    expectState(harness, 'checking');
    expect(connectEventRegistration(harness.snapshot)).toEqual({ status: 'checking' });
    await harness.resolve('readRegistration', REGISTERED);
    expect(connectEventRegistration(harness.snapshot)).toEqual({ status: 'registered' });
  });

  it("takes the server's 'already registered' as registered, without an alert", async () => {
    const { harness, actions } = start(OPEN_SIGNED_IN);
    await harness.resolve('readRegistration', NOT_REGISTERED);
    await harness.send({ type: 'registration.submit' });
    await harness.reject('register', httpFailure(400, PUBLIC_MESSAGES.alreadyRegistered));
    expectState(harness, 'registered');
    expect(harness.context.alert).toBeNull();
    expect(actions.announceRegistered).not.toHaveBeenCalled();
  });

  it('keeps the button when the registration cannot be read', async () => {
    const { harness } = start(OPEN_SIGNED_IN);
    await harness.reject('readRegistration', silentFailure(500));
    expectState(harness, 'idle');
  });

  it('shows the button again when the user signs out', async () => {
    const { harness } = start(OPEN_SIGNED_IN);
    await harness.resolve('readRegistration', REGISTERED);
    await harness.send({ type: 'session.change', signedIn: false });
    expectState(harness, 'idle');
    expect(connectEventRegistration(harness.snapshot)).toMatchObject({ status: 'open', signInFirst: true });
  });

  it("shows the response's error on a refusal, then clears it on the next try", async () => {
    const { harness, actions } = start(OPEN_SIGNED_IN);
    await harness.resolve('readRegistration', NOT_REGISTERED);
    await harness.send({ type: 'registration.submit' });
    await harness.reject('register', httpFailure(400, 'This event has ended'));
    expectState(harness, 'idle');
    expect(harness.context.alert).toBe('This event has ended');
    expect(actions.announceRegistered).not.toHaveBeenCalled();
    await harness.send({ type: 'registration.submit' });
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
    expect(connectEventRegistration(harness.snapshot)).toEqual({ status: 'ended' });
    await harness.send({ type: 'registration.submit' });
    expect(impl.actors.register.pendingIds()).toEqual([]);
    expect(impl.actors.readRegistration.pendingIds()).toEqual([]);
  });

  it('an event ending this very moment is still open', () => {
    const harness = launch(implementations(), {
      input: { endsAt: new Date(NOW).toISOString(), now: NOW, signedIn: false },
    });
    expectState(harness, 'idle');
  });

  it('disables the button while registering, keeps the alert, and tells a visitor to log in first', async () => {
    const harness = launch(implementations(), { input: OPEN });
    expect(connectEventRegistration(harness.snapshot)).toEqual({
      status: 'open',
      busy: false,
      alert: null,
      signInFirst: true,
    });
    await harness.send({ type: 'session.change', signedIn: true });
    await harness.resolve('readRegistration', NOT_REGISTERED);
    await harness.send({ type: 'registration.submit' });
    expect(connectEventRegistration(harness.snapshot)).toMatchObject({ busy: true });
    await harness.reject('register', httpFailure(400, 'This event has ended'));
    expect(connectEventRegistration(harness.snapshot)).toEqual({
      status: 'open',
      busy: false,
      alert: 'This event has ended',
      signInFirst: false,
    });
    await harness.send({ type: 'registration.submit' });
    await harness.resolve('register', confirmation);
    expect(connectEventRegistration(harness.snapshot)).toEqual({ status: 'registered' });
  });
});
