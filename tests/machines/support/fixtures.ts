import type { User } from '@contract/wire/auth';
import type { LoginResponse, OtpVerifyResponse } from '@contract/wire/identity';
import { ApiError } from '../../../src/api/errors.ts';

/**
 * Replies and failures shaped like the ones the API client hands to the identity machines.
 */

export const trainee: User = {
  id: 17,
  full_name: 'Huda Saleh',
  email: 'huda@example.com',
  phone_number: '0555123456',
  role: 'TRAINEE',
  image: null,
};

/** POST /user/login/ for a trainee. */
export const loginReply: LoginResponse = {
  success: true,
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  data: trainee,
};

/** POST /user/otp-verify/ after a trainee's sign-up code: signed in at once. */
export const otpSignedIn: OtpVerifyResponse = {
  success: true,
  access_token: 'access-7',
  refresh_token: 'refresh-7',
  data: trainee,
};

/** POST /user/otp-verify/ after a trainer's sign-up code: no tokens until an admin approves. */
export const otpAwaitingApproval: OtpVerifyResponse = { success: true };

/** POST /user/otp-verify/ after a password-reset code. */
export const otpResetToken: OtpVerifyResponse = { success: true, token: 'reset-token-3f9a' };

/** A refusal as the API client reports it: the server's message, or the caller's fallback. */
export function httpFailure(status: number, message: string): ApiError {
  return new ApiError(message, 'http', status);
}

/** A failure that carries no message of its own, so the machine's fallback sentence is shown. */
export function silentFailure(status: number): { status: number } {
  return { status };
}

/** The first field with a message, in form order, or null when the form is valid. */
export function firstInvalid(errors: Record<string, unknown>): string | null {
  return Object.keys(errors)[0] ?? null;
}
