import { toLatinDigits } from '@contract/domain/digits';
import {
  atMost,
  type Rule as BaseRule,
  field,
  email as isEmail,
  longerThan,
  required,
} from '@contract/forms/rules';
import * as z from 'zod/mini';

/**
 * The identity forms' rules and messages (spec section 5), shared by the dialogs and the server.
 * Each field reports at most one message: the first rule it breaks.
 */
export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Password is required',
  passwordMin5: 'Password must be at least 5 characters',
  nameRequired: 'Name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number',
  phoneDigits: 'Phone number must contain only numbers',
  phoneMin: 'Phone number must be at least 5 characters',
  phoneMax: 'Phone number must be at most 13 characters',
  govtIdRequired: 'govt id or iqama no is required',
  govtIdDigits: 'govt id or iqama no must contain only numbers',
  govtIdMin: 'govt id or iqama no must be at least 10 characters',
  govtIdMax: 'govt id or iqama no must be at most 10 characters',
  passwordMin10: 'Password must be at least 10 characters',
  passwordRule:
    'Password must meet be at least one (A-Z),(a-z),(0-9) and one special character (@, #, $, *, !, +)',
  passwordWeakSequence: 'Password must not contain 1234321, asdf or qwert',
  confirmRequired: 'Confirm password is required',
  passwordsMustMatch: 'Passwords must match',
  emailOrPhoneRequired: 'Email/phone is required',
  otpMax: 'OTP have maximum 7 digit',
  otpLength: 'OTP must be exactly 7 digits',
  nameMax: 'Name must be at most 100 characters',
  emailMax: 'Email must be at most 254 characters',
  passwordMax: 'Password must be at most 128 characters',
  emailOrPhoneMax: 'Email/phone must be at most 254 characters',
} as const;

export type ValidationMessage = (typeof VALIDATION)[keyof typeof VALIDATION];

/** Spec section 9. */
export const OTP_LENGTH = 7;
export const PASSWORD_MIN = 10;
export const LOGIN_PASSWORD_MIN = 5;
export const PHONE_MIN = 5;
export const PHONE_MAX = 13;
export const GOVT_ID_LENGTH = 10;
export const WEAK_SEQUENCES = ['1234321', 'asdf', 'qwert'] as const;

/**
 * Longest values, in characters (Unicode code points): a name as a person writes it, an e-mail
 * address as SMTP allows (RFC 5321), a password far beyond what a password manager makes (and
 * cheap to hash). Phone and id numbers are checked after their spaces go: the typed text gets room
 * for spaces and no more.
 */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;
export const TYPED_NUMBER_MAX = 32;

type Rule = BaseRule<ValidationMessage>;

/** A password of at most PASSWORD_MAX characters, spaces included. */
const passwordMax: Rule = (value) => (longerThan(value, PASSWORD_MAX) ? VALIDATION.passwordMax : null);

const email: Rule = isEmail(VALIDATION.emailInvalid);

/** Spaces are removed, and digits written 0–9, before the phone number is checked and sent. */
export function normalisePhone(value: string): string {
  return toLatinDigits(value).replace(/\s+/g, '');
}

/** What names an account in the password reset: an e-mail address as typed, or else a phone number. */
export function normaliseEmailOrPhone(value: string): string {
  return value.includes('@') ? value.trim() : normalisePhone(value);
}

/** Spaces around go, and digits are written 0–9, before the id number is checked and sent. */
export function normaliseGovtId(value: string): string {
  return toLatinDigits(value).trim();
}

/**
 * A verification code as typed, pasted or filled in: digits written 0–9, everything else (spaces,
 * dashes) dropped. Not cut at OTP_LENGTH: a longer code is said to be too long, not shortened.
 */
export function normaliseCode(value: string): string {
  return toLatinDigits(value).replace(/\D/g, '').slice(0, TYPED_NUMBER_MAX);
}

const phone: Rule = (raw) => {
  if (raw.length > TYPED_NUMBER_MAX) return VALIDATION.phoneMax;
  const value = normalisePhone(raw);
  if (!value) return null;
  if (!/^\d+$/.test(value)) return VALIDATION.phoneDigits;
  if (value.length < PHONE_MIN) return VALIDATION.phoneMin;
  if (value.length > PHONE_MAX) return VALIDATION.phoneMax;
  return null;
};

const govtId: Rule = (raw) => {
  if (raw.length > TYPED_NUMBER_MAX) return VALIDATION.govtIdMax;
  const value = normaliseGovtId(raw);
  if (!/^\d+$/.test(value)) return VALIDATION.govtIdDigits;
  if (value.length < GOVT_ID_LENGTH) return VALIDATION.govtIdMin;
  if (value.length > GOVT_ID_LENGTH) return VALIDATION.govtIdMax;
  return null;
};

/** At least 10 characters with A-Z, a-z, 0-9 and one of @ # $ * ! +, without weak sequences. */
export const strongPassword: Rule = (value) => {
  if (value.length < PASSWORD_MIN) return VALIDATION.passwordMin10;
  if (!/[A-Z]/.test(value) || !/[a-z]/.test(value) || !/\d/.test(value) || !/[@#$*!+]/.test(value)) {
    return VALIDATION.passwordRule;
  }
  const lower = value.toLowerCase();
  if (WEAK_SEQUENCES.some((sequence) => lower.includes(sequence))) return VALIDATION.passwordWeakSequence;
  return null;
};

function confirmation<T extends { confirm_password: string }>(password: (values: T) => string) {
  return z.superRefine<T>(
    (values, ctx) => {
      if (values.confirm_password && values.confirm_password !== password(values)) {
        ctx.issues.push({
          code: 'custom',
          message: VALIDATION.passwordsMustMatch,
          path: ['confirm_password'],
          input: values.confirm_password,
        });
      }
    },
    // Also when other fields are wrong, so every message shows at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

export const loginFormSchema = z.object({
  username: field(required(VALIDATION.emailRequired), atMost(EMAIL_MAX, VALIDATION.emailMax), email),
  password: field(
    required(VALIDATION.passwordRequired),
    (value) => (value.length < LOGIN_PASSWORD_MIN ? VALIDATION.passwordMin5 : null),
    passwordMax,
  ),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

const registrationFields = {
  full_name: field(required(VALIDATION.nameRequired), atMost(NAME_MAX, VALIDATION.nameMax)),
  email: field(required(VALIDATION.emailRequired), atMost(EMAIL_MAX, VALIDATION.emailMax), email),
  /** Optional on sign-up (the spec's second reading), validated when given. */
  phone_number: field(phone),
  govt_id_or_iqama_no: field(required(VALIDATION.govtIdRequired), govtId),
  password: field(required(VALIDATION.passwordRequired), passwordMax, strongPassword),
  confirm_password: field(required(VALIDATION.confirmRequired), passwordMax),
};

export const registrationFormSchema = z
  .object(registrationFields)
  .check(confirmation((values) => values.password));
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** The sign-up form's text fields, in the form's order. */
export const REGISTRATION_FIELDS = [
  'full_name',
  'email',
  'phone_number',
  'govt_id_or_iqama_no',
  'password',
  'confirm_password',
] as const satisfies readonly (keyof RegistrationForm)[];

export const forgotPasswordFormSchema = z.object({
  email_or_phone: field(
    required(VALIDATION.emailOrPhoneRequired),
    atMost(EMAIL_MAX, VALIDATION.emailOrPhoneMax),
  ),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const otpFormSchema = z.object({
  otp_code: field((raw) => {
    if (normaliseCode(raw).length > OTP_LENGTH) return VALIDATION.otpMax;
    return /^\d{7}$/.test(toLatinDigits(raw.trim())) ? null : VALIDATION.otpLength;
  }),
});
export type OtpForm = z.infer<typeof otpFormSchema>;

export const resetPasswordFormSchema = z
  .object({
    new_password: field(required(VALIDATION.passwordRequired), passwordMax, strongPassword),
    confirm_password: field(required(VALIDATION.confirmRequired), passwordMax),
  })
  .check(confirmation((values) => values.new_password));
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
