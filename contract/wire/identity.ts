import { userSchema } from '@contract/wire/auth';
import * as z from 'zod/mini';

/**
 * Signing in, signing up and resetting a password (spec section 5; the staff's second factor): the
 * calls of the dialogs, loaded with them. The session's own calls (refresh, sign-out): auth.ts.
 */

export const loginRequestSchema = /* @__PURE__ */ z.object({
  username: z.string(),
  password: z.string(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  data: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * POST /user/login/ for a staff account (not in the spec): the password was right, and a code of
 * OTP_LENGTH digits was mailed to `sent_to` (the address, partly hidden). The code and `challenge`
 * go to POST /user/login/code/ for the tokens.
 */
export const secondFactorResponseSchema = /* @__PURE__ */ z.object({
  success: z.literal(true),
  second_factor: z.object({
    challenge: z.string().check(z.minLength(1)),
    sent_to: z.string(),
  }),
});
export type SecondFactorResponse = z.infer<typeof secondFactorResponseSchema>;

/** What POST /user/login/ answers: the session, or (staff) the second factor it waits for. */
export const loginAnswerSchema = /* @__PURE__ */ z.union([loginResponseSchema, secondFactorResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /user/login/code/: the mailed code of a staff sign-in; answered like a sign-in. */
export const loginCodeRequestSchema = /* @__PURE__ */ z.object({
  challenge: z.string().check(z.minLength(1), z.maxLength(2000)),
  code: z.string().check(z.maxLength(50)),
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequestSchema>;

/** POST /user/login/code/resend/: a new code for the same sign-in. */
export const loginCodeResendRequestSchema = /* @__PURE__ */ z.object({
  challenge: z.string().check(z.minLength(1), z.maxLength(2000)),
});
export type LoginCodeResendRequest = z.infer<typeof loginCodeResendRequestSchema>;

/** POST /user/registration/ (multipart): the fields; `cv` is an optional file for trainers. */
export interface RegistrationRequest {
  full_name: string;
  email: string;
  phone_number: string;
  govt_id_or_iqama_no: string;
  password: string;
  confirm_password: string;
  role: 'TRAINEE' | 'TRAINER';
  cv?: Blob & { name?: string };
}

export const registrationResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ email: z.string() }),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const otpVerifyRequestSchema = /* @__PURE__ */ z.object({
  email_or_phone: z.string(),
  otp_code: z.string(),
});
export type OtpVerifyRequest = z.infer<typeof otpVerifyRequestSchema>;

/**
 * After a sign-up code: tokens and the user (none for a trainer awaiting approval).
 * After a password-reset code: `token`, the reset token for /user/set-password/.
 */
export const otpVerifyResponseSchema = z.object({
  success: z.boolean(),
  access_token: z.optional(z.string()),
  refresh_token: z.optional(z.string()),
  data: z.optional(userSchema),
  token: z.optional(z.string()),
});
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponseSchema>;

export const passwordResetRequestSchema = /* @__PURE__ */ z.object({ email_or_phone: z.string() });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const setPasswordRequestSchema = /* @__PURE__ */ z.object({
  new_password: z.string(),
  confirm_password: z.string(),
  token: z.string(),
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

/** Replies that only confirm: /user/reset-password/ and /user/set-password/. */
export const confirmationResponseSchema = z.object({
  success: z.boolean(),
  message: z.optional(z.string()),
});
export type ConfirmationResponse = z.infer<typeof confirmationResponseSchema>;
