import { FAILURES } from '@contract/messages/failures';
import {
  type ConfirmationResponse,
  confirmationResponseSchema,
  type LoginAnswer,
  type LoginCodeRequest,
  type LoginCodeResendRequest,
  type LoginRequest,
  type LoginResponse,
  loginAnswerSchema,
  loginResponseSchema,
  type OtpVerifyRequest,
  type OtpVerifyResponse,
  otpVerifyResponseSchema,
  type PasswordResetRequest,
  type RegistrationRequest,
  type RegistrationResponse,
  registrationResponseSchema,
  type SetPasswordRequest,
} from '@contract/wire/identity';
import type { ApiClient } from './client';

/** POST /user/login/: the session, or (a staff account) the second factor it waits for. */
export function login(api: ApiClient, body: LoginRequest): Promise<LoginAnswer> {
  return api.public(loginAnswerSchema, '/user/login/', { method: 'POST', body, fallback: FAILURES.login });
}

/** POST /user/login/code/ (not in the spec): a staff sign-in's mailed code, for the session. */
export function verifyLoginCode(api: ApiClient, body: LoginCodeRequest): Promise<LoginResponse> {
  return api.public(loginResponseSchema, '/user/login/code/', {
    method: 'POST',
    body,
    fallback: FAILURES.login,
  });
}

/** POST /user/login/code/resend/ (not in the spec): a new code for the same staff sign-in. */
export function resendLoginCode(api: ApiClient, body: LoginCodeResendRequest): Promise<ConfirmationResponse> {
  return api.public(confirmationResponseSchema, '/user/login/code/resend/', { method: 'POST', body });
}

/** POST /user/registration/ as multipart; the code goes to the e-mail address. */
export function register(api: ApiClient, request: RegistrationRequest): Promise<RegistrationResponse> {
  const body = new FormData();
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined) continue;
    if (value instanceof Blob) body.append(key, value, (value as { name?: string }).name ?? 'cv');
    else body.append(key, String(value));
  }
  return api.public(registrationResponseSchema, '/user/registration/', {
    method: 'POST',
    body,
    fallback: FAILURES.register,
  });
}

/** POST /user/otp-verify/ */
export function verifyOtp(api: ApiClient, body: OtpVerifyRequest): Promise<OtpVerifyResponse> {
  return api.public(otpVerifyResponseSchema, '/user/otp-verify/', {
    method: 'POST',
    body,
    fallback: FAILURES.verify,
  });
}

/** POST /user/reset-password/: sends a password-reset code. */
export function requestPasswordReset(
  api: ApiClient,
  body: PasswordResetRequest,
): Promise<ConfirmationResponse> {
  return api.public(confirmationResponseSchema, '/user/reset-password/', {
    method: 'POST',
    body,
    fallback: FAILURES.sendOtp,
  });
}

/**
 * POST /user/resend-otp/ (not in the spec): a new sign-up code for an account that still waits for
 * its own. The same answer whether or not one waits.
 */
export function resendOtp(api: ApiClient, body: PasswordResetRequest): Promise<ConfirmationResponse> {
  return api.public(confirmationResponseSchema, '/user/resend-otp/', {
    method: 'POST',
    body,
    fallback: FAILURES.sendOtp,
  });
}

/** POST /user/set-password/ with the reset token from /user/otp-verify/. */
export function setPassword(api: ApiClient, body: SetPasswordRequest): Promise<ConfirmationResponse> {
  return api.public(confirmationResponseSchema, '/user/set-password/', { method: 'POST', body });
}
