import { describe, expect, it } from 'vitest';
import { connectResource } from '../../machines/resource.connect.ts';
import { resourceMachine } from '../../machines/resource.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import { expectTryAgain, scriptedLoader } from './support/loader.ts';
import {
  createPathModel,
  doneActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
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
  return { actors: { loader: scriptedLoader<unknown>() } };
}

describe('resource machine: generated paths', () => {
  const model = createPathModel(resourceMachine, {
    events: [doneActor('loader', details), { type: 'resource.reload' }],
    serializeState: serializeValue,
    implementations,
    compareContext: true,
  });

  it('generates paths through every kind of step', () => {
    const types = new Set(model.paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...types].sort()).toEqual(['resource.reload', 'xstate.done.actor.loader', 'xstate.init']);
  });

  replayEveryPathCoveringAll(model);
});

describe('resource machine: behaviour', () => {
  const launch = harnesses(resourceMachine);

  function start() {
    const impl = implementations();
    const harness = launch(impl);
    return { harness, loader: impl.actors.loader };
  }

  it('starts loading at once, with nothing to show yet', () => {
    const { harness, loader } = start();
    expectState(harness, 'loading');
    expect(harness.context).toEqual({ data: undefined });
    expect(loader.pendingIds()).toEqual(['loader']);
    expect(loader.read.inputs).toEqual([{ params: undefined }]);
  });

  it('keeps the data when the load succeeds', async () => {
    const { harness } = start();
    await harness.resolve('loader', details);
    expectState(harness, 'ready');
    expect(harness.context).toEqual({ data: details });
  });

  it('offers Try again after a failure, and keeps the data once it succeeds', async () => {
    const { harness, loader } = start();
    const failed = await expectTryAgain(harness, loader, {
      failure: unavailable,
      view: () => connectResource(harness.snapshot),
    });
    expect(failed).toMatchObject({ error: unavailable });
    expect(harness.context.data).toBeUndefined();
    await harness.resolve('loader', details);
    expectState(harness, 'ready');
    expect(harness.context).toEqual({ data: details });
  });

  it('reloads from ready, keeping the old data until the new data arrives', async () => {
    const { harness, loader } = start();
    await harness.resolve('loader', details);
    await harness.send({ type: 'resource.reload' });
    expectState(harness, 'loading');
    expect(harness.context.data).toEqual(details);
    expect(loader.read.inputs).toHaveLength(2);

    await harness.resolve('loader', updatedDetails);
    expectState(harness, 'ready');
    expect(harness.context.data).toEqual(updatedDetails);
  });

  it('tells a read of something that does not exist (404) apart, with nothing to retry', async () => {
    const { harness, loader } = start();
    await harness.reject('loader', unknown);
    expect(connectResource(harness.snapshot)).toEqual({ status: 'missing', error: unknown });
    await harness.send({ type: 'resource.reload' });
    expectState(harness, 'loading');
    expect(loader.read.inputs).toHaveLength(1);
  });

  it('counts a network failure or a server error as worth retrying', async () => {
    for (const failure of [unavailable, httpFailure(503, 'Down'), new Error('Failed to fetch')]) {
      const { harness } = start();
      await harness.reject('loader', failure);
      expect(connectResource(harness.snapshot)).toMatchObject({ status: 'failed', error: failure });
    }
  });
});
