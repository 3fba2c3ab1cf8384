import { roleSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

/** The profile screen's calls (spec section 3 "Profile edit"); their forms: forms/profile.ts. */

/** Spec section 3: who the person is, beyond the role. */
export const USER_TYPES = ['Student', 'Govt Employee', 'Private Sector', 'Others'] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

/** Spec section 3: the picture shown for a person without a photo (a file the web app serves). */
export const STOCK_AVATAR = '/media/avatars/person.svg';

/** A photo: JPEG, PNG or WebP (recognised by its bytes), of at most 2 MB. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** GET, PATCH /user/profile/ and the other profile calls answer with the whole profile. */
export const profileSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  govt_id_or_iqama_no: z.nullable(z.string()),
  user_type: z.nullable(userTypeSchema),
  role: roleSchema,
  /** The photo's address, or null: the stock avatar is shown then. */
  image: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /user/profile/email/confirm/: the code mailed to the new address. */
export interface EmailConfirmRequest {
  otp_code: string;
}

/** The password changed: the other sessions ended, and this one goes on with these tokens. */
export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
