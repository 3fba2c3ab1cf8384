import type { QueueResponse } from '@contract/wire/staff';
import { describe, expect, it } from 'vitest';
import { connectStaffQueue } from '../../machines/staffQueue.connect.ts';
import { type QueueData, staffQueueMachine } from '../../machines/staffQueue.machine.ts';
import { silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
} from './support/paths.ts';

const COUNTS = { trainer: 1, course: 0, withdrawal: 0, cash: 0, revision: 0, total: 1 };
const PAGE: QueueData = {
  counts: COUNTS,
  items: {
    count: 30,
    page: 1,
    limit: 25,
    results: [
      {
        kind: 'trainer',
        id: '12',
        at: '2026-12-01T08:00:00Z',
        title: 'Huda Al-Saleh',
        title_ar: null,
        person: { id: 12, full_name: 'Huda Al-Saleh', email: 'huda@example.com' },
        amount: null,
      },
    ],
  },
} satisfies QueueResponse['data'];

function implementations() {
  return { actors: { loadQueue: scriptedPromise<QueueData, { kind: string | null; page: number }>() } };
}

describe('staffQueue machine: generated paths', () => {
  const model = createPathModel(staffQueueMachine, {
    input: { kind: null },
    events: [
      doneActor('loadQueue', PAGE),
      errorActor('loadQueue', silentFailure(500)),
      { type: 'queue.changed' },
      { type: 'queue.retry' },
      { type: 'kind.select', kind: 'trainer' },
      { type: 'page.select', page: 2 },
    ],
    // The stale mark decides whether a read is followed by another.
    serializeState: serializeValueAnd((context: { stale: boolean }) => context.stale),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('staffQueue machine: behaviour', () => {
  const launch = harnesses(staffQueueMachine);

  it('reads the kind of the address, then another kind from its first page', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { kind: 'cash' } });
    expect(impl.actors.loadQueue.inputs).toEqual([{ kind: 'cash', page: 1 }]);
    await harness.resolve('loadQueue', PAGE);
    await harness.send({ type: 'page.select', page: 2 });
    await harness.resolve('loadQueue', PAGE);
    await harness.send({ type: 'kind.select', kind: 'trainer' });
    expect(impl.actors.loadQueue.inputs.at(-1)).toEqual({ kind: 'trainer', page: 1 });
  });

  it('keeps the list on screen while it reads again, and reads once more for a notice that came meanwhile', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { kind: null } });
    await harness.resolve('loadQueue', PAGE);
    await harness.send({ type: 'queue.changed' });
    expect(connectStaffQueue(harness.snapshot)).toMatchObject({ busy: true, data: PAGE, pages: 2 });
    await harness.send({ type: 'queue.changed' });
    await harness.resolve('loadQueue', PAGE);
    expectState(harness, 'loading');
    expect(impl.actors.loadQueue.inputs).toHaveLength(3);
    await harness.resolve('loadQueue', PAGE);
    expectState(harness, 'ready');
  });

  it('says why a read failed beside what it showed, and reads again on Try again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { kind: null } });
    await harness.resolve('loadQueue', PAGE);
    await harness.send({ type: 'queue.changed' });
    await harness.reject('loadQueue', silentFailure(503));
    const view = connectStaffQueue(harness.snapshot);
    expect(view.data).toBe(PAGE);
    expect(view.error).not.toBeNull();
    await harness.send({ type: 'queue.retry' });
    expectState(harness, 'loading');
  });
});
