import { validate } from '@contract/forms/rules';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type * as z from 'zod/mini';
import { alertOf, type Failure, type FormContext, failureOf, withField } from './forms';

/**
 * A dialog whose form is confirmed with the person's password: change password (current, new,
 * confirm) and close account (the password). Closed, then open with an empty form; a valid form is
 * sent, and the dialog closes once the server agrees (`announceDone`: the view says so and does what
 * follows: new tokens, or the end of the session); a refusal keeps every value and says why.
 */
export type PasswordDialogValues = Record<string, string>;

export interface PasswordDialogInput {
  initial: PasswordDialogValues;
  /** The shared rules of the form (contract/forms/profile.ts). */
  schema: z.ZodMiniType;
  /** The alert box text when a refusal carries no message of its own. */
  fallback: string;
}

export interface PasswordDialogContext extends FormContext<PasswordDialogValues> {
  initial: PasswordDialogValues;
  schema: z.ZodMiniType;
  fallback: string;
}

export type PasswordDialogEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'field.change'; name: string; value: string }
  | { type: 'form.submit' };

export const passwordDialogMachine = setup({
  types: {
    input: {} as PasswordDialogInput,
    context: {} as PasswordDialogContext,
    events: {} as PasswordDialogEvent,
  },
  actors: {
    submit: fromPromise<unknown, PasswordDialogValues>(async () => {
      throw new Error('submit is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(context.schema, context.values)).length === 0,
  },
  actions: {
    emptyForm: assign(({ context }) => ({ values: context.initial, errors: {}, alert: null })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    showErrors: assign({ errors: ({ context }) => validate(context.schema, context.values) }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    focusFirstInvalid: () => {},
    /** The server agreed: the view says so and carries on (new tokens, or the session ends). */
    announceDone: (_, _params: { output: unknown }) => {},
  },
}).createMachine({
  id: 'passwordDialog',
  context: ({ input }) => ({
    initial: input.initial,
    schema: input.schema,
    fallback: input.fallback,
    values: input.initial,
    errors: {},
    alert: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'editing', actions: 'emptyForm' } },
    },
    editing: {
      on: {
        'dialog.close': { target: 'closed', actions: 'emptyForm' },
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'formValid', target: 'sending', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    /** Sent: the dialog cannot be closed until the server answers. */
    sending: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: {
          target: 'closed',
          actions: ['emptyForm', { type: 'announceDone', params: ({ event }) => ({ output: event.output }) }],
        },
        onError: { target: 'editing', actions: { type: 'showAlert', params: failureOf } },
      },
    },
  },
});
