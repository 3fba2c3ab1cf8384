import { INVITATION_MESSAGES } from '@contract/messages/invitations';
import type { Invitation, InvitationAccepted } from '@contract/wire/invitations';
import { describe, expect, it } from 'vitest';
import { connectInvitation } from '../../machines/invitation.connect.ts';
import { type InvitationInput, invitationMachine } from '../../machines/invitation.machine.ts';
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
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['openSignIn', 'goOn'] as const;
const FALLBACK = 'Something went wrong';
const TOKEN = 'q5R1mJc0xWb8Kp2sT7vYz3nLh6dFg9aE4uOiC1bXkQw';

const invitation = (state: Invitation['state']): Invitation => ({
  inviter: { full_name: 'Sara Al-Qahtani' },
  email: 'friend@example.org',
  course: { id: 12, title: 'Cloud Computing Fundamentals', title_ar: 'أساسيات الحوسبة السحابية' },
  state,
  expires_at: '2026-12-08T07:00:00.000+00:00',
});
const acceptedReply: InvitationAccepted = {
  success: true,
  message: INVITATION_MESSAGES.accepted,
  data: { course_id: 12 },
};

function implementations() {
  return {
    actors: {
      load: scriptedPromise<Invitation, string>(),
      accept: scriptedPromise<InvitationAccepted, string>(),
    },
    actions: spyActions(invitationMachine, ACTIONS),
  };
}

const events = [
  doneActor('load', invitation('pending')),
  doneActor('load', invitation('accepted')),
  doneActor('load', invitation('expired')),
  errorActor('load', httpFailure(404, INVITATION_MESSAGES.notFound)),
  errorActor('load', silentFailure(500)),
  { type: 'retry' },
  { type: 'accept' },
  { type: 'signIn.start', choice: 'signUp' },
  { type: 'signIn.dismissed' },
  { type: 'session.change', signedIn: true },
  { type: 'session.change', signedIn: false },
  doneActor('accept', acceptedReply),
  errorActor('accept', httpFailure(409, INVITATION_MESSAGES.alreadyAccepted)),
  errorActor('accept', httpFailure(410, INVITATION_MESSAGES.expired)),
  errorActor('accept', httpFailure(403, INVITATION_MESSAGES.ownInvitation)),
] as const;

const serializeState = serializeValueAnd((context: { signedIn: boolean }) => context.signedIn);

describe('invitation machine: generated paths', () => {
  const models = [true, false].map((signedIn) =>
    createPathModel(invitationMachine, {
      input: { token: TOKEN, signedIn, fallback: FALLBACK } satisfies InvitationInput,
      events,
      serializeState,
      implementations,
    }),
  );
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition, signed in and signed out', async () => {
    await expectJointCoverage(models);
  });
});

describe('invitation machine: behaviour', () => {
  const launch = harnesses(invitationMachine);

  function start(signedIn: boolean) {
    const impl = implementations();
    const harness = launch(impl, { input: { token: TOKEN, signedIn, fallback: FALLBACK } });
    return { harness, ...impl.actors, actions: impl.actions };
  }

  it('signed out: Sign up opens the dialog, and signing in accepts by itself and goes on', async () => {
    const { harness, load, accept, actions } = start(false);
    expect(load.inputs).toEqual([TOKEN]);
    await harness.resolve('load', invitation('pending'));
    expectState(harness, { pending: 'idle' });
    // Accept needs a session: nothing is sent.
    await harness.send({ type: 'accept' });
    expect(accept.inputs).toEqual([]);
    const sent: unknown[] = [];
    const view = connectInvitation(harness.snapshot, (event) => sent.push(event));
    if (view.step !== 'pending') throw new Error('The invitation should wait');
    expect(view.signedIn).toBe(false);
    view.signIn('signUp');
    expect(sent).toEqual([{ type: 'signIn.start', choice: 'signUp' }]);
    await harness.send({ type: 'signIn.start', choice: 'signUp' });
    expect(actions.openSignIn).toHaveBeenCalledTimes(1);
    expect(actions.openSignIn.mock.calls[0]?.[1]).toEqual({ choice: 'signUp' });
    await harness.send({ type: 'session.change', signedIn: true });
    expect(accept.inputs).toEqual([TOKEN]);
    await harness.resolve('accept', acceptedReply);
    expectState(harness, 'acceptedNow');
    expect(actions.goOn.mock.calls[0]?.[1]).toEqual({ output: acceptedReply });
  });

  it('drops the acceptance when the dialogs close without a sign-in', async () => {
    const { harness, accept } = start(false);
    await harness.resolve('load', invitation('pending'));
    await harness.send({ type: 'signIn.start', choice: 'logIn' });
    await harness.send({ type: 'signIn.dismissed' });
    expectState(harness, { pending: 'idle' });
    await harness.send({ type: 'session.change', signedIn: true });
    expect(accept.inputs).toEqual([]);
    // Signed in now, Accept works.
    await harness.send({ type: 'accept' });
    expect(accept.inputs).toEqual([TOKEN]);
  });

  it('turns the server’s refusals into the page’s states, and shows others', async () => {
    const first = start(true);
    await first.harness.resolve('load', invitation('pending'));
    await first.harness.send({ type: 'accept' });
    await first.harness.reject('accept', httpFailure(409, INVITATION_MESSAGES.alreadyAccepted));
    expectState(first.harness, 'accepted');
    const second = start(true);
    await second.harness.resolve('load', invitation('pending'));
    await second.harness.send({ type: 'accept' });
    await second.harness.reject('accept', httpFailure(403, INVITATION_MESSAGES.ownInvitation));
    expectState(second.harness, { pending: 'idle' });
    expect(second.harness.context.alert).toBe(INVITATION_MESSAGES.ownInvitation);
  });

  it('shows unknown, expired and failed loads, and tries again', async () => {
    const unknown = start(false);
    await unknown.harness.reject('load', httpFailure(404, INVITATION_MESSAGES.notFound));
    expect(connectInvitation(unknown.harness.snapshot, () => {}).step).toBe('notFound');
    const failed = start(false);
    await failed.harness.reject('load', silentFailure(503));
    expect(connectInvitation(failed.harness.snapshot, () => {})).toMatchObject({
      step: 'failed',
      alert: FALLBACK,
    });
    await failed.harness.send({ type: 'retry' });
    await failed.harness.resolve('load', invitation('expired'));
    expect(connectInvitation(failed.harness.snapshot, () => {}).step).toBe('expired');
  });
});
