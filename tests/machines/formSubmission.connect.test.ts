import { courseRequestFormSchema } from '@contract/forms/public';
import { describe, expect, it } from 'vitest';
import { connectFormSubmission } from '../../machines/formSubmission.connect.ts';
import {
  type FormSubmissionEvent,
  type FormSubmissionInput,
  formSubmissionMachine,
} from '../../machines/formSubmission.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import { errorActor, harnesses, type RuntimeEvent, scriptedPromise } from './support/paths.ts';

const input: FormSubmissionInput = {
  initial: { full_name: '', email: '', description: '' },
  schema: courseRequestFormSchema,
  fallback: 'Something went wrong',
};
const NAMES = ['full_name', 'email', 'description'] as const;
const launch = harnesses(formSubmissionMachine);

/** The view model after `events`, played on a real actor, and what the view model sends. */
async function view(events: ReadonlyArray<FormSubmissionEvent | RuntimeEvent>) {
  const harness = launch(
    { actors: { submit: scriptedPromise<unknown, Record<string, string>>() } },
    { input },
  );
  for (const event of events) await harness.play(event);
  const sent: FormSubmissionEvent[] = [];
  return { view: connectFormSubmission(harness.snapshot, (event) => sent.push(event), NAMES), sent };
}

const filled: FormSubmissionEvent[] = [
  { type: 'field.change', name: 'full_name', value: 'Maha Al-Qahtani' },
  { type: 'field.change', name: 'email', value: 'maha@example.com' },
  { type: 'field.change', name: 'description', value: 'A course on GIS for municipal staff.' },
];

describe('formSubmission connect', () => {
  it('lists the fields empty, in the order the view asks for, with nothing to say', async () => {
    const { view: empty } = await view([]);
    expect(empty.fields.map(({ name, value, error }) => ({ name, value, error }))).toEqual([
      { name: 'full_name', value: '', error: undefined },
      { name: 'email', value: '', error: undefined },
      { name: 'description', value: '', error: undefined },
    ]);
    expect(empty).toMatchObject({ alert: null, busy: false });
  });

  it('shows the broken rule beside each field after a send', async () => {
    const { view: refused } = await view([{ type: 'form.submit' }]);
    expect(refused.fields.map((field) => field.error)).toEqual([
      'Full name is required',
      'Email is required',
      'description Is Required',
    ]);
  });

  it('is busy while sending, and shows the refusal with the values kept after', async () => {
    expect((await view([...filled, { type: 'form.submit' }])).view.busy).toBe(true);
    const { view: refused } = await view([
      ...filled,
      { type: 'form.submit' },
      errorActor('submit', httpFailure(400, 'Invalid email address')),
    ]);
    expect(refused).toMatchObject({ busy: false, alert: 'Invalid email address' });
    expect(refused.fields[0]?.value).toBe('Maha Al-Qahtani');
  });

  it('turns typing and sending into the machine events', async () => {
    const { view: form, sent } = await view([]);
    form.fields[1]?.change('maha@example.com');
    form.submit(true);
    expect(sent).toEqual([
      { type: 'field.change', name: 'email', value: 'maha@example.com' },
      { type: 'form.submit', signedIn: true },
    ]);
  });
});
