import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { connectFormSubmission } from '@machines/formSubmission.connect';
import { formSubmissionMachine } from '@machines/formSubmission.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import * as z from 'zod/mini';
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

/** A kept draft: field name → typed text. Anything else found under the key is ignored. */
const DRAFT = z.record(z.string(), z.string());

/** Where a draft is kept while the visitor signs in or registers (this tab only). */
function readDraft(key: string | undefined): Record<string, string> | null {
  if (!key) return null;
  try {
    const stored = DRAFT.safeParse(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
    return stored.success ? stored.data : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, values: Record<string, string>): void {
  try {
    if (Object.values(values).some((value) => value.trim()))
      sessionStorage.setItem(key, JSON.stringify(values));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage may be full or disabled; the form still works, the draft is just not kept.
  }
}

/**
 * A one-step public form driven by the form-submission machine: messages beside the fields, values
 * kept on refusal, the server's sentence in the alert box, a toast and an empty form on success.
 * With `requiresSignIn`, a signed-out visitor is asked to sign in and the values wait, sent as soon
 * as the session signs in (not if the dialog is closed, which `onSignInDismissed` reports); with
 * `draftKey`, they also survive a trip through registration in the same tab.
 */
export function SubmissionForm<T extends Record<string, string>>({
  fields,
  schema,
  send: deliver,
  sentText,
  submitLabel,
  requiresSignIn = false,
  signedIn = false,
  askToSignIn,
  onSignInDismissed,
  draftKey,
}: {
  fields: readonly SubmissionField[];
  schema: z.ZodMiniType<T>;
  send: (values: T) => Promise<unknown>;
  /** Already translated. */
  sentText: string;
  submitLabel: ReactNode;
  requiresSignIn?: boolean;
  signedIn?: boolean;
  askToSignIn?: () => void;
  /** Subscribes to the sign-in dialog being closed without a sign-in; returns the unsubscribe. */
  onSignInDismissed?: (listener: () => void) => () => void;
  draftKey?: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef({ deliver, sentText, askToSignIn });
  latest.current = { deliver, sentText, askToSignIn };
  const [machine] = useState(() =>
    formSubmissionMachine.provide({
      // The machine sends only values the schema accepts; parsing them again gives their type.
      actors: { submit: fromPromise(({ input }) => latest.current.deliver(schema.parse(input))) },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(form.current),
        announceSent: () => showToast(latest.current.sentText),
        askToSignIn: () => latest.current.askToSignIn?.(),
      },
    }),
  );
  const initial = Object.fromEntries(fields.map((field) => [field.name, '']));
  const [state, send] = useMachine(machine, {
    input: {
      initial,
      schema,
      fallback: DEFAULT_FAILURE,
      requiresSignIn,
    },
  });
  const view = connectFormSubmission(
    state,
    send,
    fields.map((field) => field.name),
  );
  const { values } = state.context;

  // A kept draft fills the form once, as if typed again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    const draft = readDraft(draftKey);
    for (const name of Object.keys(initial)) {
      const value = draft?.[name];
      if (value) send({ type: 'field.change', name, value });
    }
  }, []);
  useEffect(() => {
    if (draftKey) writeDraft(draftKey, values);
  }, [draftKey, values]);
  // A form waiting for sign-in is sent when the session signs in, and waits no more if the dialog closes.
  useEffect(() => {
    if (signedIn) send({ type: 'session.signedIn' });
  }, [send, signedIn]);
  useEffect(() => onSignInDismissed?.(() => send({ type: 'signIn.dismissed' })), [send, onSignInDismissed]);

  return (
    <Form ref={form} onSubmit={() => view.submit(signedIn)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <AlertBox message={view.alert} />
      </div>
      {fields.map((field, index) => {
        const shown = view.fields[index];
        if (!shown) return null;
        const common = {
          label: field.label,
          name: field.name,
          value: shown.value,
          error: shown.error,
          onChange: (event: { target: { value: string } }) => shown.change(event.target.value),
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
        <SubmitButton busy={view.busy}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
