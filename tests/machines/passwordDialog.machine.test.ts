import { VALIDATION } from '@contract/forms/auth';
import {
  changePasswordFormSchema,
  closeAccountFormSchema,
  PROFILE_VALIDATION,
} from '@contract/forms/profile';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { describe, expect, it } from 'vitest';
import { connectPasswordDialog } from '../../machines/passwordDialog.connect.ts';
import { type PasswordDialogInput, passwordDialogMachine } from '../../machines/passwordDialog.machine.ts';
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

const ACTIONS = ['focusFirstInvalid', 'announceDone'] as const;
const FALLBACK = 'Something went wrong';
const CURRENT = 'Trainee#2026';
const NEW = 'Another#Pass2027';

const changeInput: PasswordDialogInput = {
  initial: { current_password: '', new_password: '', confirm_password: '' },
  schema: changePasswordFormSchema,
  fallback: FALLBACK,
};
const closeInput: PasswordDialogInput = {
  initial: { password: '' },
  schema: closeAccountFormSchema,
  fallback: FALLBACK,
};

function implementations() {
  return {
    actors: { submit: scriptedPromise<unknown, Record<string, string>>() },
    actions: spyActions(passwordDialogMachine, ACTIONS),
  };
}

const change = (name: string, value: string) => ({ type: 'field.change', name, value }) as const;
/** The guard reads whether the form is valid: how many fields are filled decides it. */
const serializeState = serializeValueAnd(
  (context: { values: Record<string, string> }) => Object.values(context.values).filter(Boolean).length,
);

describe('passwordDialog machine: generated paths', () => {
  const changeModel = createPathModel(passwordDialogMachine, {
    input: changeInput,
    events: [
      { type: 'dialog.open' },
      { type: 'dialog.close' },
      change('current_password', CURRENT),
      change('new_password', NEW),
      change('confirm_password', NEW),
      { type: 'form.submit' },
      doneActor('submit', { success: true, message: PROFILE_MESSAGES.passwordChanged }),
      errorActor('submit', httpFailure(400, PROFILE_MESSAGES.wrongPassword)),
    ],
    serializeState,
    implementations,
  });
  replayEveryPath(changeModel);

  const closeModel = createPathModel(passwordDialogMachine, {
    input: closeInput,
    events: [
      { type: 'dialog.open' },
      { type: 'dialog.close' },
      change('password', CURRENT),
      { type: 'form.submit' },
      doneActor('submit', { success: true, message: PROFILE_MESSAGES.accountClosed }),
      errorActor('submit', silentFailure(500)),
    ],
    serializeState,
    implementations,
  });
  replayEveryPath(closeModel);

  it('reaches every state and every transition, changing the password and closing the account', async () => {
    await expectJointCoverage([changeModel, closeModel]);
  });
});

describe('passwordDialog machine: behaviour', () => {
  const launch = harnesses(passwordDialogMachine);

  async function open(input: PasswordDialogInput) {
    const impl = implementations();
    const harness = launch(impl, { input });
    await harness.send({ type: 'dialog.open' });
    expectState(harness, 'editing');
    return { harness, submit: impl.actors.submit, actions: impl.actions };
  }

  it('shows the sign-up rule and the messages of every broken field, and sends nothing', async () => {
    const { harness, submit } = await open(changeInput);
    await harness.send(change('current_password', CURRENT));
    await harness.send(change('new_password', CURRENT));
    await harness.send(change('confirm_password', 'Other#Pass2027'));
    await harness.send({ type: 'form.submit' });
    expectState(harness, 'editing');
    expect(harness.context.errors).toEqual({
      new_password: PROFILE_VALIDATION.samePassword,
      confirm_password: VALIDATION.passwordsMustMatch,
    });
    expect(harness.takeActions()).toEqual(['focusFirstInvalid']);
    await harness.send(change('new_password', 'short'));
    await harness.send({ type: 'form.submit' });
    expect(harness.context.errors.new_password).toBe(VALIDATION.passwordMin10);
    expect(submit.inputs).toEqual([]);
  });

  it('keeps every value and shows the refusal, then closes once the server agrees', async () => {
    const { harness, submit, actions } = await open(changeInput);
    const values = { current_password: 'Wrong#Pass2026', new_password: NEW, confirm_password: NEW };
    for (const [name, value] of Object.entries(values)) await harness.send(change(name, value));
    await harness.send({ type: 'form.submit' });
    expectState(harness, 'sending');
    const view = connectPasswordDialog(harness.snapshot, () => {}, Object.keys(values));
    expect(view.busy).toBe(true);
    expect(view.close).toBeUndefined();
    await harness.reject('submit', httpFailure(400, PROFILE_MESSAGES.wrongPassword));
    expectState(harness, 'editing');
    expect(harness.context.values).toEqual(values);
    expect(harness.context.alert).toBe(PROFILE_MESSAGES.wrongPassword);

    await harness.send(change('current_password', CURRENT));
    await harness.send({ type: 'form.submit' });
    expect(submit.inputs.at(-1)).toEqual({ ...values, current_password: CURRENT });
    await harness.resolve('submit', { success: true });
    expectState(harness, 'closed');
    expect(harness.context.values).toEqual(changeInput.initial);
    expect(actions.announceDone).toHaveBeenCalledTimes(1);
  });

  it('opens empty after being closed, and the view lists the fields in order', async () => {
    const { harness } = await open(closeInput);
    await harness.send(change('password', CURRENT));
    await harness.send({ type: 'dialog.close' });
    expectState(harness, 'closed');
    expect(connectPasswordDialog(harness.snapshot, () => {}, ['password']).open).toBe(false);
    await harness.send({ type: 'dialog.open' });
    const view = connectPasswordDialog(harness.snapshot, () => {}, ['password']);
    expect(view.open).toBe(true);
    expect(view.fields.map((field) => [field.name, field.value])).toEqual([['password', '']]);
  });
});
