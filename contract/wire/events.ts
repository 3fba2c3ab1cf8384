import { pagedSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/** An event of the list (spec section 3); `date_range` holds ISO 8601 date-times. */
export const eventSchema = z.object({
  id: z.number(),
  image: z.string(),
  date_range: z.object({ start: z.string(), end: z.string() }),
  title: z.string(),
  title_ar: z.string(),
  event_access: z.string(),
});
export type EventSummary = z.infer<typeof eventSchema>;
export const eventPageSchema = pagedSchema(eventSchema);

/** GET /event/{id}/ */
export const eventDetailsSchema = z.object({
  ...eventSchema.shape,
  description: z.string(),
  description_ar: z.string(),
  location: z.string(),
  location_ar: z.string(),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;

/** GET /event/{id}/registration/ (not in the spec): whether the signed-in caller is registered. */
export const eventRegistrationStatusSchema = z.object({ registered: z.boolean() });
export type EventRegistrationStatus = z.infer<typeof eventRegistrationStatusSchema>;
