import { describe, expect, it } from 'vitest';
import { resourceMachine } from '../../machines/resource.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValue,
} from './support/paths.ts';

/** A slice of GET /cms/king-fahad-details/, as the footer reads it. */
const details = {
  email: 'training@example.edu.sa',
  phone_number: '+966 13 000 0000',
  copyright: '© Training Centre',
};
const updatedDetails = { ...details, phone_number: '+966 13 111 1111' };
const unavailable = httpFailure(500, 'Service unavailable');
const unknown = httpFailure(404, 'Not found');

function implementations() {
  return { actors: { load: scriptedPromise<unknown, undefined>() } };
}

describe('resource machine: generated paths', () => {
  const model = createPathModel(resourceMachine, {
    events: [
      doneActor('load', details),
      errorActor('load', unavailable),
      errorActor('load', unknown),
      { type: 'resource.retry' },
      { type: 'resource.reload' },
    ],
    // The one guard reads the failure the event carries: the state value is all that decides.
    serializeState: serializeValue,
    implementations,
    compareContext: true,
  });

  it('generates paths through every kind of step', () => {
    const types = new Set(model.paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...types].sort()).toEqual([
      'resource.reload',
      'resource.retry',
      'xstate.done.actor.load',
      'xstate.error.actor.load',
      'xstate.init',
    ]);
  });

  replayEveryPathCoveringAll(model);
});

describe('resource machine: behaviour', () => {
  const launch = harnesses(resourceMachine);

  function start() {
    const impl = implementations();
    const harness = launch(impl);
    return { harness, load: impl.actors.load };
  }

  it('starts loading at once, with nothing to show yet', () => {
    const { harness, load } = start();
    expectState(harness, 'loading');
    expect(harness.context).toEqual({ data: undefined, error: null });
    expect(load.pendingIds()).toEqual(['load']);
    expect(load.inputs).toHaveLength(1);
  });

  it('keeps the data when the load succeeds', async () => {
    const { harness } = start();
    await harness.resolve('load', details);
    expectState(harness, 'ready');
    expect(harness.context).toEqual({ data: details, error: null });
  });

  it('keeps the error when the load fails', async () => {
    const { harness } = start();
    await harness.reject('load', unavailable);
    expectState(harness, 'failed');
    expect(harness.context.error).toBe(unavailable);
    expect(harness.context.data).toBeUndefined();
  });

  it('loads again on retry and forgets the error once it succeeds', async () => {
    const { harness, load } = start();
    await harness.reject('load', unavailable);
    await harness.send({ type: 'resource.retry' });
    expectState(harness, 'loading');
    expect(load.inputs).toHaveLength(2);
    expect(load.pendingIds()).toEqual(['load']);

    await harness.resolve('load', details);
    expectState(harness, 'ready');
    expect(harness.context).toEqual({ data: details, error: null });
  });

  it('can fail again after a retry', async () => {
    const { harness } = start();
    await harness.reject('load', unavailable);
    await harness.send({ type: 'resource.retry' });
    const timeout = httpFailure(504, 'Gateway timeout');
    await harness.reject('load', timeout);
    expectState(harness, 'failed');
    expect(harness.context.error).toBe(timeout);
  });

  it('reloads from ready, keeping the old data until the new data arrives', async () => {
    const { harness, load } = start();
    await harness.resolve('load', details);
    await harness.send({ type: 'resource.reload' });
    expectState(harness, 'loading');
    expect(harness.context.data).toEqual(details);
    expect(load.inputs).toHaveLength(2);

    await harness.resolve('load', updatedDetails);
    expectState(harness, 'ready');
    expect(harness.context.data).toEqual(updatedDetails);
  });

  it('tells a read of something that does not exist (404) apart, with nothing to retry', async () => {
    const { harness, load } = start();
    await harness.reject('load', unknown);
    expectState(harness, 'missing');
    expect(harness.context.error).toBe(unknown);
    await harness.send({ type: 'resource.retry' });
    await harness.send({ type: 'resource.reload' });
    expectState(harness, 'missing');
    expect(load.inputs).toHaveLength(1);
  });

  it('counts a network failure or a server error as worth retrying', async () => {
    for (const failure of [unavailable, httpFailure(503, 'Down'), new Error('Failed to fetch')]) {
      const { harness } = start();
      await harness.reject('load', failure);
      expectState(harness, 'failed');
    }
  });

  it('ignores a retry while loading or ready, and a reload while failed', async () => {
    const { harness, load } = start();
    await harness.send({ type: 'resource.retry' });
    expectState(harness, 'loading');
    expect(load.inputs).toHaveLength(1);

    await harness.resolve('load', details);
    await harness.send({ type: 'resource.retry' });
    expectState(harness, 'ready');

    await harness.send({ type: 'resource.reload' });
    await harness.reject('load', unavailable);
    await harness.send({ type: 'resource.reload' });
    expectState(harness, 'failed');
    expect(load.inputs).toHaveLength(2);
  });
});
