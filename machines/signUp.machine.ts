import {
  normaliseCode,
  normaliseGovtId,
  normalisePhone,
  OTP_LENGTH,
  type RegistrationForm,
  registrationFormSchema,
} from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import type { OtpVerifyResponse, RegistrationRequest, RegistrationResponse } from '@contract/wire/auth';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, type FormContext, failureOf, isOtpRefusal, withField } from './forms';
import type { Audience } from './signIn.machine';

export interface SignUpContext extends FormContext<RegistrationForm> {
  audience: Audience;
  cv: (Blob & { name?: string }) | null;
  /** Remembered from the registration reply for the OTP step. */
  email: string | null;
  otp: string;
}

export type SignUpEvent =
  | { type: 'field.change'; name: keyof RegistrationForm; value: string }
  | { type: 'cv.change'; file: (Blob & { name?: string }) | null }
  | { type: 'form.submit' }
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.back' }
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

export const signUpMachine = setup({
  types: {
    /** `email`: the address the form starts with (an invitation's). */
    input: {} as { audience: Audience; email?: string | undefined },
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
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(registrationFormSchema, context.values)).length === 0,
    otpComplete: ({ context }) => context.otp.length === OTP_LENGTH,
    signedInByOtp: (_, { reply }: { reply: OtpVerifyResponse }) =>
      Boolean(reply.access_token && reply.refresh_token && reply.data),
    otpRefused: (_, { error }: Failure) => isOtpRefusal(error),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    changeCv: assign(({ event }) => {
      assertEvent(event, 'cv.change');
      return { cv: event.file };
    }),
    showErrors: assign({ errors: ({ context }) => validate(registrationFormSchema, context.values) }),
    clearAlert: assign({ alert: null }),
    showRegisterAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.register) }),
    showVerifyAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.verify) }),
    rememberEmail: assign(({ context }, { reply }: { reply: RegistrationResponse }) => ({
      email: reply.data.email ?? context.values.email.trim(),
      otp: '',
      alert: null,
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
    email: null,
    otp: '',
  }),
  initial: 'form',
  on: { 'dialog.close': { target: '.closed', actions: 'closeDialog' } },
  states: {
    form: {
      on: {
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
        onError: { target: 'form', actions: { type: 'showRegisterAlert', params: failureOf } },
      },
    },
    otp: {
      on: {
        'otp.change': { actions: 'changeOtp' },
        'otp.submit': { guard: 'otpComplete', target: 'verifying' },
        'otp.back': { target: 'form' },
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
