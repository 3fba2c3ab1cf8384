import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { IssueResolveResponse, StaffIssue, StaffIssuePage } from '@contract/wire/staff-issues';
import { describe, expect, it } from 'vitest';
import { connectStaffIssues } from '../../machines/staffIssues.connect.ts';
import { replyProblem, staffIssuesMachine } from '../../machines/staffIssues.machine.ts';
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

const ACTIONS = ['announceResolved', 'announceGone', 'focusReply'] as const;

const issue: StaffIssue = {
  id: 31,
  name: 'Sara Al-Harbi',
  email: 'sara@example.com',
  subject: 'The video stops',
  description: 'The video of week 2 stops after a minute.',
  status: 'Pending',
  created_at: '2026-12-01T09:00:00Z',
  reply: null,
  resolved_at: null,
  resolved_by: null,
};
const page: StaffIssuePage = { count: 30, page: 1, limit: 25, results: [issue] };
const resolvedReply: IssueResolveResponse = {
  success: true,
  message: STAFF_MESSAGES.issueResolved,
  data: {
    ...issue,
    status: 'Resolved',
    reply: 'Fixed',
    resolved_at: '2026-12-02T10:00:00Z',
    resolved_by: 'Huda',
  },
};

function implementations() {
  return {
    actors: {
      loadIssues: scriptedPromise<StaffIssuePage, { status: StaffIssue['status'] | null; page: number }>(),
      resolve: scriptedPromise<IssueResolveResponse, { id: number; reply: string }>(),
    },
    actions: spyActions(staffIssuesMachine, ACTIONS),
  };
}

describe('staffIssues machine: generated paths', () => {
  const model = createPathModel(staffIssuesMachine, {
    events: [
      { type: 'status.select', status: 'Resolved' },
      { type: 'page.select', page: 2 },
      { type: 'list.retry' },
      { type: 'resolve.open', issue },
      { type: 'reply.change', value: 'We fixed the video: reload the page.' },
      { type: 'resolve.submit' },
      { type: 'resolve.cancel' },
      doneActor('loadIssues', page),
      errorActor('loadIssues', silentFailure(500)),
      doneActor('resolve', resolvedReply),
      errorActor('resolve', httpFailure(409, STAFF_MESSAGES.issueAlreadyResolved)),
      errorActor('resolve', silentFailure(500)),
    ],
    // The state, the status shown, the page and whether a reply is typed.
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.status,
        snapshot.context.page,
        snapshot.context.reply !== '',
      ]),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('staffIssues machine: behaviour', () => {
  const launch = harnesses(staffIssuesMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, {}), ...impl.actors, actions: impl.actions };
  }

  it('starts with the reports waiting, and reads another status from its first page', async () => {
    const { harness, loadIssues } = start();
    expect(loadIssues.inputs).toEqual([{ status: 'Pending', page: 1 }]);
    await harness.resolve('loadIssues', page);
    await harness.send({ type: 'page.select', page: 2 });
    await harness.resolve('loadIssues', { ...page, page: 2 });
    await harness.send({ type: 'status.select', status: null });
    expect(loadIssues.inputs.at(-1)).toEqual({ status: null, page: 1 });
  });

  it('asks for a reply, sends it trimmed, announces it and reads the list again', async () => {
    const { harness, loadIssues, resolve, actions } = start();
    await harness.resolve('loadIssues', page);
    await harness.send({ type: 'resolve.open', issue });
    await harness.send({ type: 'resolve.submit' });
    expect(harness.context.replyError).toBe(STAFF_MESSAGES.issueReplyInvalid);
    expect(actions.focusReply).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'reply.change', value: '  Fixed  ' });
    await harness.send({ type: 'resolve.submit' });
    expect(resolve.inputs).toEqual([{ id: 31, reply: 'Fixed' }]);
    const sent: unknown[] = [];
    connectStaffIssues(harness.snapshot, (event) => sent.push(event)).cancel();
    expect(sent).toEqual([]);
    await harness.resolve('resolve', resolvedReply);
    expectState(harness, 'loading');
    expect(actions.announceResolved).toHaveBeenCalledWith(expect.anything(), {
      message: STAFF_MESSAGES.issueResolved,
    });
    expect(loadIssues.inputs).toHaveLength(2);
  });

  it('keeps the reply after a failure, and closes with a notice when resolved meanwhile', async () => {
    const { harness, actions } = start();
    await harness.resolve('loadIssues', page);
    await harness.send({ type: 'resolve.open', issue });
    await harness.send({ type: 'reply.change', value: 'Fixed' });
    await harness.send({ type: 'resolve.submit' });
    await harness.reject('resolve', silentFailure(500));
    expectState(harness, { resolving: 'editing' });
    expect(harness.context).toMatchObject({ reply: 'Fixed', alert: 'Something went wrong' });
    await harness.send({ type: 'resolve.submit' });
    await harness.reject('resolve', httpFailure(409, STAFF_MESSAGES.issueAlreadyResolved));
    expectState(harness, 'loading');
    expect(actions.announceGone).toHaveBeenCalledTimes(1);
  });

  it('refuses a reply longer than the server takes', () => {
    expect(replyProblem('x'.repeat(2000))).toBeNull();
    expect(replyProblem('x'.repeat(2001))).toBe(STAFF_MESSAGES.issueReplyInvalid);
  });
});
