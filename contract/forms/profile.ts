import {
  EMAIL_MAX,
  normaliseGovtId,
  normalisePhone,
  PASSWORD_MAX,
  registrationFormSchema,
  strongPassword,
  VALIDATION,
} from '@contract/forms/auth';
import { atMost, field, email as isEmail, longerThan, required } from '@contract/forms/rules';
import { USER_TYPES, type UserType, userTypeSchema } from '@contract/wire/profile';
import * as z from 'zod/mini';

/**
 * The profile screen's forms (spec section 3 "Profile edit"): their rules and sentences. The fields
 * a person typed at sign-up keep the sign-up rules and messages (./auth.ts); the server checks the
 * same schemas. The calls: wire/profile.ts; what the server says about them: messages/profile.ts.
 */

export const PROFILE_VALIDATION = {
  userTypeRequired: 'User type is required',
  userTypeInvalid: 'User type must be Student, Govt Employee, Private Sector or Others',
  currentPasswordRequired: 'Current password is required',
  samePassword: 'The new password must be different from the current one',
} as const;

export type ProfileValidationMessage = (typeof PROFILE_VALIDATION)[keyof typeof PROFILE_VALIDATION];

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

/** POST /user/close-account/: the password once more. */
export const closeAccountFormSchema = z.object({
  password: currentPassword(VALIDATION.passwordRequired),
});
export type CloseAccountForm = z.infer<typeof closeAccountFormSchema>;
