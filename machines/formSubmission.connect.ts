import type { SnapshotFrom } from 'xstate';
import type { FormSubmissionEvent, formSubmissionMachine } from './formSubmission.machine';

export type FormSubmissionSnapshot = SnapshotFrom<typeof formSubmissionMachine>;

/** What a field of the form shows, and what typing in it does. */
export interface SubmissionFieldView {
  name: string;
  value: string;
  /** The rule the value breaks, in English (the view translates it); absent when it is fine. */
  error: string | undefined;
  change: (value: string) => void;
}

/** What a one-step public form shows. */
export interface FormSubmissionView {
  fields: SubmissionFieldView[];
  /** The server's refusal, or the fallback sentence; null when there is none. */
  alert: string | null;
  /** Sending: the button is disabled and says so. */
  busy: boolean;
  /** Sends the form; `signedIn` is whether the session has a user at that moment. */
  submit: (signedIn: boolean) => void;
}

/** The form's view model, its fields in the order the view lists them. */
export function connectFormSubmission(
  snapshot: FormSubmissionSnapshot,
  send: (event: FormSubmissionEvent) => void,
  names: readonly string[],
): FormSubmissionView {
  const { values, errors, alert } = snapshot.context;
  return {
    fields: names.map((name) => ({
      name,
      value: values[name] ?? '',
      error: errors[name],
      change: (value) => send({ type: 'field.change', name, value }),
    })),
    alert,
    busy: snapshot.matches('sending'),
    submit: (signedIn) => send({ type: 'form.submit', signedIn }),
  };
}
