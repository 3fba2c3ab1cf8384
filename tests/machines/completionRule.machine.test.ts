import { type CompletionRuleForm, RECORDS_VALIDATION, ruleOfForm } from '@contract/forms/records';
import { RECORDS_MESSAGES } from '@contract/messages/records';
import type { CompletionSaved } from '@contract/wire/records';
import { describe, expect, it } from 'vitest';
import { connectCompletionRule } from '../../machines/completionRule.connect.ts';
import {
  type CompletionRuleInput,
  completionRuleMachine,
  ruleFormOf,
} from '../../machines/completionRule.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['focusFirstInvalid', 'announceSaved'] as const;
const FALLBACK = 'Something went wrong';
const input: CompletionRuleInput = {
  courseId: 31,
  rule: { min_attendance: 75, min_grade: 5 },
  arabicDigits: false,
  fallback: FALLBACK,
};

const savedReply = (rule: { min_attendance: number; min_grade: number }): CompletionSaved => ({
  success: true,
  message: RECORDS_MESSAGES.ruleSaved,
  data: {
    course_id: 31,
    role: 'trainer',
    stage: 'ongoing',
    rule,
    closed_at: null,
    ended_on: null,
    can_close: true,
    can_edit_rule: true,
  },
});

function implementations() {
  return {
    actors: { save: scriptedPromise<CompletionSaved, { courseId: number; values: CompletionRuleForm }>() },
    actions: spyActions(completionRuleMachine, ACTIONS),
  };
}

const change = (name: keyof CompletionRuleForm, value: string) =>
  ({ type: 'field.change', name, value }) as const;

describe('completionRule machine: generated paths', () => {
  const model = createPathModel(completionRuleMachine, {
    input,
    events: [
      { type: 'rule.edit' },
      { type: 'rule.cancel' },
      change('min_attendance', ''),
      change('min_attendance', '80'),
      { type: 'rule.submit' },
      doneActor('save', savedReply({ min_attendance: 80, min_grade: 5 })),
      errorActor('save', httpFailure(409, RECORDS_MESSAGES.ruleFixed)),
    ],
    // The guard reads whether the form is valid.
    serializeState: serializeValueAnd(
      (context: { values: CompletionRuleForm }) => ruleOfForm(context.values) !== null,
    ),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('completionRule machine: behaviour', () => {
  const launch = harnesses(completionRuleMachine);

  function start(more: Partial<CompletionRuleInput> = {}) {
    const impl = implementations();
    return {
      harness: launch(impl, { input: { ...input, ...more } }),
      save: impl.actors.save,
      actions: impl.actions,
    };
  }

  it('starts the form from the rule, in Arabic-Indic digits for Arabic', async () => {
    expect(ruleFormOf({ min_attendance: 75, min_grade: 5.5 }, true)).toEqual({
      min_attendance: '٧٥',
      min_grade: '٥٫٥',
    });
    const { harness } = start({ arabicDigits: true, rule: { min_attendance: 80, min_grade: 6.25 } });
    await harness.send({ type: 'rule.edit' });
    expect(harness.context.values).toEqual({ min_attendance: '٨٠', min_grade: '٦٫٢٥' });
  });

  it('says what is wrong next to each field, keeps what was typed and sends nothing', async () => {
    const { harness, save, actions } = start();
    await harness.send({ type: 'rule.edit' });
    await harness.send(change('min_attendance', '120'));
    await harness.send(change('min_grade', ''));
    await harness.send({ type: 'rule.submit' });
    expectState(harness, 'editing');
    expect(harness.context.errors).toEqual({
      min_attendance: RECORDS_VALIDATION.attendanceInvalid,
      min_grade: RECORDS_VALIDATION.gradeRequired,
    });
    expect(harness.context.values).toEqual({ min_attendance: '120', min_grade: '' });
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(save.inputs).toEqual([]);
    // Typing clears that field's message.
    await harness.send(change('min_attendance', '٩٠'));
    expect(harness.context.errors.min_attendance).toBeUndefined();
  });

  it('saves Arabic-Indic digits as typed and shows the saved rule', async () => {
    const { harness, save, actions } = start();
    await harness.send({ type: 'rule.edit' });
    await harness.send(change('min_attendance', '٨٠'));
    await harness.send(change('min_grade', '٦٫٥'));
    await harness.send({ type: 'rule.submit' });
    expectState(harness, 'saving');
    expect(connectCompletionRule(harness.snapshot, () => {})).toMatchObject({ busy: true, editing: true });
    expect(save.inputs).toEqual([{ courseId: 31, values: { min_attendance: '٨٠', min_grade: '٦٫٥' } }]);
    await harness.resolve('save', savedReply({ min_attendance: 80, min_grade: 6.5 }));
    expectState(harness, 'viewing');
    expect(harness.context.rule).toEqual({ min_attendance: 80, min_grade: 6.5 });
    expect(actions.announceSaved).toHaveBeenCalledTimes(1);
  });

  it('keeps the values and shows the refusal; cancelling drops the edit', async () => {
    const { harness } = start();
    await harness.send({ type: 'rule.edit' });
    await harness.send(change('min_grade', '7'));
    await harness.send({ type: 'rule.submit' });
    await harness.reject('save', silentFailure(500));
    expectState(harness, 'editing');
    expect(harness.context.alert).toBe(FALLBACK);
    expect(harness.context.values.min_grade).toBe('7');
    await harness.send({ type: 'rule.cancel' });
    expectState(harness, 'viewing');
    expect(harness.context.rule).toEqual(input.rule);
    await harness.send({ type: 'rule.edit' });
    expect(harness.context.values).toEqual({ min_attendance: '75', min_grade: '5' });
    expect(harness.context.alert).toBeNull();
  });
});
