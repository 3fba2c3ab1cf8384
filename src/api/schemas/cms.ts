import * as z from 'zod/mini';

/** GET /cms/king-fahad-details/: the centre's details, also used by the footer. */
export const centreDetailsSchema = z.object({
  browse_course_title1: z.string(),
  browse_course_title1_ar: z.string(),
  browse_course_title2: z.string(),
  browse_course_title2_ar: z.string(),
  get_in_touch_title1: z.string(),
  get_in_touch_title1_ar: z.string(),
  get_in_touch_title2: z.string(),
  get_in_touch_title2_ar: z.string(),
  get_in_touch_description: z.string(),
  get_in_touch_description_ar: z.string(),
  request_a_course_image: z.string(),
  copyright: z.string(),
  copyright_ar: z.string(),
  email: z.string(),
  facebook_url: z.string(),
  twitter_url: z.string(),
  linkedin_url: z.string(),
  logo: z.string(),
  location: z.string(),
  location_ar: z.string(),
  phone_number: z.string(),
  phone_number_ar: z.string(),
  footer_header: z.string(),
  footer_header_ar: z.string(),
});
export type CentreDetails = z.infer<typeof centreDetailsSchema>;
