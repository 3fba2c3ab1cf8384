import * as z from 'zod/mini';
import {
  EMAIL_MAX,
  normaliseGovtId,
  normalisePhone,
  PASSWORD_MAX,
  registrationFormSchema,
  strongPassword,
  VALIDATION,
} from './auth-forms';
import { roleSchema } from './common';
import { atMost, field, email as isEmail, longerThan, required } from './rules';

/**
 * The profile screen (spec section 3 "Profile edit"): its calls, its forms' rules and the sentences
 * the server says about them. The fields a person typed at sign-up keep the sign-up rules and
 * messages (auth-forms.ts); the server checks the same schemas.
 */

/** Spec section 3: who the person is, beyond the role. */
export const USER_TYPES = ['Student', 'Govt Employee', 'Private Sector', 'Others'] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

/** Spec section 3: the picture shown for a person without a photo (a file the web app serves). */
export const STOCK_AVATAR = '/media/avatars/person.svg';

/** A photo: JPEG, PNG or WebP (recognised by its bytes), of at most 2 MB. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PROFILE_VALIDATION = {
  userTypeRequired: 'User type is required',
  userTypeInvalid: 'User type must be Student, Govt Employee, Private Sector or Others',
  currentPasswordRequired: 'Current password is required',
  samePassword: 'The new password must be different from the current one',
} as const;

/** Sentences the reference server sends for the profile's calls. */
export const PROFILE_MESSAGES = {
  phoneTaken: 'A user with this phone number already exists',
  sameEmail: 'This is already your e-mail address',
  noEmailChange: 'There is no e-mail change to confirm. Ask for a new code',
  wrongPassword: 'The password is not correct',
  passwordChanged: 'Your password has been changed',
  accountClosed: 'Your account has been closed',
  closedAccountSignIn: 'This account has been closed. You can sign up again with this e-mail address',
  photoRequired: 'Choose a photo to upload',
  photoType: 'The photo must be a JPEG, PNG or WebP image',
  photoTooLarge: 'The photo must not be larger than 2 MB',
  photoMultipart: 'The photo must be sent as multipart/form-data',
} as const;

export type ProfileValidationMessage = (typeof PROFILE_VALIDATION)[keyof typeof PROFILE_VALIDATION];
export type ProfileMessage = (typeof PROFILE_MESSAGES)[keyof typeof PROFILE_MESSAGES];

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

const signUp = registrationFormSchema.shape;

const userType = field<ProfileValidationMessage>(required(PROFILE_VALIDATION.userTypeRequired), (value) =>
  (USER_TYPES as readonly string[]).includes(value) ? null : PROFILE_VALIDATION.userTypeInvalid,
);

/**
 * PATCH /user/profile/: the details a person may change at once. The name, phone and id follow the
 * sign-up rules (the phone stays optional); the e-mail address changes through its own code.
 */
export const profileFormSchema = z.object({
  full_name: signUp.full_name,
  phone_number: signUp.phone_number,
  govt_id_or_iqama_no: signUp.govt_id_or_iqama_no,
  user_type: userType,
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
export type ProfileRequest = Omit<ProfileForm, 'user_type'> & { user_type: UserType };

/** The edit form as the screen shows it: the e-mail address too, sent apart when it changed. */
export const profileEditFormSchema = z.object({
  ...profileFormSchema.shape,
  email: field(
    required(VALIDATION.emailRequired),
    atMost(EMAIL_MAX, VALIDATION.emailMax),
    isEmail(VALIDATION.emailInvalid),
  ),
});
export type ProfileEditForm = z.infer<typeof profileEditFormSchema>;

/** What is sent: phone without spaces (null when blank), id and digits written 0–9, name trimmed. */
export function profileRequestOf(values: ProfileForm): ProfileRequest {
  return {
    full_name: values.full_name.trim(),
    phone_number: normalisePhone(values.phone_number),
    govt_id_or_iqama_no: normaliseGovtId(values.govt_id_or_iqama_no),
    user_type: userTypeSchema.parse(values.user_type),
  };
}

/** POST /user/profile/email/: the new address, where the code goes. */
export const emailChangeFormSchema = z.object({ email: profileEditFormSchema.shape.email });
export type EmailChangeRequest = z.infer<typeof emailChangeFormSchema>;

/** POST /user/profile/email/confirm/: the code mailed to the new address. */
export interface EmailConfirmRequest {
  otp_code: string;
}

/** A password as typed to confirm who one is: required, at most PASSWORD_MAX characters. */
const currentPassword = (message: ProfileValidationMessage | typeof VALIDATION.passwordRequired) =>
  field(required(message), (value) => (longerThan(value, PASSWORD_MAX) ? VALIDATION.passwordMax : null));

/** POST /user/change-password/: the current password, and the new one by the sign-up rule. */
export const changePasswordFormSchema = z
  .object({
    current_password: currentPassword(PROFILE_VALIDATION.currentPasswordRequired),
    new_password: field(
      required(VALIDATION.passwordRequired),
      (value) => (longerThan(value, PASSWORD_MAX) ? VALIDATION.passwordMax : null),
      strongPassword,
    ),
    confirm_password: field(required(VALIDATION.confirmRequired)),
  })
  .check(
    z.superRefine(
      (values, ctx) => {
        if (values.new_password && values.new_password === values.current_password) {
          ctx.issues.push({
            code: 'custom',
            message: PROFILE_VALIDATION.samePassword,
            path: ['new_password'],
            input: values.new_password,
          });
        }
        if (values.confirm_password && values.confirm_password !== values.new_password) {
          ctx.issues.push({
            code: 'custom',
            message: VALIDATION.passwordsMustMatch,
            path: ['confirm_password'],
            input: values.confirm_password,
          });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The password changed: the other sessions ended, and this one goes on with these tokens. */
export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** POST /user/close-account/: the password once more. */
export const closeAccountFormSchema = z.object({
  password: currentPassword(VALIDATION.passwordRequired),
});
export type CloseAccountForm = z.infer<typeof closeAccountFormSchema>;
