import type { CompletionRuleForm } from '@contract/forms/records';
import type { CompletionRule } from '@contract/wire/records';
import type { SnapshotFrom } from 'xstate';
import type { CompletionRuleEvent, completionRuleMachine } from './completionRule.machine';

export interface RuleFieldView {
  name: keyof CompletionRuleForm;
  value: string;
  /** The rule the value breaks, in English (the view translates it); undefined when it is fine. */
  error: string | undefined;
  change: (value: string) => void;
}

/** What the completion rule panel shows. */
export interface CompletionRuleView {
  rule: CompletionRule;
  editing: boolean;
  busy: boolean;
  fields: RuleFieldView[];
  alert: string | null;
  edit: () => void;
  cancel: () => void;
  submit: () => void;
}

const NAMES = ['min_attendance', 'min_grade'] as const;

export function connectCompletionRule(
  snapshot: SnapshotFrom<typeof completionRuleMachine>,
  send: (event: CompletionRuleEvent) => void,
): CompletionRuleView {
  const { values, errors, alert, rule } = snapshot.context;
  const busy = snapshot.matches('saving');
  return {
    rule,
    editing: snapshot.matches('editing') || busy,
    busy,
    fields: NAMES.map((name) => ({
      name,
      value: values[name],
      error: errors[name],
      change: (value) => send({ type: 'field.change', name, value }),
    })),
    alert,
    edit: () => send({ type: 'rule.edit' }),
    cancel: () => send({ type: 'rule.cancel' }),
    submit: () => send({ type: 'rule.submit' }),
  };
}
