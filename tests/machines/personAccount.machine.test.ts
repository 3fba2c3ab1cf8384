import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { PersonAccountResponse } from '@contract/wire/people';
import { describe, expect, it } from 'vitest';
import { connectPersonAccount } from '../../machines/personAccount.connect.ts';
import {
  type AccountChange,
  type PersonAccountInput,
  personAccountMachine,
} from '../../machines/personAccount.machine.ts';
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

const ACTIONS = ['announceChanged', 'reloadPerson', 'focusReason'] as const;
const FALLBACK = 'Something went wrong';
const input: PersonAccountInput = { personId: 42, disabled: false, fallback: FALLBACK };
const REASON = 'Shared the account with others';

const disabledReply: PersonAccountResponse = {
  success: true,
  message: STAFF_MESSAGES.personDisabled,
  data: { id: 42, disabled: true },
};
const enabledReply: PersonAccountResponse = {
  success: true,
  message: STAFF_MESSAGES.personEnabled,
  data: { id: 42, disabled: false },
};

function implementations() {
  return {
    actors: {
      changeAccount: scriptedPromise<PersonAccountResponse, { personId: number; change: AccountChange }>(),
    },
    actions: spyActions(personAccountMachine, ACTIONS),
  };
}

describe('personAccount machine: generated paths', () => {
  const model = createPathModel(personAccountMachine, {
    input,
    events: [
      { type: 'account.change' },
      { type: 'account.confirm' },
      { type: 'reason.change', value: REASON },
      { type: 'account.cancel' },
      { type: 'account.sync', disabled: true },
      doneActor('changeAccount', disabledReply),
      errorActor('changeAccount', httpFailure(409, STAFF_MESSAGES.alreadyDisabled)),
      errorActor('changeAccount', silentFailure(500)),
    ],
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('personAccount machine: behaviour', () => {
  const launch = harnesses(personAccountMachine);

  function start(disabled = false) {
    const impl = implementations();
    return {
      harness: launch(impl, { input: { ...input, disabled } }),
      changeAccount: impl.actors.changeAccount,
      actions: impl.actions,
    };
  }

  it('asks for the reason before disabling, and sends it trimmed once given', async () => {
    const { harness, changeAccount, actions } = start();
    const sent: unknown[] = [];
    expect(connectPersonAccount(harness.snapshot, () => {})).toMatchObject({
      action: 'disable',
      open: false,
    });
    await harness.send({ type: 'account.change' });
    await harness.send({ type: 'account.confirm' });
    expectState(harness, 'confirming');
    expect(harness.context.reasonError).toBe(STAFF_MESSAGES.reasonInvalid);
    expect(actions.focusReason).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'reason.change', value: `  ${REASON} ` });
    expect(harness.context.reasonError).toBeNull();
    await harness.send({ type: 'account.confirm' });
    expectState(harness, 'sending');
    expect(changeAccount.inputs).toEqual([{ personId: 42, change: { disable: true, reason: REASON } }]);
    // The dialog cannot be dismissed while the change is on its way.
    const view = connectPersonAccount(harness.snapshot, (event) => sent.push(event));
    expect(view).toMatchObject({ open: true, busy: true });
    view.cancel();
    expect(sent).toEqual([]);
    await harness.resolve('changeAccount', disabledReply);
    expectState(harness, 'done');
    expect(actions.announceChanged).toHaveBeenCalledWith(expect.anything(), {
      message: STAFF_MESSAGES.personDisabled,
    });
    expect(actions.reloadPerson).toHaveBeenCalledTimes(1);
    expect(connectPersonAccount(harness.snapshot, () => {})).toMatchObject({ action: 'enable', open: false });
  });

  it('enables a disabled account without a reason', async () => {
    const { harness, changeAccount } = start(true);
    await harness.send({ type: 'account.change' });
    await harness.send({ type: 'account.confirm' });
    expect(changeAccount.inputs).toEqual([{ personId: 42, change: { disable: false } }]);
    await harness.resolve('changeAccount', enabledReply);
    expect(harness.context.disabled).toBe(false);
  });

  it('keeps the reason and says why on a refusal; a change made meanwhile reloads the page', async () => {
    const { harness, actions } = start();
    await harness.send({ type: 'account.change' });
    await harness.send({ type: 'reason.change', value: REASON });
    await harness.send({ type: 'account.confirm' });
    await harness.reject('changeAccount', silentFailure(500));
    expectState(harness, 'confirming');
    expect(harness.context).toMatchObject({ reason: REASON, alert: FALLBACK });
    await harness.send({ type: 'account.confirm' });
    await harness.reject('changeAccount', httpFailure(409, STAFF_MESSAGES.alreadyDisabled));
    expectState(harness, 'refused');
    expect(connectPersonAccount(harness.snapshot, () => {})).toMatchObject({
      open: true,
      refused: true,
      alert: STAFF_MESSAGES.alreadyDisabled,
    });
    expect(actions.reloadPerson).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'account.sync', disabled: true });
    await harness.send({ type: 'account.cancel' });
    expect(connectPersonAccount(harness.snapshot, () => {})).toMatchObject({
      action: 'enable',
      open: false,
      alert: null,
    });
  });
});
