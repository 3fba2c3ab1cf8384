/**
 * Pieces shared by the identity machines: form values, per-field messages, and how a failed call
 * is reduced to the sentence shown in the alert box. Pure: no DOM, no network.
 */

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

/** Keeps only digits, at most `length` of them: typing, pasting or autofill of a code. */
export function codeDigits(raw: string, length: number): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

/** What an action or guard that reads a failed call is given: the call's error. */
export interface Failure {
  error: unknown;
}

/** The params of such an action or guard, taken from the `onError` event of an invoked call. */
export function failureOf({ event }: { event: { error: unknown } }): Failure {
  return { error: event.error };
}
