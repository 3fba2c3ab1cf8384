import { type WithdrawalForm, withdrawalFormSchema } from '@contract/forms/enrolments';
import { validate } from '@contract/forms/rules';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import type { Confirmation } from '@contract/wire/common';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Errors, type Failure, failureOf } from './forms';

export interface WithdrawalInput {
  courseId: number;
}

export interface WithdrawalContext {
  courseId: number;
  values: WithdrawalForm;
  errors: Errors<WithdrawalForm>;
  alert: string | null;
}

export type WithdrawalEvent =
  /** 'Withdraw' pressed on the course's row: the withdraw modal opens. */
  | { type: 'open' }
  | { type: 'reason.change'; value: string }
  | { type: 'submit' }
  /** The modal (or the success modal) closed. */
  | { type: 'close' };

/**
 * Asking to leave a course (spec section 2: the withdraw modal with a reason, then the withdraw
 * success modal): the reason is checked with the shared rules; the request goes to an admin, who
 * decides later; a refusal of the request keeps the reason and shows the server's sentence.
 */
export const withdrawalMachine = setup({
  types: {
    input: {} as WithdrawalInput,
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  actors: {
    requestWithdrawal: fromPromise<Confirmation, { courseId: number; reason: string }>(async () => {
      throw new Error('requestWithdrawal is supplied by the view');
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(validate(withdrawalFormSchema, context.values)).length === 0,
  },
  actions: {
    changeReason: assign(({ event }) => {
      assertEvent(event, 'reason.change');
      return { values: { reason: event.value }, errors: {} };
    }),
    showErrors: assign(({ context }) => ({ errors: validate(withdrawalFormSchema, context.values) })),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, DEFAULT_FAILURE) }),
    reset: assign({ values: { reason: '' }, errors: {}, alert: null }),
    /** Once the success modal closes, the list reads the enrolments again (the row says the request waits). */
    reload: () => {},
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({ courseId: input.courseId, values: { reason: '' }, errors: {}, alert: null }),
  initial: 'closed',
  states: {
    closed: { on: { open: 'editing' } },
    editing: {
      on: {
        'reason.change': { actions: 'changeReason' },
        submit: [{ guard: 'valid', target: 'submitting', actions: 'clearAlert' }, { actions: 'showErrors' }],
        close: { target: 'closed', actions: 'reset' },
      },
    },
    submitting: {
      invoke: {
        id: 'requestWithdrawal',
        src: 'requestWithdrawal',
        input: ({ context }) => ({ courseId: context.courseId, reason: context.values.reason.trim() }),
        onDone: 'sent',
        onError: { target: 'editing', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /** The withdraw success modal. */
    sent: { on: { close: { target: 'closed', actions: ['reset', 'reload'] } } },
  },
});
