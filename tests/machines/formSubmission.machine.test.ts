import { courseRequestFormSchema } from '@contract/forms/public';
import { describe, expect, it } from 'vitest';
import { type FormSubmissionInput, formSubmissionMachine } from '../../machines/formSubmission.machine.ts';
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

const ACTIONS = ['focusFirstInvalid', 'announceSent', 'askToSignIn'] as const;
const FALLBACK = 'Something went wrong';

const input: FormSubmissionInput = {
  initial: { full_name: '', email: '', description: '' },
  schema: courseRequestFormSchema,
  fallback: FALLBACK,
};

function implementations() {
  return {
    actors: { submit: scriptedPromise<unknown, Record<string, string>>() },
    actions: spyActions(formSubmissionMachine, ACTIONS),
  };
}

const filled = [
  { type: 'field.change', name: 'full_name', value: 'Maha Al-Qahtani' },
  { type: 'field.change', name: 'email', value: 'maha@example.com' },
  { type: 'field.change', name: 'description', value: 'A course on GIS for municipal staff.' },
] as const;

describe('formSubmission machine: generated paths', () => {
  const model = createPathModel(formSubmissionMachine, {
    input,
    events: [
      ...filled,
      { type: 'form.submit' },
      doneActor('submit', { success: true, message: 'Course Request is Successfully' }),
      errorActor('submit', httpFailure(400, 'Invalid email address')),
    ],
    // The guard reads whether the form is valid: how many fields are filled decides it.
    serializeState: serializeValueAnd(
      (context: { values: Record<string, string> }) => Object.values(context.values).filter(Boolean).length,
    ),
    implementations,
  });

  replayEveryPath(model);

  const signInModel = createPathModel(formSubmissionMachine, {
    input: { ...input, requiresSignIn: true },
    events: [
      ...filled,
      { type: 'form.submit', signedIn: false },
      { type: 'form.submit', signedIn: true },
      { type: 'session.signedIn' },
      { type: 'signIn.dismissed' },
      doneActor('submit', { success: true }),
      errorActor('submit', httpFailure(400, 'Subject is required')),
    ],
    serializeState: serializeValueAnd(
      (context: { values: Record<string, string> }) => Object.values(context.values).filter(Boolean).length,
    ),
    implementations,
  });

  replayEveryPath(signInModel);

  it('reaches every state and every transition, with and without sign-in required', async () => {
    await expectJointCoverage([model, signInModel]);
  });
});

describe('formSubmission machine: behaviour', () => {
  const launch = harnesses(formSubmissionMachine);

  function start() {
    const impl = implementations();
    const harness = launch(impl, { input });
    return { harness, submit: impl.actors.submit, actions: impl.actions };
  }

  it('shows the spec messages for an empty form, sends nothing and focuses the first field', async () => {
    const { harness, submit, actions } = start();
    await harness.send({ type: 'form.submit' });
    expectState(harness, 'editing');
    expect(harness.context.errors).toEqual({
      full_name: 'Full name is required',
      email: 'Email is required',
      description: 'description Is Required',
    });
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(submit.inputs).toEqual([]);
  });

  it('clears a field message as the field changes', async () => {
    const { harness } = start();
    await harness.send({ type: 'form.submit' });
    await harness.send({ type: 'field.change', name: 'email', value: 'not-an-email' });
    expect(harness.context.errors.email).toBeUndefined();
    await harness.send({ type: 'form.submit' });
    expect(harness.context.errors.email).toBe('Invalid email address');
  });

  it('sends valid values, empties the form and confirms', async () => {
    const { harness, submit, actions } = start();
    for (const event of filled) await harness.send(event);
    await harness.send({ type: 'form.submit' });
    expectState(harness, 'sending');
    expect(submit.inputs).toEqual([
      {
        full_name: 'Maha Al-Qahtani',
        email: 'maha@example.com',
        description: 'A course on GIS for municipal staff.',
      },
    ]);
    await harness.resolve('submit', { success: true });
    expectState(harness, 'editing');
    expect(harness.context.values).toEqual(input.initial);
    expect(actions.announceSent).toHaveBeenCalledTimes(1);
  });

  it('keeps every value and shows the server sentence when refused, or the fallback', async () => {
    const { harness, actions } = start();
    for (const event of filled) await harness.send(event);
    await harness.send({ type: 'form.submit' });
    await harness.reject('submit', httpFailure(400, 'Invalid email address'));
    expectState(harness, 'editing');
    expect(harness.context.alert).toBe('Invalid email address');
    expect(harness.context.values.full_name).toBe('Maha Al-Qahtani');
    expect(actions.announceSent).not.toHaveBeenCalled();
    await harness.send({ type: 'form.submit' });
    await harness.reject('submit', silentFailure(500));
    expect(harness.context.alert).toBe(FALLBACK);
  });

  it('where sending needs sign-in: asks a signed-out user to sign in and sends once they have', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { ...input, requiresSignIn: true } });
    for (const event of filled) await harness.send(event);
    await harness.send({ type: 'form.submit', signedIn: false });
    expectState(harness, 'awaitingSignIn');
    expect(impl.actions.askToSignIn).toHaveBeenCalledTimes(1);
    expect(impl.actors.submit.inputs).toEqual([]);
    expect(harness.context.values.full_name).toBe('Maha Al-Qahtani');
    await harness.send({ type: 'session.signedIn' });
    expectState(harness, 'sending');
    expect(impl.actors.submit.inputs).toEqual([harness.context.values]);
    await harness.resolve('submit', { success: true });
    expectState(harness, 'editing');
    expect(impl.actions.announceSent).toHaveBeenCalledTimes(1);
  });

  it('where sending needs sign-in: closing the dialog keeps every value and sends nothing', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { ...input, requiresSignIn: true } });
    for (const event of filled) await harness.send(event);
    await harness.send({ type: 'form.submit', signedIn: false });
    await harness.send({ type: 'signIn.dismissed' });
    expectState(harness, 'editing');
    await harness.send({ type: 'session.signedIn' });
    expectState(harness, 'editing');
    expect(impl.actors.submit.inputs).toEqual([]);
    expect(harness.context.values.full_name).toBe('Maha Al-Qahtani');
    await harness.send({ type: 'form.submit', signedIn: true });
    expectState(harness, 'sending');
  });

  it('where sending needs sign-in: still shows the field messages first', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { ...input, requiresSignIn: true } });
    await harness.send({ type: 'form.submit', signedIn: false });
    expect(impl.actions.askToSignIn).not.toHaveBeenCalled();
    expect(harness.context.errors.full_name).toBe('Full name is required');
  });
});
