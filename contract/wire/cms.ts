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

/** GET /cms/hero-section/: the home banner. */
export const heroSectionSchema = z.object({
  brand_name: z.string(),
  brand_name_ar: z.string(),
  category: z.string(),
  category_ar: z.string(),
  slogan: z.string(),
  slogan_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  image: z.string(),
  image_ar: z.string(),
});
export type HeroSection = z.infer<typeof heroSectionSchema>;

/** GET /cms/about-page-promotion/: the about page's opening block. */
export const aboutPromotionSchema = z.object({
  title: z.string(),
  title_ar: z.string(),
  subtitle: z.string(),
  subtitle_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  image: z.string(),
});
export type AboutPromotion = z.infer<typeof aboutPromotionSchema>;

/** GET /cms/about-page-our-story/ */
export const aboutStorySchema = z.object({
  title: z.string(),
  title_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  image: z.string(),
});
export type AboutStory = z.infer<typeof aboutStorySchema>;

/** GET /cms/key-benefits-of-trainee-feature/ */
export const keyBenefitsSchema = z.object({
  key_benefits_of_trainee_title1: z.string(),
  key_benefits_of_trainee_title1_ar: z.string(),
  key_benefits_of_trainee_title2: z.string(),
  key_benefits_of_trainee_title2_ar: z.string(),
  features: z.array(z.object({ id: z.number(), feature: z.string(), feature_ar: z.string() })),
  key_benefits_of_trainee_image: z.string(),
});
export type KeyBenefits = z.infer<typeof keyBenefitsSchema>;

/** GET /cms/become-a-trainer/ */
export const becomeTrainerSchema = z.object({
  image: z.string(),
  title1: z.string(),
  title1_ar: z.string(),
  title2: z.string(),
  title2_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  features: z.array(z.object({ feature: z.string(), feature_ar: z.string() })),
});
export type BecomeTrainer = z.infer<typeof becomeTrainerSchema>;

/** GET /cms/get-in-touch-title/: the contact block's heading. */
export const getInTouchTitleSchema = z.object({
  get_in_touch_title1: z.string(),
  get_in_touch_title1_ar: z.string(),
  get_in_touch_title2: z.string(),
  get_in_touch_title2_ar: z.string(),
  get_in_touch_description: z.string(),
  get_in_touch_description_ar: z.string(),
});
export type GetInTouchTitle = z.infer<typeof getInTouchTitleSchema>;
