import {
  normaliseCode,
  normaliseGovtId,
  normalisePhone,
  OTP_LENGTH,
  REGISTRATION_FIELDS,
  type RegistrationForm,
  registrationFormSchema,
} from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type {
  ConfirmationResponse,
  OtpVerifyResponse,
  PasswordResetRequest,
  RegistrationRequest,
  RegistrationResponse,
} from '@contract/wire/identity';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  alertOf,
  type Errors,
  type Failure,
  type FormContext,
  failureOf,
  isOtpRefusal,
  statusOf,
  withField,
} from './forms';
import { refusedFieldErrors, refusedFields } from './refusal';
import type { Audience } from './signIn.machine';

export interface SignUpContext extends FormContext<RegistrationForm> {
  audience: Audience;
  cv: (Blob & { name?: string }) | null;
  /** Remembered from the registration reply for the OTP step. */
  email: string | null;
  otp: string;
  /**
   * Where the code step was opened from: the form, or a sign-in refused because the account still
   * waits for its code (the step then goes back to the sign-in).
   */
  origin: 'form' | 'signIn';
  /** The form's address already has a code on its way (the server said so): its step can open. */
  codeSent: boolean;
}

export type SignUpEvent =
  | { type: 'field.change'; name: keyof RegistrationForm; value: string }
  | { type: 'cv.change'; file: (Blob & { name?: string }) | null }
  | { type: 'form.submit' }
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.back' }
  /** 'Send a new code': a new code replaces the one sent before. */
  | { type: 'otp.resend' }
  /** From the form, once the server said a code is on its way to that address. */
  | { type: 'otp.open' }
  | { type: 'success.close' }
  /** Escape, the close button or a click outside, at any step. */
  | { type: 'dialog.close' };

const emptyForm: RegistrationForm = {
  full_name: '',
  email: '',
  phone_number: '',
  govt_id_or_iqama_no: '',
  password: '',
  confirm_password: '',
};

/** The field sentences of a 400 answer (a taken address or id number, a code already sent…). */
function fieldErrorsOf(error: unknown): Errors<RegistrationForm> {
  if (statusOf(error) !== 400) return {};
  return refusedFieldErrors(error, (field) => REGISTRATION_FIELDS.find((name) => name === field));
}

export const signUpMachine = setup({
  types: {
    /**
     * `email`: the address the form starts with (an invitation's). `verify`: the account of `email`
     * waits for its code (a refused sign-in): the code step opens at once.
     */
    input: {} as { audience: Audience; email?: string | undefined; verify?: boolean | undefined },
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
  },
  actors: {
    register: fromPromise<RegistrationResponse, RegistrationRequest>(async () => {
      throw new Error('register is supplied by the application');
    }),
    verifyOtp: fromPromise<OtpVerifyResponse, { email_or_phone: string; otp_code: string }>(async () => {
      throw new Error('verifyOtp is supplied by the application');
    }),
    resendOtp: fromPromise<ConfirmationResponse, PasswordResetRequest>(async () => {
      throw new Error('resendOtp is supplied by the application');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(registrationFormSchema, context.values)).length === 0,
    otpComplete: ({ context }) => context.otp.length === OTP_LENGTH,
    signedInByOtp: (_, { reply }: { reply: OtpVerifyResponse }) =>
      Boolean(reply.access_token && reply.refresh_token && reply.data),
    otpRefused: (_, { error }: Failure) => isOtpRefusal(error),
    fieldsRefused: (_, { error }: Failure) => Object.keys(fieldErrorsOf(error)).length > 0,
    codeSent: ({ context }) => context.codeSent,
    fromSignIn: ({ context }) => context.origin === 'signIn',
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      // Another address has no code on its way.
      return {
        ...withField(context, event.name, event.value),
        codeSent: context.codeSent && event.name !== 'email',
      };
    }),
    changeCv: assign(({ event }) => {
      assertEvent(event, 'cv.change');
      return { cv: event.file };
    }),
    showErrors: assign({ errors: ({ context }) => validate(registrationFormSchema, context.values) }),
    clearAlert: assign({ alert: null }),
    showRegisterAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.register) }),
    /** Each refused detail at its field; 'a code was sent a moment ago' lets the code step open. */
    showFieldErrors: assign((_, { error }: Failure) => {
      const errors = fieldErrorsOf(error);
      // A detail of no text field (the CV's) is said in the alert box.
      const other = refusedFields(error).find(
        ({ field }) => !REGISTRATION_FIELDS.some((name) => name === field),
      );
      return {
        errors,
        alert: other?.message ?? null,
        codeSent: errors.email === SERVER_MESSAGES.codeSentRecently,
      };
    }),
    showResendAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.sendOtp) }),
    openCodeStep: assign(({ context }) => ({ email: context.values.email.trim(), otp: '', alert: null })),
    showVerifyAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.verify) }),
    rememberEmail: assign(({ context }, { reply }: { reply: RegistrationResponse }) => ({
      email: reply.data.email ?? context.values.email.trim(),
      otp: '',
      alert: null,
      codeSent: true,
    })),
    changeOtp: assign(({ event }) => {
      assertEvent(event, 'otp.change');
      return { otp: normaliseCode(event.value), alert: null };
    }),
    clearOtp: assign({ otp: '' }),
    focusFirstInvalid: () => {},
    /** The toast 'Successfully signed up'. */
    announceSignedUp: () => {},
    /** The toast 'Successfully OTP Verified'. */
    announceOtpVerified: () => {},
    /** The toast 'Invalid OTP Code'. */
    announceInvalidOtp: () => {},
    /** The toast 'OTP sent successfully'. */
    announceOtpSent: () => {},
    /** Opens the sign-in dialog again (the code step was opened from it). */
    backToSignIn: () => {},
    startSession: (_, _params: { reply: OtpVerifyResponse }) => {},
    /** A trainee's success modal closes to /profile. */
    goToProfile: () => {},
    closeDialog: () => {},
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    audience: input.audience,
    values: { ...emptyForm, email: input.email ?? '' },
    errors: {},
    alert: null,
    cv: null,
    email: input.verify ? (input.email ?? null) : null,
    otp: '',
    origin: input.verify ? 'signIn' : 'form',
    codeSent: false,
  }),
  initial: 'opening',
  on: { 'dialog.close': { target: '.closed', actions: 'closeDialog' } },
  states: {
    opening: {
      always: [{ guard: 'fromSignIn', target: 'otp' }, { target: 'form' }],
    },
    form: {
      on: {
        'otp.open': { guard: 'codeSent', target: 'otp', actions: 'openCodeStep' },
        'field.change': { actions: 'changeField' },
        'cv.change': { actions: 'changeCv' },
        'form.submit': [
          { guard: 'formValid', target: 'registering', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          ...context.values,
          full_name: context.values.full_name.trim(),
          email: context.values.email.trim(),
          phone_number: normalisePhone(context.values.phone_number),
          govt_id_or_iqama_no: normaliseGovtId(context.values.govt_id_or_iqama_no),
          role: context.audience === 'trainer' ? 'TRAINER' : 'TRAINEE',
          ...(context.audience === 'trainer' && context.cv ? { cv: context.cv } : {}),
        }),
        onDone: {
          target: 'otp',
          actions: [
            { type: 'rememberEmail', params: ({ event }) => ({ reply: event.output }) },
            'announceSignedUp',
          ],
        },
        onError: [
          {
            guard: { type: 'fieldsRefused', params: failureOf },
            target: 'form',
            actions: [{ type: 'showFieldErrors', params: failureOf }, 'focusFirstInvalid'],
          },
          { target: 'form', actions: { type: 'showRegisterAlert', params: failureOf } },
        ],
      },
    },
    otp: {
      on: {
        'otp.change': { actions: 'changeOtp' },
        'otp.submit': { guard: 'otpComplete', target: 'verifying' },
        'otp.resend': { target: 'resending', actions: 'clearAlert' },
        'otp.back': [
          { guard: 'fromSignIn', target: 'closed', actions: 'backToSignIn' },
          { target: 'form', actions: 'clearAlert' },
        ],
      },
    },
    resending: {
      invoke: {
        id: 'resendOtp',
        src: 'resendOtp',
        input: ({ context }) => ({ email_or_phone: context.email ?? '' }),
        onDone: { target: 'otp', actions: ['clearOtp', 'announceOtpSent'] },
        onError: { target: 'otp', actions: { type: 'showResendAlert', params: failureOf } },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context }) => ({ email_or_phone: context.email ?? '', otp_code: context.otp }),
        onDone: [
          {
            guard: { type: 'signedInByOtp', params: ({ event }) => ({ reply: event.output }) },
            target: 'registered',
            actions: [
              { type: 'startSession', params: ({ event }) => ({ reply: event.output }) },
              'announceOtpVerified',
            ],
          },
          { target: 'awaitingApproval', actions: 'announceOtpVerified' },
        ],
        onError: [
          {
            guard: { type: 'otpRefused', params: failureOf },
            target: 'otp',
            actions: ['clearOtp', 'announceInvalidOtp'],
          },
          { target: 'otp', actions: { type: 'showVerifyAlert', params: failureOf } },
        ],
      },
    },
    /** Trainee: 'Your registration is successfully completed!' */
    registered: {
      on: { 'success.close': { target: 'closed', actions: ['closeDialog', 'goToProfile'] } },
    },
    /** Trainer: waits for the admin's approval before signing in. */
    awaitingApproval: {
      on: { 'success.close': { target: 'closed', actions: 'closeDialog' } },
    },
    closed: { type: 'final' },
  },
});
