import * as z from 'zod/mini';
import { toLatinDigits } from './digits';
import { atMost, field, required } from './rules';
import { isIsoDate, sessionSchema } from './sessions';

/**
 * The trainer's schedule (spec section 2, `/manage-schedule`) and the private calendar feeds.
 *
 * The week runs Saturday to Friday (the centre's week, `weekStartOf` in ./sessions). A trainer sees
 * the sessions of the approved courses they run or facilitate, and may cancel or move one session
 * that has not ended (with a reason; a move goes to a date within the course's dates that holds no
 * other session of the course, at a time not yet past), or restore one they changed; the enrolled
 * trainees are notified. Calls (extensions pact): `GET /schedule/?week=YYYY-MM-DD`,
 * `POST /schedule/changes/`, `DELETE /schedule/changes/{courseId}/{date}/`,
 * `GET /schedule/calendar-feed/?language=en|ar` (made on first request), `POST /schedule/calendar-feed/`
 * (a new address; the old one ends), and the public feed `GET /calendar/{secret}.ics`.
 */

/** Sentences the server sends, translated by the web app. */
export const SCHEDULE_MESSAGES = {
  weekInvalid: 'Choose a week by one of its dates, such as 2026-11-21',
  notASession: 'This course has no session on that date',
  alreadyChanged: 'This session has already been cancelled or moved: restore it first',
  notChanged: 'This session has not been cancelled or moved',
  sessionEnded: 'This session has ended, so it can no longer be changed',
  reasonRequired: 'Give the reason, at most 300 characters',
  dateInvalid: 'Enter a date such as 2026-11-24',
  timeInvalid: 'Enter a time such as 09:00',
  endAfterStart: 'The class must end after it starts',
  newDateOutside: "The new date must be within the course's dates",
  newDateTaken: 'The course already has a session on that date',
  newTimePast: 'The new time has already passed',
  cancelled: 'The session has been cancelled',
  moved: 'The session has been moved',
  restored: 'The session has been restored',
} as const;
export type ScheduleMessage = (typeof SCHEDULE_MESSAGES)[keyof typeof SCHEDULE_MESSAGES];

export const SESSION_CHANGE_REASON_MAX = 300;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A course role in the schedule: the trainer who runs it, or a facilitator. */
export const scheduleRoleSchema = z.enum(['trainer', 'facilitator']);

/** One session in the trainer's week, with its course and what may be done to it. */
export const scheduleSessionSchema = z.object({
  ...sessionSchema.shape,
  course_id: z.number(),
  title: z.string(),
  title_ar: z.string(),
  role: scheduleRoleSchema,
  /** The course's first and last days (a move stays between them). */
  course_start: z.string(),
  course_end: z.string(),
  /** Scheduled and not ended: it may be cancelled or moved. */
  can_change: z.boolean(),
  /** Cancelled or moved, and not ended: it may be restored to its routine date and time. */
  can_restore: z.boolean(),
});
export type ScheduleSession = z.infer<typeof scheduleSessionSchema>;

/** GET /schedule/?week=YYYY-MM-DD: the week holding that date (this week when absent). */
export const scheduleWeekSchema = z.object({
  /** The Saturday that starts the week. */
  week: z.string(),
  /** The centre's date today. */
  today: z.string(),
  /** By date and time; a moved session on its new date. */
  sessions: z.array(scheduleSessionSchema),
});
export type ScheduleWeek = z.infer<typeof scheduleWeekSchema>;

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

export const sessionChangeActionSchema = z.enum(['cancelled', 'moved']);
export type SessionChangeAction = z.infer<typeof sessionChangeActionSchema>;

/** POST /schedule/changes/: the body (form fields as typed; the server applies the form rules). */
export const sessionChangeInputSchema = z.object({
  course_id: z.int().check(z.positive()),
  session_date: z.string().check(z.maxLength(10)),
  action: sessionChangeActionSchema,
  reason: z.string().check(z.maxLength(2000)),
  new_date: z.optional(z.string().check(z.maxLength(40))),
  start_time: z.optional(z.string().check(z.maxLength(40))),
  end_time: z.optional(z.string().check(z.maxLength(40))),
});
export type SessionChangeInput = z.infer<typeof sessionChangeInputSchema>;

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

/** The answer to a change or a restore: the sentence to show, and the session's course and date. */
export const sessionChangedSchema = z.object({
  message: z.string(),
  course_id: z.number(),
  session_date: z.string(),
  /** How many enrolled trainees were notified. */
  notified: z.number(),
});
export type SessionChanged = z.infer<typeof sessionChangedSchema>;

export const feedLanguageSchema = z.enum(['en', 'ar']);

/** GET / POST /schedule/calendar-feed/: the user's private feed address (a path under the API). */
export const calendarFeedSchema = z.object({
  /** `/calendar/{secret}.ics`, under the API's base address. */
  path: z.string(),
  language: feedLanguageSchema,
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /schedule/calendar-feed/: a new address in this language; the old one ends. */
export const calendarFeedInputSchema = z.object({ language: feedLanguageSchema });
