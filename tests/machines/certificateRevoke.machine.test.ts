import { STAFF_MESSAGES } from '@contract/messages/staff';
import type {
  RevokeCertificateResponse,
  StaffCertificate,
  StaffCertificatePage,
} from '@contract/wire/staff-certificates';
import { describe, expect, it } from 'vitest';
import { connectCertificateRevoke } from '../../machines/certificateRevoke.connect.ts';
import { certificateRevokeMachine } from '../../machines/certificateRevoke.machine.ts';
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

const ACTIONS = ['announceRevoked', 'announceGone', 'focusReason'] as const;

const certificate: StaffCertificate = {
  code: 'KFU-ABCD-EFGH-JKMN-PQRS',
  holder: { id: 7, full_name: 'Sara Al-Harbi', email: 'sara@example.com' },
  course: { id: 3, title: 'Project Management Essentials', title_ar: 'أساسيات إدارة المشاريع' },
  issued_at: '2026-03-01T09:00:00Z',
  revoked_at: null,
  revoke_reason: null,
};
const page: StaffCertificatePage = { count: 30, page: 1, limit: 25, results: [certificate] };
const revokedReply: RevokeCertificateResponse = {
  success: true,
  message: STAFF_MESSAGES.certificateRevoked,
  data: { ...certificate, revoked_at: '2026-04-01T10:00:00Z', revoke_reason: 'Issued by mistake' },
};

function implementations() {
  return {
    actors: {
      loadCertificates: scriptedPromise<StaffCertificatePage, { q: string; page: number }>(),
      revoke: scriptedPromise<RevokeCertificateResponse, { code: string; reason: string }>(),
    },
    actions: spyActions(certificateRevokeMachine, ACTIONS),
  };
}

describe('certificateRevoke machine: generated paths', () => {
  const model = createPathModel(certificateRevokeMachine, {
    events: [
      { type: 'query.change', value: 'sara' },
      { type: 'search.submit' },
      { type: 'page.select', page: 2 },
      { type: 'list.retry' },
      { type: 'revoke.open', certificate },
      { type: 'reason.change', value: 'Issued by mistake' },
      { type: 'revoke.submit' },
      { type: 'revoke.cancel' },
      doneActor('loadCertificates', page),
      errorActor('loadCertificates', silentFailure(500)),
      doneActor('revoke', revokedReply),
      errorActor('revoke', httpFailure(409, STAFF_MESSAGES.certificateAlreadyRevoked)),
      errorActor('revoke', silentFailure(500)),
    ],
    // The state, whether a search was typed and applied, the page and whether a reason is typed.
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.query !== '',
        snapshot.context.applied !== '',
        snapshot.context.page,
        snapshot.context.reason !== '',
      ]),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('certificateRevoke machine: behaviour', () => {
  const launch = harnesses(certificateRevokeMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, {}), ...impl.actors, actions: impl.actions };
  }

  it('lists, searches from the first page, and pages', async () => {
    const { harness, loadCertificates } = start();
    expect(loadCertificates.inputs).toEqual([{ q: '', page: 1 }]);
    await harness.resolve('loadCertificates', page);
    expectState(harness, 'ready');
    await harness.send({ type: 'page.select', page: 2 });
    await harness.resolve('loadCertificates', { ...page, page: 2 });
    await harness.send({ type: 'query.change', value: '  kfu-abcd ' });
    await harness.send({ type: 'search.submit' });
    expect(loadCertificates.inputs.at(-1)).toEqual({ q: 'kfu-abcd', page: 1 });
    const view = connectCertificateRevoke(harness.snapshot, () => {});
    expect(view).toMatchObject({ busy: true, certificates: [certificate], query: '  kfu-abcd ' });
  });

  it('asks for a reason, revokes with it trimmed, announces it and reads the list again', async () => {
    const { harness, loadCertificates, revoke, actions } = start();
    await harness.resolve('loadCertificates', page);
    await harness.send({ type: 'revoke.open', certificate });
    await harness.send({ type: 'revoke.submit' });
    expectState(harness, { revoking: 'editing' });
    expect(harness.context.reasonError).toBe(STAFF_MESSAGES.reasonInvalid);
    expect(actions.focusReason).toHaveBeenCalledTimes(1);
    expect(revoke.inputs).toEqual([]);
    await harness.send({ type: 'reason.change', value: '  Issued by mistake  ' });
    expect(harness.context.reasonError).toBeNull();
    await harness.send({ type: 'revoke.submit' });
    expect(revoke.inputs).toEqual([{ code: certificate.code, reason: 'Issued by mistake' }]);
    const sent: unknown[] = [];
    const busy = connectCertificateRevoke(harness.snapshot, (event) => sent.push(event));
    expect(busy.dialog).toMatchObject({ sending: true });
    busy.cancel();
    expect(sent).toEqual([]);
    await harness.resolve('revoke', revokedReply);
    expectState(harness, 'loading');
    expect(actions.announceRevoked).toHaveBeenCalledWith(expect.anything(), {
      message: STAFF_MESSAGES.certificateRevoked,
    });
    expect(harness.context.target).toBeNull();
    expect(loadCertificates.inputs).toHaveLength(2);
  });

  it('keeps the reason after a failure, and closes with a notice when revoked meanwhile', async () => {
    const { harness, actions } = start();
    await harness.resolve('loadCertificates', page);
    await harness.send({ type: 'revoke.open', certificate });
    await harness.send({ type: 'reason.change', value: 'Issued by mistake' });
    await harness.send({ type: 'revoke.submit' });
    await harness.reject('revoke', httpFailure(400, STAFF_MESSAGES.reasonInvalid));
    expectState(harness, { revoking: 'editing' });
    expect(harness.context).toMatchObject({
      reason: 'Issued by mistake',
      alert: STAFF_MESSAGES.reasonInvalid,
    });
    await harness.send({ type: 'revoke.submit' });
    await harness.reject('revoke', httpFailure(409, STAFF_MESSAGES.certificateAlreadyRevoked));
    expectState(harness, 'loading');
    expect(actions.announceGone).toHaveBeenCalledWith(expect.anything(), {
      message: STAFF_MESSAGES.certificateAlreadyRevoked,
    });
  });

  it('offers Try again when the list cannot be read', async () => {
    const { harness, loadCertificates } = start();
    await harness.reject('loadCertificates', silentFailure(500));
    expectState(harness, 'failed');
    expect(connectCertificateRevoke(harness.snapshot, () => {}).error).not.toBeNull();
    await harness.send({ type: 'list.retry' });
    expect(loadCertificates.inputs).toHaveLength(2);
  });
});
