import { describe, expect, it } from 'vitest';
import { connectLoader } from '../../machines/loader.connect.ts';
import { createLoaderMachine, type LoaderInput } from '../../machines/loader.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  serializeValue,
} from './support/paths.ts';

interface Week {
  week: string;
  sessions: number;
}

const machine = createLoaderMachine<Week, { week: string }>();
const week: Week = { week: '2026-W46', sessions: 3 };
const unavailable = httpFailure(503, 'Service unavailable');
const unknown = httpFailure(404, 'Not found');
const forbidden = httpFailure(403, 'Not your course');

function implementations() {
  return { actors: { load: scriptedPromise<Week, { params: { week: string } }>() } };
}

function modelOf(input: LoaderInput<{ week: string }>) {
  return createPathModel(machine, {
    input,
    events: [
      doneActor('load', week),
      errorActor('load', unavailable),
      errorActor('load', unknown),
      errorActor('load', forbidden),
      { type: 'loader.retry' },
    ],
    // The guard reads the failure the event carries and what the input made final.
    serializeState: serializeValue,
    implementations,
    compareContext: true,
  });
}

describe('loader machine: generated paths', () => {
  const models = [
    modelOf({ params: { week: '2026-W46' } }),
    modelOf({ params: { week: '2026-W46' }, missingWhen: 'notFound' }),
    modelOf({ params: { week: '2026-W46' }, missingWhen: 'refused' }),
  ];
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('loader machine: behaviour', () => {
  const launch = harnesses(machine);

  function start(input: LoaderInput<{ week: string }> = { params: { week: '2026-W46' } }) {
    const impl = implementations();
    return { harness: launch(impl, { input }), load: impl.actors.load };
  }

  it('reads with its params and ends with what it read as its output', async () => {
    const { harness, load } = start();
    expect(connectLoader(harness.actor)).toEqual({ status: 'loading' });
    await harness.resolve('load', week);
    expectState(harness, 'done');
    expect(harness.snapshot.status).toBe('done');
    expect(harness.snapshot.output).toEqual(week);
    expect(load.inputs).toEqual([{ params: { week: '2026-W46' } }]);
  });

  it('offers Try again after a failure, and reads again with the same params', async () => {
    const { harness, load } = start();
    await harness.reject('load', unavailable);
    const view = connectLoader(harness.actor);
    expect(view).toMatchObject({ status: 'failed', error: unavailable });
    if (view.status === 'failed') view.retry();
    expectState(harness, 'loading');
    expect(harness.context.error).toBeNull();
    await harness.resolve('load', week);
    expect(harness.snapshot.output).toEqual(week);
    expect(load.inputs).toHaveLength(2);
  });

  it('counts every failure as worth retrying unless the screen says which are final', async () => {
    for (const failure of [unknown, forbidden, new Error('Failed to fetch')]) {
      const { harness } = start();
      await harness.reject('load', failure);
      expectState(harness, 'failed');
    }
  });

  it('ends in missing, with nothing to retry, on a 404 where the screen asks for it', async () => {
    const { harness, load } = start({ params: { week: '2026-W46' }, missingWhen: 'notFound' });
    await harness.reject('load', unknown);
    expect(connectLoader(harness.actor)).toEqual({ status: 'missing', error: unknown });
    await harness.send({ type: 'loader.retry' });
    expectState(harness, 'missing');
    expect(load.inputs).toHaveLength(1);

    const refused = start({ params: { week: '2026-W46' }, missingWhen: 'notFound' });
    await refused.harness.reject('load', forbidden);
    expectState(refused.harness, 'failed');
  });

  it('ends in missing on any refusal where the screen asks for that, and retries a server failure', async () => {
    const { harness } = start({ params: { week: '2026-W46' }, missingWhen: 'refused' });
    await harness.reject('load', forbidden);
    expectState(harness, 'missing');
    const failing = start({ params: { week: '2026-W46' }, missingWhen: 'refused' });
    await failing.harness.reject('load', unavailable);
    expectState(failing.harness, 'failed');
  });

  it('shows loading when the screen runs no loader', () => {
    expect(connectLoader(undefined)).toEqual({ status: 'loading' });
  });
});
