import type { SKILL_LEVELS } from '@contract/forms/authoring';
import type { ApprovalStatus } from '@contract/wire/authoring';
import type { Weekday } from '@contract/wire/courses';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Step } from '@machines/courseWizard.form';

/** The words of the wizard's choices, in one table each. */
export const STEP_LABELS: Record<Step, MessageDescriptor> = {
  basics: msg`Basic info`,
  about: msg`About`,
  syllabus: msg`Syllabus`,
  surveys: msg`Evaluation surveys`,
  routine: msg`Class routine`,
  facilitators: msg`Facilitators`,
  review: msg`Review`,
};

export const SKILL_LEVEL_LABELS: Record<(typeof SKILL_LEVELS)[number], MessageDescriptor> = {
  Beginner: msg`Beginner`,
  Intermediate: msg`Intermediate`,
  Advanced: msg`Advanced`,
};

export const LANGUAGE_LABELS: Record<'Arabic' | 'English', MessageDescriptor> = {
  Arabic: msg`Arabic`,
  English: msg`English`,
};

export const DAY_LABELS: Record<Weekday, MessageDescriptor> = {
  Saturday: msg`Saturday`,
  Sunday: msg`Sunday`,
  Monday: msg`Monday`,
  Tuesday: msg`Tuesday`,
  Wednesday: msg`Wednesday`,
  Thursday: msg`Thursday`,
  Friday: msg`Friday`,
};

export const STATUS_LABELS: Record<ApprovalStatus, MessageDescriptor> = {
  Pending: msg`Pending`,
  Approved: msg`Approved`,
  Rejected: msg`Rejected`,
};
