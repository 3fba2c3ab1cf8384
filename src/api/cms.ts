import type { CourseRequestForm, GetInTouchForm } from '@contract/forms/public';
import {
  type AboutPromotion,
  type AboutStory,
  aboutPromotionSchema,
  aboutStorySchema,
  type BecomeTrainer,
  becomeTrainerSchema,
  type CentreDetails,
  centreDetailsSchema,
  type GetInTouchTitle,
  getInTouchTitleSchema,
  type HeroSection,
  heroSectionSchema,
  type KeyBenefits,
  keyBenefitsSchema,
} from '@contract/wire/cms';
import { type Confirmation, confirmationSchema } from '@contract/wire/common';
import type { ApiClient } from './client';

/** GET /cms/king-fahad-details/: the centre's details shown in the footer. */
export function getCentreDetails(api: ApiClient): Promise<CentreDetails> {
  return api.public(centreDetailsSchema, '/cms/king-fahad-details/');
}

/** GET /cms/hero-section/: the home banner. */
export function getHeroSection(api: ApiClient): Promise<HeroSection> {
  return api.public(heroSectionSchema, '/cms/hero-section/');
}

/** GET /cms/about-page-promotion/ */
export function getAboutPromotion(api: ApiClient): Promise<AboutPromotion> {
  return api.public(aboutPromotionSchema, '/cms/about-page-promotion/');
}

/** GET /cms/about-page-our-story/ */
export function getAboutStory(api: ApiClient): Promise<AboutStory> {
  return api.public(aboutStorySchema, '/cms/about-page-our-story/');
}

/** GET /cms/key-benefits-of-trainee-feature/ */
export function getKeyBenefits(api: ApiClient): Promise<KeyBenefits> {
  return api.public(keyBenefitsSchema, '/cms/key-benefits-of-trainee-feature/');
}

/** GET /cms/become-a-trainer/ */
export function getBecomeTrainer(api: ApiClient): Promise<BecomeTrainer> {
  return api.public(becomeTrainerSchema, '/cms/become-a-trainer/');
}

/** GET /cms/get-in-touch-title/ */
export function getGetInTouchTitle(api: ApiClient): Promise<GetInTouchTitle> {
  return api.public(getInTouchTitleSchema, '/cms/get-in-touch-title/');
}

/** POST /cms/get-in-touch/: the contact form; answers 'Request Sent Successfully'. */
export function sendGetInTouch(api: ApiClient, body: GetInTouchForm): Promise<Confirmation> {
  return api.public(confirmationSchema, '/cms/get-in-touch/', { method: 'POST', body });
}

/** POST /cms/request-course/: answers 'Course Request is Successfully'. */
export function requestCourse(api: ApiClient, body: CourseRequestForm): Promise<Confirmation> {
  return api.public(confirmationSchema, '/cms/request-course/', { method: 'POST', body });
}
