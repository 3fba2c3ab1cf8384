import { describe, expect, it } from 'vitest';
import { connectResource } from '../../machines/resource.connect.ts';
import { createResourceMachine, type ResourceEvent } from '../../machines/resource.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import { scriptedLoader } from './support/loader.ts';
import { doneActor, errorActor, harnesses, type RuntimeEvent } from './support/paths.ts';

interface Details {
  email: string;
}

const details: Details = { email: 'training@example.edu.sa' };
const unavailable = httpFailure(500, 'Service unavailable');
const machine = createResourceMachine<Details>();

const launch = harnesses(machine);

/** The view model after `events`, played on a real actor whose loads the events answer. */
async function view(events: ReadonlyArray<ResourceEvent | RuntimeEvent>) {
  const loader = scriptedLoader<Details>();
  const harness = launch({ actors: { loader } });
  for (const event of events) await harness.play(event);
  return { view: connectResource(harness.snapshot), loader };
}

describe('resource connect', () => {
  it('shows the placeholder while loading', async () => {
    expect((await view([])).view).toEqual({ status: 'loading' });
  });

  it('shows the data once read', async () => {
    const ready = (await view([doneActor('loader', details)])).view;
    expect(ready).toEqual({ status: 'ready', data: details });
  });

  it('shows the reason and a retry after a failure; the retry reads again', async () => {
    const { view: failed, loader } = await view([errorActor('loader', unavailable)]);
    expect(failed).toMatchObject({ status: 'failed', error: unavailable });
    if (failed.status !== 'failed') throw new Error('expected a failure');
    failed.retry();
    expect(loader.read.inputs).toHaveLength(2);
    expect(loader.pendingIds()).toEqual(['loader']);
  });

  it('says that what was read does not exist after a 404, with no retry', async () => {
    const unknown = httpFailure(404, 'Not found');
    const { view: missing } = await view([errorActor('loader', unknown)]);
    expect(missing).toEqual({ status: 'missing', error: unknown });
    expect(missing).not.toHaveProperty('retry');
  });

  it('shows the placeholder again while reloading', async () => {
    expect((await view([doneActor('loader', details), { type: 'resource.reload' }])).view).toEqual({
      status: 'loading',
    });
  });

  it('counts a load that yields nothing as not read yet', async () => {
    expect((await view([doneActor('loader', undefined)])).view).toEqual({ status: 'loading' });
  });
});
