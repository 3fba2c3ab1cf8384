import { weekdaySchema } from '@contract/wire/courses';
import * as z from 'zod/mini';

/**
 * A course's sessions as the calls send them (the schedule, attendance). Dates are 'YYYY-MM-DD',
 * times 'HH:MM' (24-hour); how they are counted from a course's routine: domain/sessions.ts.
 */

export const sessionStatusSchema = z.enum(['scheduled', 'cancelled', 'moved']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** One change to a session: the routine's date, and what became of it. */
export const sessionChangeSchema = z.object({
  session_date: z.string(),
  action: z.enum(['cancelled', 'moved']),
  new_date: z.nullable(z.string()),
  start_time: z.nullable(z.string()),
  end_time: z.nullable(z.string()),
  reason: z.string(),
});
export type SessionChange = z.infer<typeof sessionChangeSchema>;

/**
 * A session as held: `date` and times are when it takes place (after a move, the new ones);
 * `original_date` is the routine's date, which names the session. A cancelled session keeps its
 * routine date and times.
 */
export const sessionSchema = z.object({
  date: z.string(),
  original_date: z.string(),
  day: weekdaySchema,
  start_time: z.string(),
  end_time: z.string(),
  status: sessionStatusSchema,
  reason: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
