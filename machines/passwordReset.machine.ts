import {
  type ForgotPasswordForm,
  forgotPasswordFormSchema,
  normaliseCode,
  normaliseEmailOrPhone,
  OTP_LENGTH,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import type { ConfirmationResponse, OtpVerifyResponse, SetPasswordRequest } from '@contract/wire/identity';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Errors, type Failure, failureOf, isOtpRefusal, withField } from './forms';
import type { Audience } from './signIn.machine';

export interface PasswordResetContext {
  audience: Audience;
  request: ForgotPasswordForm;
  requestErrors: Errors<ForgotPasswordForm>;
  otp: string;
  /** Kept from /user/otp-verify/ for /user/set-password/; cleared at the end. */
  resetToken: string | null;
  values: ResetPasswordForm;
  errors: Errors<ResetPasswordForm>;
  alert: string | null;
}

export type PasswordResetEvent =
  | { type: 'request.change'; value: string }
  | { type: 'request.submit' }
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.back' }
  /** 'Send a new code': a new code replaces the one sent before. */
  | { type: 'otp.resend' }
  | { type: 'field.change'; name: keyof ResetPasswordForm; value: string }
  | { type: 'form.submit' };

/** The params of what reads a verified code's reply. */
const replyOf = ({ event }: { event: { output: OtpVerifyResponse } }) => ({ reply: event.output });

export const passwordResetMachine = setup({
  types: {
    input: {} as { audience: Audience },
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
  },
  actors: {
    requestReset: fromPromise<ConfirmationResponse, ForgotPasswordForm>(async () => {
      throw new Error('requestReset is supplied by the application');
    }),
    verifyOtp: fromPromise<OtpVerifyResponse, { email_or_phone: string; otp_code: string }>(async () => {
      throw new Error('verifyOtp is supplied by the application');
    }),
    setPassword: fromPromise<ConfirmationResponse, SetPasswordRequest>(async () => {
      throw new Error('setPassword is supplied by the application');
    }),
  },
  guards: {
    requestValid: ({ context }) =>
      Object.keys(validate(forgotPasswordFormSchema, context.request)).length === 0,
    otpComplete: ({ context }) => context.otp.length === OTP_LENGTH,
    gotResetToken: (_, { reply }: { reply: OtpVerifyResponse }) => Boolean(reply.token),
    otpRefused: (_, { error }: Failure) => isOtpRefusal(error),
    formValid: ({ context }) => Object.keys(validate(resetPasswordFormSchema, context.values)).length === 0,
  },
  actions: {
    changeRequest: assign(({ event }) => {
      assertEvent(event, 'request.change');
      return { request: { email_or_phone: event.value }, requestErrors: {} };
    }),
    showRequestErrors: assign({
      requestErrors: ({ context }) => validate(forgotPasswordFormSchema, context.request),
    }),
    changeOtp: assign(({ event }) => {
      assertEvent(event, 'otp.change');
      return { otp: normaliseCode(event.value), alert: null };
    }),
    clearOtp: assign({ otp: '' }),
    keepResetToken: assign((_, { reply }: { reply: OtpVerifyResponse }) => ({
      resetToken: reply.token ?? null,
      alert: null,
    })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    showErrors: assign({ errors: ({ context }) => validate(resetPasswordFormSchema, context.values) }),
    clearAlert: assign({ alert: null }),
    showSendAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.sendOtp) }),
    showVerifyAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.verify) }),
    showNoTokenAlert: assign({ alert: FAILURES.verify }),
    showResetAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.resetPassword) }),
    /** Reset data is cleared once the password is set (spec section 4). */
    forgetResetData: assign({
      request: { email_or_phone: '' },
      otp: '',
      resetToken: null,
      values: { new_password: '', confirm_password: '' },
    }),
    focusFirstInvalid: () => {},
    /** The toast 'OTP sent successfully'. */
    announceOtpSent: () => {},
    announceInvalidOtp: () => {},
    announceOtpVerified: () => {},
    /** The toast 'Password Reset successfully'. */
    announcePasswordReset: () => {},
    /** Opens the login dialog so the user signs in with the new password. */
    openLogin: () => {},
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    audience: input.audience,
    request: { email_or_phone: '' },
    requestErrors: {},
    otp: '',
    resetToken: null,
    values: { new_password: '', confirm_password: '' },
    errors: {},
    alert: null,
  }),
  initial: 'request',
  states: {
    request: {
      on: {
        'request.change': { actions: 'changeRequest' },
        'request.submit': [
          { guard: 'requestValid', target: 'sending', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showRequestErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email_or_phone: normaliseEmailOrPhone(context.request.email_or_phone) }),
        onDone: { target: 'otp', actions: ['clearOtp', 'announceOtpSent'] },
        onError: { target: 'request', actions: { type: 'showSendAlert', params: failureOf } },
      },
    },
    otp: {
      on: {
        'otp.change': { actions: 'changeOtp' },
        'otp.submit': { guard: 'otpComplete', target: 'verifying' },
        'otp.back': { target: 'request' },
        'otp.resend': { target: 'resending', actions: 'clearAlert' },
      },
    },
    resending: {
      invoke: {
        id: 'resendReset',
        src: 'requestReset',
        input: ({ context }) => ({ email_or_phone: normaliseEmailOrPhone(context.request.email_or_phone) }),
        onDone: { target: 'otp', actions: ['clearOtp', 'announceOtpSent'] },
        onError: { target: 'otp', actions: { type: 'showSendAlert', params: failureOf } },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context }) => ({
          email_or_phone: normaliseEmailOrPhone(context.request.email_or_phone),
          otp_code: context.otp,
        }),
        onDone: [
          {
            guard: { type: 'gotResetToken', params: replyOf },
            target: 'reset',
            actions: [{ type: 'keepResetToken', params: replyOf }, 'announceOtpVerified'],
          },
          { target: 'otp', actions: 'showNoTokenAlert' },
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
    reset: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'formValid', target: 'saving', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({ ...context.values, token: context.resetToken ?? '' }),
        onDone: { target: 'done', actions: ['forgetResetData', 'announcePasswordReset', 'openLogin'] },
        onError: { target: 'reset', actions: { type: 'showResetAlert', params: failureOf } },
      },
    },
    done: { type: 'final' },
  },
});
