import { toArabicIndicDigits } from '@contract/domain/digits';
import { type CompletionRuleForm, completionRuleFormSchema } from '@contract/forms/records';
import { validate } from '@contract/forms/rules';
import type { CompletionRule, CompletionSaved } from '@contract/wire/records';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, type FormContext, failureOf, withField } from './forms';

/**
 * A course's completion rule (spec item 7): shown as a sentence, edited by its trainer in a small
 * form (minimum attendance in per cent, minimum average grade out of 10; digits in either system,
 * the Arabic decimal separator too), checked with the shared rules, saved, and shown again. A refusal
 * keeps what was typed and says why; cancelling drops the edit.
 */
export interface CompletionRuleInput {
  courseId: number;
  rule: CompletionRule;
  /** Arabic: the form starts with the rule written in Arabic-Indic digits. */
  arabicDigits: boolean;
  /** The alert text when a refusal carries no message of its own. */
  fallback: string;
}

export interface CompletionRuleContext extends FormContext<CompletionRuleForm> {
  courseId: number;
  rule: CompletionRule;
  arabicDigits: boolean;
  fallback: string;
}

export type CompletionRuleEvent =
  | { type: 'rule.edit' }
  | { type: 'rule.cancel' }
  | { type: 'field.change'; name: keyof CompletionRuleForm; value: string }
  | { type: 'rule.submit' };

/** The rule as the form shows it, in the language's digits. */
export function ruleFormOf(rule: CompletionRule, arabicDigits: boolean): CompletionRuleForm {
  const write = (value: number) =>
    arabicDigits ? toArabicIndicDigits(String(value)).replace('.', '٫') : String(value);
  return { min_attendance: write(rule.min_attendance), min_grade: write(rule.min_grade) };
}

export const completionRuleMachine = setup({
  types: {
    input: {} as CompletionRuleInput,
    context: {} as CompletionRuleContext,
    events: {} as CompletionRuleEvent,
  },
  actors: {
    save: fromPromise<CompletionSaved, { courseId: number; values: CompletionRuleForm }>(async () => {
      throw new Error('save is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(completionRuleFormSchema, context.values)).length === 0,
  },
  actions: {
    startEdit: assign(({ context }) => ({
      values: ruleFormOf(context.rule, context.arabicDigits),
      errors: {},
      alert: null,
    })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    showErrors: assign({ errors: ({ context }) => validate(completionRuleFormSchema, context.values) }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: ({ context }, { error }: Failure) => alertOf(error, context.fallback) }),
    keepRule: assign((_, { reply }: { reply: CompletionSaved }) => ({ rule: reply.data.rule, errors: {} })),
    focusFirstInvalid: () => {},
    /** Saved: the view says so (a toast). */
    announceSaved: (_, _params: { reply: CompletionSaved }) => {},
  },
}).createMachine({
  id: 'completionRule',
  context: ({ input }) => ({
    courseId: input.courseId,
    rule: input.rule,
    arabicDigits: input.arabicDigits,
    fallback: input.fallback,
    values: ruleFormOf(input.rule, input.arabicDigits),
    errors: {},
    alert: null,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: { 'rule.edit': { target: 'editing', actions: 'startEdit' } },
    },
    editing: {
      on: {
        'rule.cancel': { target: 'viewing', actions: 'clearAlert' },
        'field.change': { actions: 'changeField' },
        'rule.submit': [
          { guard: 'formValid', target: 'saving', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ courseId: context.courseId, values: context.values }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'keepRule', params: ({ event }) => ({ reply: event.output }) },
            { type: 'announceSaved', params: ({ event }) => ({ reply: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'showAlert', params: failureOf } },
      },
    },
  },
});
