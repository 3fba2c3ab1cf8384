import {
  aboutPromotionSchema,
  aboutStorySchema,
  becomeTrainerSchema,
  getInTouchTitleSchema,
  heroSectionSchema,
  keyBenefitsSchema,
} from '@contract/wire/cms';
import type * as z from 'zod/mini';

/** The public pages' content blocks: each served under /cms/<key>/, in the shape of its schema. */
export const CMS_BLOCK_SCHEMAS = {
  'hero-section': heroSectionSchema,
  'about-page-promotion': aboutPromotionSchema,
  'about-page-our-story': aboutStorySchema,
  'key-benefits-of-trainee-feature': keyBenefitsSchema,
  'become-a-trainer': becomeTrainerSchema,
  'get-in-touch-title': getInTouchTitleSchema,
} as const satisfies Record<string, z.ZodMiniType<object>>;

export type CmsBlockKey = keyof typeof CMS_BLOCK_SCHEMAS;
