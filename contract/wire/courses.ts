import { pagedSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/** GET /course/category/ */
export const categorySchema = z.object({ id: z.number(), name: z.string(), name_ar: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** GET /course/availability/: the search filter's choices; `id` goes into `availability`. */
export const availabilitySchema = z.object({ id: z.string(), name: z.string(), name_ar: z.string() });
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityListSchema = z.array(availabilitySchema);

export const courseStatusSchema = z.enum(['Approved', 'Pending']);
export type CourseStatus = z.infer<typeof courseStatusSchema>;

/** A course card of the catalogue (spec section 3). */
export const courseCardSchema = z.object({
  id: z.number(),
  cover_image: z.string(),
  title: z.string(),
  title_ar: z.string(),
  created_by: z.object({ image: z.string(), full_name: z.string() }),
  created_by_details: z.object({ full_name: z.string() }),
  status: courseStatusSchema,
  /**
   * Not in the spec: what a trainee pays, VAT included, in whole halalas (0: a free course). Absent
   * from a server that does not send it: no price is shown then.
   */
  price_with_vat_halalas: z.optional(z.int().check(z.nonnegative())),
});
export type CourseCard = z.infer<typeof courseCardSchema>;
export const courseCardPageSchema = pagedSchema(courseCardSchema);

export const WEEKDAYS = [
  'Saturday',
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
] as const;
export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

export const courseWeekSchema = z.object({
  week: z.number(),
  syllabus_title: z.string(),
  syllabus_title_ar: z.string(),
  lectures: z.number(),
  quizzes: z.number(),
  assignments: z.number(),
});
export type CourseWeek = z.infer<typeof courseWeekSchema>;

export const courseSurveySchema = z.object({
  stage: z.enum(['pre', 'post']),
  title: z.string(),
  title_ar: z.string(),
});
export type CourseSurvey = z.infer<typeof courseSurveySchema>;

export const routineSlotSchema = z.object({
  day: weekdaySchema,
  start_time: z.string(),
  end_time: z.string(),
});
export type RoutineSlot = z.infer<typeof routineSlotSchema>;

/** GET /course/about/{id}/: every field of the Course entity (spec section 3). */
export const courseAboutSchema = z.object({
  ...courseCardSchema.shape,
  subtitle: z.string(),
  subtitle_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  category: categorySchema,
  skill_level: z.string(),
  languages: z.array(z.string()),
  captions: z.array(z.string()),
  weeks: z.array(courseWeekSchema),
  surveys: z.array(courseSurveySchema),
  facilitators: z.array(z.object({ full_name: z.string(), image: z.string() })),
  routine: z.array(routineSlotSchema),
  female_only: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  /** The price before VAT in whole halalas; 0 is a free course (domain/money.ts). */
  price_halalas: z.int().check(z.nonnegative()),
});
export type CourseAbout = z.infer<typeof courseAboutSchema>;
