import { formSubmissionMachine } from '@machines/formSubmission.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type * as z from 'zod/mini';
import { DEFAULT_FAILURE } from '@/api/errors';
import { showToast } from '@/stores/toasts';
import { AlertBox, Form, focusFirstInvalid, SubmitButton, TextAreaField, TextField } from './forms';

export interface SubmissionField {
  name: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** A multi-line field across the whole form. */
  multiline?: boolean;
}

/**
 * A one-step public form driven by the form-submission machine: messages beside the fields, values
 * kept on refusal, the server's sentence in the alert box, a toast and an empty form on success.
 */
export function SubmissionForm<T extends Record<string, string>>({
  fields,
  schema,
  send: deliver,
  sentText,
  submitLabel,
}: {
  fields: readonly SubmissionField[];
  schema: z.ZodMiniType<T>;
  send: (values: T) => Promise<unknown>;
  /** Already translated. */
  sentText: string;
  submitLabel: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef({ deliver, sentText });
  latest.current = { deliver, sentText };
  const [machine] = useState(() =>
    formSubmissionMachine.provide({
      actors: { submit: fromPromise(({ input }) => latest.current.deliver(input as T)) },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(form.current),
        announceSent: () => showToast(latest.current.sentText),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: {
      initial: Object.fromEntries(fields.map((field) => [field.name, ''])),
      schema: schema as unknown as z.ZodMiniType<Record<string, string>>,
      fallback: DEFAULT_FAILURE,
    },
  });
  const { values, errors, alert } = state.context;

  return (
    <Form ref={form} onSubmit={() => send({ type: 'form.submit' })} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <AlertBox message={alert} />
      </div>
      {fields.map((field) => {
        const common = {
          label: field.label,
          name: field.name,
          value: values[field.name] ?? '',
          error: errors[field.name],
          onChange: (event: { target: { value: string } }) =>
            send({ type: 'field.change', name: field.name, value: event.target.value }),
        };
        return field.multiline ? (
          <div key={field.name} className="sm:col-span-2">
            <TextAreaField {...common} />
          </div>
        ) : (
          <TextField
            key={field.name}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            {...common}
          />
        );
      })}
      <div className="sm:col-span-2">
        <SubmitButton busy={state.matches('sending')}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
