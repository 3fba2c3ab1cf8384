import { toArabicIndicDigits } from '@contract/domain/digits';
import { validate } from '@contract/forms/rules';
import {
  cancelFormSchema,
  moveFormSchema,
  type SessionChangeForm,
  sessionChangeInput,
} from '@contract/forms/schedule';
import type {
  ScheduleSession,
  ScheduleWeek,
  SessionChangeAction,
  SessionChanged,
  SessionChangeInput,
} from '@contract/wire/schedule';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Errors, type Failure, failureOf } from './forms';
import { createLoaderMachine } from './loader.machine';
import { refusedFields } from './refusal';

/**
 * The trainer's week (`/manage-schedule`): the week comes from the address (`?week=`, this week
 * without it), so Back and Forward move between weeks; the view sends `week.show` when the address
 * changes. From a session the trainer opens the change dialog (cancel, or move: a reason, the new
 * date and times, checked with the rules the server applies), sends it, and the week is read again;
 * a refusal keeps what was typed and says what is wrong next to the field. A changed session can
 * be restored. Pure: the calls are actors, the toasts and focus actions, provided by the view.
 */

export const SESSION_CHANGE_FIELDS = ['reason', 'new_date', 'start_time', 'end_time'] as const;
export type SessionChangeField = (typeof SESSION_CHANGE_FIELDS)[number];

export interface ScheduleInput {
  /** The week's date from the address, or null for this week. */
  week: string | null;
}

export interface ChangeDialog {
  session: ScheduleSession;
  action: SessionChangeAction;
}

export interface ScheduleContext {
  week: string | null;
  /** The last week read; kept on screen while another is read. */
  data: ScheduleWeek | undefined;
  dialog: ChangeDialog | null;
  values: SessionChangeForm;
  errors: Errors<SessionChangeForm>;
  /** The server's refusal of the change that names no field, or null. */
  alert: string | null;
}

export type ScheduleEvent =
  | { type: 'week.show'; week: string | null }
  /** `arabicDigits`: the page is in Arabic, so the move's fields start in Arabic-Indic digits. */
  | { type: 'change.open'; session: ScheduleSession; action: SessionChangeAction; arabicDigits?: boolean }
  | { type: 'field.change'; name: SessionChangeField; value: string }
  | { type: 'change.submit' }
  | { type: 'change.close' }
  | { type: 'session.restore'; session: ScheduleSession };

const EMPTY_FORM: SessionChangeForm = { reason: '', new_date: '', start_time: '', end_time: '' };

/** The rules of the dialog's form for its action. */
export function changeProblems(
  action: SessionChangeAction,
  values: SessionChangeForm,
): Errors<SessionChangeForm> {
  return action === 'cancelled'
    ? validate(cancelFormSchema, { reason: values.reason })
    : validate(moveFormSchema, { ...values });
}

export const scheduleMachine = setup({
  types: {
    input: {} as ScheduleInput,
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
    children: {} as { loader: 'loader' },
  },
  actors: {
    /** The week's sessions. */
    loader: createLoaderMachine<ScheduleWeek, { week: string | null }>(),
    saveChange: fromPromise<SessionChanged, SessionChangeInput>(async () => {
      throw new Error('saveChange is supplied by the view');
    }),
    restore: fromPromise<SessionChanged, ScheduleSession>(async () => {
      throw new Error('restore is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) =>
      context.dialog !== null &&
      Object.keys(changeProblems(context.dialog.action, context.values)).length === 0,
  },
  actions: {
    keepWeek: assign((_, params: { data: ScheduleWeek }) => ({ data: params.data })),
    showWeek: assign(({ event }) => {
      assertEvent(event, 'week.show');
      return { week: event.week, dialog: null };
    }),
    openDialog: assign(({ event }) => {
      assertEvent(event, 'change.open');
      const { session, action } = event;
      const digits = event.arabicDigits ? toArabicIndicDigits : (value: string) => value;
      return {
        dialog: { session, action },
        values:
          action === 'moved'
            ? {
                reason: '',
                new_date: digits(session.date),
                start_time: digits(session.start_time),
                end_time: digits(session.end_time),
              }
            : EMPTY_FORM,
        errors: {},
        alert: null,
      };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const errors = { ...context.errors };
      delete errors[event.name];
      return { values: { ...context.values, [event.name]: event.value }, errors };
    }),
    showErrors: assign(({ context }) => ({
      errors: context.dialog ? changeProblems(context.dialog.action, context.values) : {},
      alert: null,
    })),
    /** The server's refusal: its field messages beside the fields, any other sentence in the alert. */
    showRefusal: assign((_, { error }: Failure) => {
      const errors: Errors<SessionChangeForm> = {};
      for (const { field, message } of refusedFields(error)) {
        if ((SESSION_CHANGE_FIELDS as readonly string[]).includes(field)) {
          errors[field as SessionChangeField] ??= message;
        }
      }
      return {
        errors,
        alert: Object.keys(errors).length > 0 ? null : alertOf(error, 'Something went wrong'),
      };
    }),
    closeDialog: assign({ dialog: null, values: EMPTY_FORM, errors: {}, alert: null }),
    /** Moves focus to the first field that breaks a rule (the view finds it). */
    focusFirstInvalid: () => {},
    /** The toast of the server's sentence ('The session has been cancelled' …). */
    announce: (_, _params: { message: string }) => {},
    /** The toast of a refused or failed restore. */
    announceFailure: (_, _params: Failure) => {},
  },
}).createMachine({
  id: 'schedule',
  context: ({ input }) => ({
    week: input.week,
    data: undefined,
    dialog: null,
    values: EMPTY_FORM,
    errors: {},
    alert: null,
  }),
  initial: 'loading',
  on: {
    'week.show': { target: '.loading', actions: 'showWeek' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loader',
        src: 'loader',
        input: ({ context }) => ({ params: { week: context.week } }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepWeek', params: ({ event }) => ({ data: event.output }) },
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'change.open': { target: 'editing', actions: 'openDialog' },
            'session.restore': 'restoring',
          },
        },
        editing: {
          on: {
            'field.change': { actions: 'changeField' },
            'change.submit': [
              { guard: 'formValid', target: 'sending' },
              { actions: ['showErrors', 'focusFirstInvalid'] },
            ],
            'change.close': { target: 'idle', actions: 'closeDialog' },
          },
        },
        sending: {
          invoke: {
            id: 'saveChange',
            src: 'saveChange',
            input: ({ context }) => {
              const { dialog } = context;
              // formValid let only an open dialog through.
              if (!dialog) throw new Error('No session to change');
              return sessionChangeInput(dialog.session, dialog.action, context.values);
            },
            onDone: {
              target: '#schedule.loading',
              actions: [
                'closeDialog',
                { type: 'announce', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: [{ type: 'showRefusal', params: failureOf }, 'focusFirstInvalid'],
            },
          },
        },
        restoring: {
          invoke: {
            id: 'restore',
            src: 'restore',
            input: ({ event }) => {
              assertEvent(event, 'session.restore');
              return event.session;
            },
            onDone: {
              target: '#schedule.loading',
              actions: { type: 'announce', params: ({ event }) => ({ message: event.output.message }) },
            },
            onError: { target: 'idle', actions: { type: 'announceFailure', params: failureOf } },
          },
        },
      },
    },
  },
});
