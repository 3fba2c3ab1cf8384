import type { PersonAccountResponse } from '@contract/wire/people';
import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';
import { reasonProblem } from './staffDecision.machine';

export interface PersonAccountInput {
  personId: number;
  /** Whether the account is disabled as the page read it. */
  disabled: boolean;
  /** The alert when a refusal carries no sentence of its own. */
  fallback: string;
}

export interface PersonAccountContext {
  personId: number;
  disabled: boolean;
  fallback: string;
  /** Why the account is disabled (asked for when disabling). */
  reason: string;
  /** What is wrong with the reason (English; the view translates it), or null. */
  reasonError: string | null;
  /** The refusal of the last change sent, or null. */
  alert: string | null;
}

/** The change the server was asked for. */
export type AccountChange = { disable: true; reason: string } | { disable: false };

export type PersonAccountEvent =
  /** Disable (the account is enabled) or Enable (it is disabled): the dialog opens. */
  | { type: 'account.change' }
  | { type: 'reason.change'; value: string }
  | { type: 'account.confirm' }
  | { type: 'account.cancel' }
  /** The page read the person again: whether the account is disabled now. */
  | { type: 'account.sync'; disabled: boolean };

/** Refusals that say the account changed meanwhile (409) or is gone (404). */
const STALE = new Set([404, 409]);

/**
 * Disabling an account (with the reason, which the audit log keeps) or enabling it again, from a
 * person's page: a dialog asks to confirm, the change is sent, and once done the page says so and
 * reads the person again (a disabled account is signed out everywhere). A refusal keeps the dialog
 * open with the reason typed and the server's sentence; a change made meanwhile (409) or an account
 * gone (404) ends in `refused`, where the page reads the person again. Pure: the view provides
 * `changeAccount` and the actions that tell the user and reload the page.
 */
export const personAccountMachine = setup({
  types: {
    input: {} as PersonAccountInput,
    context: {} as PersonAccountContext,
    events: {} as PersonAccountEvent,
  },
  actors: {
    changeAccount: fromPromise<PersonAccountResponse, { personId: number; change: AccountChange }>(
      async () => {
        throw new Error('changeAccount is supplied by the view');
      },
    ),
  },
  guards: {
    /** Enabling needs no reason; disabling needs one. */
    canSend: ({ context }) => context.disabled || reasonProblem(context.reason) === null,
    isStale: (_, { error }: Failure) => STALE.has(statusOf(error) ?? 0),
  },
  actions: {
    openDialog: assign({ reason: '', reasonError: null, alert: null }),
    changeReason: assign((_, params: { value: string }) => ({ reason: params.value, reasonError: null })),
    showReasonError: assign(({ context }) => ({ reasonError: reasonProblem(context.reason) })),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    keepState: assign((_, params: { disabled: boolean }) => ({ disabled: params.disabled })),
    /** Moves focus to the reason field. */
    focusReason: () => {},
    /** The toast with the server's sentence ("The account is disabled and signed out everywhere"). */
    announceChanged: (_, _params: { message: string }) => {},
    /** The page reads the person again. */
    reloadPerson: () => {},
  },
}).createMachine({
  id: 'personAccount',
  context: ({ input }) => ({
    personId: input.personId,
    disabled: input.disabled,
    fallback: input.fallback,
    reason: '',
    reasonError: null,
    alert: null,
  }),
  on: {
    'account.sync': {
      actions: { type: 'keepState', params: ({ event }) => ({ disabled: event.disabled }) },
    },
  },
  initial: 'idle',
  states: {
    idle: { on: { 'account.change': { target: 'confirming', actions: 'openDialog' } } },
    /** The dialog: the reason (disabling), Confirm and Cancel. Nothing has changed yet. */
    confirming: {
      on: {
        'reason.change': {
          actions: { type: 'changeReason', params: ({ event }) => ({ value: event.value }) },
        },
        'account.confirm': [
          { guard: 'canSend', target: 'sending', actions: 'clearAlert' },
          { actions: ['showReasonError', 'focusReason'] },
        ],
        'account.cancel': { target: 'idle' },
      },
    },
    sending: {
      invoke: {
        id: 'changeAccount',
        src: 'changeAccount',
        input: ({ context }) => ({
          personId: context.personId,
          change: context.disabled
            ? ({ disable: false } as const)
            : ({ disable: true, reason: context.reason.trim() } as const),
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepState', params: ({ event }) => ({ disabled: event.output.data.disabled }) },
            { type: 'announceChanged', params: ({ event }) => ({ message: event.output.message }) },
            'reloadPerson',
          ],
        },
        onError: [
          {
            guard: { type: 'isStale', params: failureOf },
            target: 'refused',
            actions: [{ type: 'showAlert', params: failureOf }, 'reloadPerson'],
          },
          { target: 'confirming', actions: [{ type: 'showAlert', params: failureOf }, 'focusReason'] },
        ],
      },
    },
    /** Changed: the dialog is closed, and the page shows the account as it is now. */
    done: { on: { 'account.change': { target: 'confirming', actions: 'openDialog' } } },
    /** Changed meanwhile by someone else, or gone: the dialog says so until closed. */
    refused: { on: { 'account.cancel': { target: 'idle', actions: 'clearAlert' } } },
  },
});
