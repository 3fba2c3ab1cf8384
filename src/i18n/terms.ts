import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Words the API sends as English values (skill levels, languages, weekdays, event access), shown in
 * the user's language; an unknown value is shown as it came.
 */
const TERMS: Record<string, MessageDescriptor> = {
  Beginner: msg`Beginner`,
  Intermediate: msg`Intermediate`,
  Advanced: msg`Advanced`,
  Arabic: msg`Arabic`,
  English: msg`English`,
  Saturday: msg`Saturday`,
  Sunday: msg`Sunday`,
  Monday: msg`Monday`,
  Tuesday: msg`Tuesday`,
  Wednesday: msg`Wednesday`,
  Thursday: msg`Thursday`,
  Friday: msg`Friday`,
  Public: msg`Public`,
  'Women only': msg`Women only`,
  'Registered trainees': msg`Registered trainees`,
};

export function term(value: string, i18n: I18n): string {
  const descriptor = TERMS[value];
  return descriptor ? i18n._(descriptor) : value;
}
