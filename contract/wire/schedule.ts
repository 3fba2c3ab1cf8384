import { sessionSchema } from '@contract/wire/sessions';
import * as z from 'zod/mini';

/**
 * The trainer's schedule (spec section 2, `/manage-schedule`) and the private calendar feeds.
 *
 * The week runs Saturday to Friday (the centre's week, `weekStartOf` in domain/sessions.ts). A trainer sees
 * the sessions of the approved courses they run or facilitate, and may cancel or move one session
 * that has not ended (with a reason; a move goes to a date within the course's dates that holds no
 * other session of the course, at a time not yet past), or restore one they changed; the enrolled
 * trainees are notified. Calls (extensions pact): `GET /schedule/?week=YYYY-MM-DD`,
 * `POST /schedule/changes/`, `DELETE /schedule/changes/{courseId}/{date}/`,
 * `GET /schedule/calendar-feed/?language=en|ar` (made on first request), `POST /schedule/calendar-feed/`
 * (a new address; the old one ends), and the public feed `GET /calendar/{secret}.ics`.
 */

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
