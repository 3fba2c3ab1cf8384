/**
 * Pieces shared by the identity machines: form values, per-field messages, and how a failed call
 * is reduced to the sentence shown in the alert box. Pure: no DOM, no network.
 */

import { OTP_LENGTH, VALIDATION } from '@contract/forms/auth';

/** English message keys; the view translates them. */
export type Errors<T> = Partial<Record<keyof T & string, string>>;

export interface FormContext<T> {
  values: T;
  errors: Errors<T>;
  /** The alert box text after a refused call (spec section 8), or null. */
  alert: string | null;
}

/** The message a failed call carries (ApiError.message is already normalised), else the fallback. */
export function alertOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** Spec section 8: an OTP refused with 400 or 401 is 'Invalid OTP Code'. */
export function isOtpRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status === 400 || status === 401;
}

/** A new value for one field; that field's message goes away until the next submit. */
export function withField<T extends object>(
  context: FormContext<T>,
  name: keyof T & string,
  value: T[keyof T & string],
): Pick<FormContext<T>, 'values' | 'errors'> {
  const errors = { ...context.errors };
  delete errors[name];
  return { values: { ...context.values, [name]: value }, errors };
}

/** What an action or guard that reads a failed call is given: the call's error. */
export interface Failure {
  error: unknown;
}

/** The params of such an action or guard, taken from the `onError` event of an invoked call. */
export function failureOf({ event }: { event: { error: unknown } }): Failure {
  return { error: event.error };
}

/** What the code dialog shows, in the sign-up and the password reset alike. */
export interface OtpStepView {
  step: 'otp';
  /** Where the code was sent. */
  destination: string;
  /** The digits typed so far, written 0–9. */
  code: string;
  /** 'OTP have maximum 7 digit' once more digits are typed than a code has; null otherwise. */
  error: string | null;
  /** As many digits as a code has: the code can be sent. */
  complete: boolean;
  alert: string | null;
  /** The code is being checked. */
  busy: boolean;
  /** A new code is being sent ('Send a new code'). */
  resending: boolean;
}

export function otpStepView(
  code: string,
  destination: string,
  { alert, busy, resending }: { alert: string | null; busy: boolean; resending: boolean },
): OtpStepView {
  return {
    step: 'otp',
    destination,
    code,
    error: code.length > OTP_LENGTH ? VALIDATION.otpMax : null,
    complete: code.length === OTP_LENGTH,
    alert,
    busy,
    resending,
  };
}
