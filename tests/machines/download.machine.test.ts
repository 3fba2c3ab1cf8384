import { describe, expect, it } from 'vitest';
import { downloadMachine } from '../../machines/download.machine.ts';
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

const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

function implementations() {
  return {
    actors: { fetchFile: scriptedPromise<Blob>() },
    actions: spyActions(downloadMachine, ['saveFile'] as const),
  };
}

describe('download machine: generated paths', () => {
  const model = createPathModel(downloadMachine, {
    events: [
      { type: 'download' },
      doneActor('fetchFile', PDF),
      errorActor(
        'fetchFile',
        httpFailure(503, 'The receipt cannot be made into a PDF right now. Print the receipt page instead'),
      ),
      errorActor('fetchFile', silentFailure(500)),
    ],
    implementations,
  });
  replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage([model]);
  });
});

describe('download machine: behaviour', () => {
  const launch = harnesses(downloadMachine);

  it('hands the file over once, however often the button is pressed meanwhile', async () => {
    const impl = implementations();
    const harness = launch(impl);
    await harness.send({ type: 'download' });
    await harness.send({ type: 'download' });
    expect(impl.actors.fetchFile.inputs).toHaveLength(1);
    await harness.resolve('fetchFile', PDF);
    expectState(harness, 'idle');
    expect(impl.actions.saveFile.mock.calls[0]?.[1]).toEqual({ file: PDF });
  });

  it('offers the printable page when the server cannot print', async () => {
    const harness = launch(implementations());
    await harness.send({ type: 'download' });
    await harness.reject('fetchFile', httpFailure(503, 'cannot print'));
    expectState(harness, 'unavailable');
    expect(harness.context.alert).toBeNull();
  });

  it('says why another failure happened', async () => {
    const harness = launch(implementations());
    await harness.send({ type: 'download' });
    await harness.reject('fetchFile', httpFailure(404, 'Not found'));
    expectState(harness, 'idle');
    expect(harness.context.alert).toBe('Not found');
  });
});
