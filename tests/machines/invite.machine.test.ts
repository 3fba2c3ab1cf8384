import { INVITATION_MESSAGES, invalidAddressMessage } from '@contract/messages/invitations';
import type { InvitationsSent } from '@contract/wire/invitations';
import { describe, expect, it } from 'vitest';
import { connectInvite } from '../../machines/invite.connect.ts';
import { type InviteInput, inviteMachine } from '../../machines/invite.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
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

const ACTIONS = ['focusFirstInvalid', 'announceSent'] as const;
const FALLBACK = 'Something went wrong';
const OWN = 'trainee@example.com';
const input: InviteInput = { courseId: 12, ownEmail: OWN, fallback: FALLBACK };
const sentReply: InvitationsSent = {
  success: true,
  message: INVITATION_MESSAGES.sent,
  data: { sent: ['huda@example.org'] },
};

function implementations() {
  return {
    actors: { send: scriptedPromise<InvitationsSent, { emails: string[]; course_id: number | null }>() },
    actions: spyActions(inviteMachine, ACTIONS),
  };
}

const change = (index: number, value: string) => ({ type: 'field.change', index, value }) as const;

describe('invite machine: generated paths', () => {
  const model = createPathModel(inviteMachine, {
    input,
    events: [
      { type: 'dialog.open' },
      { type: 'dialog.close' },
      change(0, 'huda@example.org'),
      change(0, 'huda@example'),
      change(0, OWN),
      { type: 'field.add' },
      { type: 'field.remove', index: 0 },
      { type: 'form.submit' },
      doneActor('send', sentReply),
      errorActor('send', httpFailure(400, invalidAddressMessage('huda@example.org'))),
    ],
    // The guards read the first entry and how many there are.
    serializeState: serializeValueAnd((context: { entries: string[]; fieldError: unknown }) => [
      context.entries.length > 1 ? 2 : 1,
      context.entries[0],
      Boolean(context.fieldError),
    ]),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('invite machine: behaviour', () => {
  const launch = harnesses(inviteMachine);

  async function open() {
    const impl = implementations();
    const harness = launch(impl, { input });
    await harness.send({ type: 'dialog.open' });
    return { harness, send: impl.actors.send, actions: impl.actions };
  }

  it('marks the first bad address at its field, keeps everything typed, and sends nothing', async () => {
    const { harness, send, actions } = await open();
    for (let index = 1; index < 5; index += 1) await harness.send({ type: 'field.add' });
    // A sixth field is not offered.
    await harness.send({ type: 'field.add' });
    expect(harness.context.entries).toHaveLength(5);
    const typed = ['a@example.org', 'b@example.org', 'c@example', 'd@example.org', 'E@example.org'];
    for (const [index, value] of typed.entries()) await harness.send(change(index, value));
    await harness.send({ type: 'form.submit' });
    expectState(harness, 'editing');
    expect(harness.context.entries).toEqual(typed);
    expect(harness.context.fieldError).toEqual({ index: 2, kind: 'invalid', address: 'c@example' });
    expect(harness.takeActions()).toEqual(['focusFirstInvalid']);
    const view = connectInvite(harness.snapshot, () => {});
    expect(view.fields.map((field) => field.error !== null)).toEqual([false, false, true, false, false]);
    expect(view.add).toBeUndefined();
    expect(send.inputs).toEqual([]);
    // Fixed: sent, lower-cased.
    await harness.send(change(2, 'c@example.org'));
    expect(harness.context.fieldError).toBeNull();
    await harness.send({ type: 'form.submit' });
    expect(send.inputs).toEqual([
      {
        emails: ['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org', 'e@example.org'],
        course_id: 12,
      },
    ]);
    await harness.resolve('send', sentReply);
    expectState(harness, 'closed');
    expect(actions.announceSent).toHaveBeenCalledTimes(1);
  });

  it('refuses the inviter’s own address at its field, and an empty form in the alert', async () => {
    const { harness, send } = await open();
    await harness.send({ type: 'form.submit' });
    expect(harness.context.alert).toBe(INVITATION_MESSAGES.noAddress);
    await harness.send({ type: 'field.add' });
    await harness.send(change(1, ` ${OWN.toUpperCase()} `));
    await harness.send({ type: 'form.submit' });
    expect(harness.context.fieldError).toEqual({ index: 1, kind: 'own' });
    // Removing a field before the marked one moves the mark with it.
    await harness.send({ type: 'field.remove', index: 0 });
    expect(harness.context.fieldError).toEqual({ index: 0, kind: 'own' });
    expect(send.inputs).toEqual([]);
  });

  it('marks the field a server refusal names; other refusals go to the alert; all typed is kept', async () => {
    const { harness } = await open();
    await harness.send(change(0, 'Huda@Example.org'));
    await harness.send({ type: 'form.submit' });
    await harness.reject('send', httpFailure(400, invalidAddressMessage('huda@example.org')));
    expectState(harness, 'editing');
    expect(harness.context.fieldError).toEqual({ index: 0, kind: 'invalid', address: 'huda@example.org' });
    expect(harness.context.entries).toEqual(['Huda@Example.org']);
    await harness.send({ type: 'form.submit' });
    await harness.reject('send', httpFailure(429, 'Too many attempts. Please wait before trying again'));
    expect(harness.context.alert).toBe('Too many attempts. Please wait before trying again');
    await harness.send({ type: 'form.submit' });
    await harness.reject('send', silentFailure(500));
    expect(harness.context.alert).toBe(FALLBACK);
  });

  it('cannot be closed while sending; closing empties the form', async () => {
    const { harness } = await open();
    await harness.send(change(0, 'huda@example.org'));
    await harness.send({ type: 'form.submit' });
    expect(connectInvite(harness.snapshot, () => {}).close).toBeUndefined();
    await harness.reject('send', silentFailure(500));
    await harness.send({ type: 'dialog.close' });
    await harness.send({ type: 'dialog.open' });
    expect(harness.context.entries).toEqual(['']);
    expect(harness.context.alert).toBeNull();
  });
});
