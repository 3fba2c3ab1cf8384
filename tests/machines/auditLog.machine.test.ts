import type { AuditResponse } from '@contract/wire/staff';
import { describe, expect, it } from 'vitest';
import { connectAuditLog } from '../../machines/auditLog.connect.ts';
import {
  AUDIT_FILTER_MESSAGES,
  type AuditPageData,
  auditLogMachine,
} from '../../machines/auditLog.machine.ts';
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
  spyActions,
} from './support/paths.ts';

const PAGE: AuditPageData = { count: 60, page: 1, limit: 25, results: [] } satisfies AuditResponse['data'];

function implementations() {
  return {
    actors: {
      loadAudit: scriptedPromise<AuditPageData, unknown>(),
      exportAudit: scriptedPromise<AuditPageData, unknown>(),
    },
    actions: spyActions(auditLogMachine, ['saveSheet'] as const),
  };
}

describe('auditLog machine: generated paths', () => {
  const model = createPathModel(auditLogMachine, {
    events: [
      doneActor('loadAudit', PAGE),
      errorActor('loadAudit', silentFailure(500)),
      { type: 'audit.retry' },
      { type: 'filter.change', name: 'from', value: '2026-12-05' },
      { type: 'filter.change', name: 'to', value: '2026-12-01' },
      { type: 'filters.apply' },
      { type: 'filters.clear' },
      { type: 'page.select', page: 2 },
      { type: 'audit.export' },
      doneActor('exportAudit', PAGE),
      errorActor('exportAudit', silentFailure(500)),
    ],
    serializeState: serializeValueAnd((context: { form: { from: string; to: string } }) => context.form),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('auditLog machine: behaviour', () => {
  const launch = harnesses(auditLogMachine);

  it('applies what was typed from the first page, and refuses days out of order keeping them', async () => {
    const impl = implementations();
    const harness = launch(impl, {});
    await harness.resolve('loadAudit', PAGE);
    await harness.send({ type: 'page.select', page: 2 });
    await harness.resolve('loadAudit', PAGE);
    await harness.send({ type: 'filter.change', name: 'action', value: 'trainer.reject' });
    await harness.send({ type: 'filter.change', name: 'actor', value: '  Huda ' });
    await harness.send({ type: 'filter.change', name: 'from', value: '2026-12-05' });
    await harness.send({ type: 'filter.change', name: 'to', value: '2026-12-01' });
    await harness.send({ type: 'filters.apply' });
    const view = connectAuditLog(harness.snapshot);
    expect(view.formError).toBe(AUDIT_FILTER_MESSAGES.daysOrder);
    expect(view.form).toEqual({
      action: 'trainer.reject',
      actor: '  Huda ',
      from: '2026-12-05',
      to: '2026-12-01',
    });
    await harness.send({ type: 'filter.change', name: 'to', value: '2026-12-06' });
    await harness.send({ type: 'filters.apply' });
    expect(impl.actors.loadAudit.inputs.at(-1)).toEqual({
      filters: { action: 'trainer.reject', actor: 'Huda', from: '2026-12-05', to: '2026-12-06' },
      page: 1,
    });
  });

  it('exports beside the list with the applied filters, and says when the export failed', async () => {
    const impl = implementations();
    const harness = launch(impl, {});
    await harness.send({ type: 'audit.export' });
    expect(connectAuditLog(harness.snapshot)).toMatchObject({ exporting: true, busy: true });
    await harness.reject('exportAudit', silentFailure(500));
    expect(connectAuditLog(harness.snapshot).exportError).not.toBeNull();
    await harness.send({ type: 'audit.export' });
    await harness.resolve('exportAudit', PAGE);
    expect(harness.takeActions()).toEqual(['saveSheet']);
    expectState(harness, { list: 'loading', export: 'idle' });
  });
});
