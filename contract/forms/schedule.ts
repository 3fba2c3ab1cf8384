import { toLatinDigits } from '@contract/domain/digits';
import { isIsoDate } from '@contract/domain/sessions';
import { atMost, field, required } from '@contract/forms/rules';
import { SCHEDULE_MESSAGES } from '@contract/messages/schedule';
import type { SessionChangeAction, SessionChangeInput } from '@contract/wire/schedule';
import * as z from 'zod/mini';

/**
 * The schedule's change dialog (the calls: wire/schedule.ts): cancelling or moving a session. The
 * server applies the same rules to the body it receives.
 */

export const SESSION_CHANGE_REASON_MAX = 300;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The change dialog's fields as typed (Arabic-Indic digits are read as 0–9). */
export interface SessionChangeForm {
  reason: string;
  new_date: string;
  start_time: string;
  end_time: string;
}

const dateRule = (value: string) =>
  isIsoDate(toLatinDigits(value.trim())) ? null : SCHEDULE_MESSAGES.dateInvalid;
const timeRule = (value: string) =>
  TIME.test(toLatinDigits(value.trim())) ? null : SCHEDULE_MESSAGES.timeInvalid;

/** Cancelling: a reason. */
export const cancelFormSchema = z.object({
  reason: field(
    required(SCHEDULE_MESSAGES.reasonRequired),
    atMost(SESSION_CHANGE_REASON_MAX, SCHEDULE_MESSAGES.reasonRequired),
  ),
});

/** Moving: a reason, the new date and times, ending after it starts. */
export const moveFormSchema = z
  .object({
    reason: field(
      required(SCHEDULE_MESSAGES.reasonRequired),
      atMost(SESSION_CHANGE_REASON_MAX, SCHEDULE_MESSAGES.reasonRequired),
    ),
    new_date: field(dateRule),
    start_time: field(timeRule),
    end_time: field(timeRule),
  })
  .check(
    z.superRefine((value, ctx) => {
      const start = toLatinDigits(value.start_time.trim());
      const end = toLatinDigits(value.end_time.trim());
      if (TIME.test(start) && TIME.test(end) && end <= start) {
        ctx.issues.push({
          code: 'custom',
          message: SCHEDULE_MESSAGES.endAfterStart,
          input: value,
          path: ['end_time'],
        });
      }
    }),
  );

/** The body of a change made from the dialog's fields (digits as 0–9, spaces trimmed). */
export function sessionChangeInput(
  session: { course_id: number; original_date: string },
  action: SessionChangeAction,
  form: SessionChangeForm,
): SessionChangeInput {
  const base = {
    course_id: session.course_id,
    session_date: session.original_date,
    action,
    reason: form.reason.trim(),
  };
  if (action === 'cancelled') return base;
  return {
    ...base,
    new_date: toLatinDigits(form.new_date.trim()),
    start_time: toLatinDigits(form.start_time.trim()),
    end_time: toLatinDigits(form.end_time.trim()),
  };
}
