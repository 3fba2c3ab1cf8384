import { validate } from '@contract/forms/rules';
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type * as z from 'zod/mini';
import { alertOf, type Failure, type FormContext, failureOf, withField } from './forms';

/**
 * A one-step public form (request a course, contact, report an issue): edit, validate with the
 * shared schema, (sign in first where sending needs it: the form is sent as soon as the session
 * signs in, unless the dialog was closed), send; on success the form empties and a toast confirms;
 * a refusal keeps every value and shows the server's sentence.
 */
export type FormValues = Record<string, string>;

export interface FormSubmissionInput {
  initial: FormValues;
  /** The shared rules of the form; the machine only asks it which fields break them. */
  schema: z.ZodMiniType;
  /** The alert box text when a refusal carries no message of its own. */
  fallback: string;
  /** Sending needs a signed-in user (report an issue): a signed-out one is asked to sign in first. */
  requiresSignIn?: boolean;
}

export interface FormSubmissionContext extends FormContext<FormValues> {
  initial: FormValues;
  schema: z.ZodMiniType;
  fallback: string;
  requiresSignIn: boolean;
}

export type FormSubmissionEvent =
  | { type: 'field.change'; name: string; value: string }
  /** `signedIn` is read by the view from the session at the moment of sending. */
  | { type: 'form.submit'; signedIn?: boolean }
  /** The session signed in: a form waiting for it is sent. */
  | { type: 'session.signedIn' }
  /** The sign-in dialog was closed without signing in: the form waits for its button again. */
  | { type: 'signIn.dismissed' };

export const formSubmissionMachine = setup({
  types: {
    input: {} as FormSubmissionInput,
    context: {} as FormSubmissionContext,
    events: {} as FormSubmissionEvent,
  },
  actors: {
    submit: fromPromise<unknown, FormValues>(async () => {
      throw new Error('submit is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(context.schema, context.values)).length === 0,
    mustSignIn: ({ context, event }) =>
      context.requiresSignIn && !(event.type === 'form.submit' && event.signedIn),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    showErrors: assign({ errors: ({ context }) => validate(context.schema, context.values) }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    emptyForm: assign({ values: ({ context }) => context.initial, errors: {}, alert: null }),
    focusFirstInvalid: () => {},
    /** The toast that confirms the form was sent. */
    announceSent: () => {},
    /** Opens the login dialog; the form and its values stay as they are. */
    askToSignIn: () => {},
  },
}).createMachine({
  id: 'formSubmission',
  context: ({ input }) => ({
    initial: input.initial,
    schema: input.schema,
    fallback: input.fallback,
    requiresSignIn: input.requiresSignIn ?? false,
    values: input.initial,
    errors: {},
    alert: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          {
            guard: and(['formValid', 'mustSignIn']),
            target: 'awaitingSignIn',
            actions: ['clearAlert', 'askToSignIn'],
          },
          { guard: 'formValid', target: 'sending', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    /** Valid, and the login dialog is open for it: what was typed is sent once signed in. */
    awaitingSignIn: {
      on: {
        'session.signedIn': { target: 'sending' },
        'signIn.dismissed': { target: 'editing' },
      },
    },
    sending: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: { target: 'editing', actions: ['emptyForm', 'announceSent'] },
        onError: { target: 'editing', actions: { type: 'showAlert', params: failureOf } },
      },
    },
  },
});
