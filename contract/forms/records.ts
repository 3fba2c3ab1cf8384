import { toLatinDigits } from '@contract/domain/digits';
import { field, required, validate } from '@contract/forms/rules';
import type { CompletionRule } from '@contract/wire/records';
import * as z from 'zod/mini';

/** The completion rule's form (the rule: domain/records.ts; the calls: wire/records.ts). */

/** The completion rule form's sentences. */
export const RECORDS_VALIDATION = {
  attendanceRequired: 'Enter the minimum attendance',
  attendanceInvalid: 'Enter a whole number of per cent from 0 to 100',
  gradeRequired: 'Enter the minimum average grade',
  gradeInvalid: 'Enter a grade from 0 to 10, with at most two decimals',
} as const;
export type RecordsValidationMessage = (typeof RECORDS_VALIDATION)[keyof typeof RECORDS_VALIDATION];

/** A number as typed: Arabic-Indic digits and the Arabic decimal separator read as 0–9 and '.'. */
export function typedNumber(value: string): string {
  return toLatinDigits(value).trim().replace(/[٫,]/g, '.');
}

const WHOLE = /^\d{1,3}$/;
const DECIMAL = /^\d{1,2}(\.\d{1,2})?$/;

/** The rule's form: what the trainer types, in either digit system. */
export const completionRuleFormSchema = z.object({
  min_attendance: field<RecordsValidationMessage>(
    required(RECORDS_VALIDATION.attendanceRequired),
    (value) => {
      const text = typedNumber(value);
      return WHOLE.test(text) && Number(text) <= 100 ? null : RECORDS_VALIDATION.attendanceInvalid;
    },
  ),
  min_grade: field<RecordsValidationMessage>(required(RECORDS_VALIDATION.gradeRequired), (value) => {
    const text = typedNumber(value);
    return DECIMAL.test(text) && Number(text) <= 10 ? null : RECORDS_VALIDATION.gradeInvalid;
  }),
});
export type CompletionRuleForm = z.infer<typeof completionRuleFormSchema>;
export const COMPLETION_RULE_FIELDS = ['min_attendance', 'min_grade'] as const;

/** The rule the form's values stand for; null while they break a rule. */
export function ruleOfForm(values: CompletionRuleForm): CompletionRule | null {
  if (Object.keys(validate(completionRuleFormSchema, values)).length > 0) return null;
  return {
    min_attendance: Number(typedNumber(values.min_attendance)),
    min_grade: Number(typedNumber(values.min_grade)),
  };
}
