import { describe, expect, it } from 'vitest';
import { connectResource } from '../../machines/resource.connect.ts';
import { createResourceMachine, type ResourceEvent } from '../../machines/resource.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import { doneActor, errorActor, harnesses, type RuntimeEvent, scriptedPromise } from './support/paths.ts';

interface Details {
  email: string;
}

const details: Details = { email: 'training@example.edu.sa' };
const unavailable = httpFailure(500, 'Service unavailable');
const machine = createResourceMachine<Details>();

const launch = harnesses(machine);

/** The view model after `events`, played on a real actor whose loads the events answer. */
async function view(events: ReadonlyArray<ResourceEvent | RuntimeEvent>) {
  const harness = launch({ actors: { load: scriptedPromise<Details | undefined>() } });
  for (const event of events) await harness.play(event);
  const sent: ResourceEvent[] = [];
  return { view: connectResource(harness.snapshot, (event) => sent.push(event)), sent };
}

describe('resource connect', () => {
  it('shows the placeholder while loading', async () => {
    expect((await view([])).view).toEqual({ status: 'loading' });
  });

  it('shows the data once read', async () => {
    const ready = (await view([doneActor('load', details)])).view;
    expect(ready).toEqual({ status: 'ready', data: details });
  });

  it('shows the reason and a retry after a failure', async () => {
    const { view: failed, sent } = await view([errorActor('load', unavailable)]);
    expect(failed).toMatchObject({ status: 'failed', error: unavailable });
    if (failed.status !== 'failed') throw new Error('expected a failure');
    failed.retry();
    expect(sent).toEqual([{ type: 'resource.retry' }]);
    expect((await view([errorActor('load', unavailable), { type: 'resource.retry' }])).view).toEqual({
      status: 'loading',
    });
  });

  it('says that what was read does not exist after a 404, with no retry', async () => {
    const unknown = httpFailure(404, 'Not found');
    const { view: missing } = await view([errorActor('load', unknown)]);
    expect(missing).toEqual({ status: 'missing', error: unknown });
    expect(missing).not.toHaveProperty('retry');
  });

  it('shows the placeholder again while reloading', async () => {
    expect((await view([doneActor('load', details), { type: 'resource.reload' }])).view).toEqual({
      status: 'loading',
    });
  });

  it('counts a load that yields nothing as not read yet', async () => {
    expect((await view([doneActor('load', undefined)])).view).toEqual({ status: 'loading' });
  });
});
