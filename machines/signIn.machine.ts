import { type LoginForm, loginFormSchema, normaliseCode, OTP_LENGTH } from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Role } from '@contract/wire/common';
import type { LoginAnswer, LoginResponse } from '@contract/wire/identity';
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import {
  alertOf,
  type Failure,
  type FormContext,
  failureOf,
  isOtpRefusal,
  statusOf,
  withField,
} from './forms';

export type Audience = 'trainee' | 'trainer';

/** The role each sign-in dialog is for. */
export const AUDIENCE_ROLE: Record<Audience, Role> = { trainee: 'TRAINEE', trainer: 'TRAINER' };

export interface SignInInput {
  audience: Audience;
  /** A course whose attendance the visitor came to give (spec section 4). */
  storedCourseId: string | null;
  /** The page the visitor was asked to sign in from (to send a report, register…); else '/'. */
  returnTo?: string | null;
}

export interface SignInContext extends FormContext<LoginForm> {
  audience: Audience;
  courseId: string | null;
  returnTo: string;
  /** 'Continue with KFU ID' was chosen: the view says it is not available yet. */
  kfuIdNotice: boolean;
  /**
   * A trainee's account signed in through Trainer Login: the reply waits here until the user
   * chooses to go on as a trainee or goes back.
   */
  otherRoleReply: LoginResponse | null;
  /**
   * The password was right, but the account still waits for the code mailed at sign-up: its
   * address, for the code step the dialog offers to open; null otherwise.
   */
  awaitingCode: string | null;
  /**
   * A staff account's password was right: the challenge of its second factor (POST
   * /user/login/code/ takes it with the mailed code), and the address the code went to, partly
   * hidden. Null otherwise.
   */
  challenge: string | null;
  sentTo: string;
  /** The code typed so far, written 0–9. */
  code: string;
}

export type SignInEvent =
  | { type: 'field.change'; name: keyof LoginForm; value: string }
  | { type: 'form.submit' }
  | { type: 'kfuId.select' }
  /** Escape, the close button or a click outside: refused while a course id is stored (spec section 2). */
  | { type: 'dialog.close' }
  /** After 'this is the trainer sign-in': sign in with the account's own role after all. */
  | { type: 'otherRole.continue' }
  /** After 'this is the trainer sign-in': back to the form, not signed in. */
  | { type: 'otherRole.back' }
  /** After 'Please verify your email address first': opens the account's code step. */
  | { type: 'code.open' }
  /** Staff: the code mailed at sign-in. */
  | { type: 'secondFactor.change'; value: string }
  | { type: 'secondFactor.submit' }
  | { type: 'secondFactor.resend' }
  /** Back to the password form: another account, or the password again. */
  | { type: 'secondFactor.back' };

/** The session a sign-in answered (a second factor is guarded before this is read). */
function sessionOf(answer: LoginAnswer): LoginResponse {
  if ('second_factor' in answer) throw new Error('a staff sign-in waits for its code');
  return answer;
}

/** The reply kept in `otherRole` (always there in that state). */
function replyOf(context: SignInContext): LoginResponse {
  if (!context.otherRoleReply) throw new Error('no reply is kept outside the otherRole state');
  return context.otherRoleReply;
}

export const signInMachine = setup({
  types: {
    input: {} as SignInInput,
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actors: {
    login: fromPromise<LoginAnswer, LoginForm>(async () => {
      throw new Error('login is supplied by the application');
    }),
    verifyCode: fromPromise<LoginResponse, { challenge: string; code: string }>(async () => {
      throw new Error('verifyCode is supplied by the application');
    }),
    resendCode: fromPromise<unknown, { challenge: string }>(async () => {
      throw new Error('resendCode is supplied by the application');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(loginFormSchema, context.values)).length === 0,
    hasCourseId: ({ context }) => Boolean(context.courseId),
    awaitingCode: ({ context }) => context.awaitingCode !== null,
    /**
     * A trainee's account in Trainer Login. Log In is every account's door (spec: a trainee or a
     * trainer signs in there), so a trainer there signs in at once; Trainer Login says whom it is for.
     */
    otherRole: ({ context }, { reply }: { reply: LoginAnswer }) =>
      context.audience === 'trainer' &&
      !('second_factor' in reply) &&
      reply.data.role !== AUDIENCE_ROLE.trainer &&
      reply.data.role !== 'ADMIN',
    /** A staff account: the password was right, and a code was mailed. */
    needsCode: (_, { reply }: { reply: LoginAnswer }) => 'second_factor' in reply,
    codeComplete: ({ context }) => context.code.length === OTP_LENGTH,
    codeRefused: (_, { error }: Failure) => statusOf(error) === 400,
    /** The sign-in's 10 minutes are over (or the account changed): start again from the password. */
    challengeExpired: (_, { error }: Failure) => statusOf(error) === 401,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { ...withField(context, event.name, event.value), awaitingCode: null };
    }),
    showErrors: assign({ errors: ({ context }) => validate(loginFormSchema, context.values) }),
    clearAlert: assign({ alert: null, kfuIdNotice: false, awaitingCode: null }),
    showKfuIdNotice: assign({ kfuIdNotice: true }),
    showAlert: assign(({ context }, { error }: Failure) => ({
      alert: alertOf(error, FAILURES.login),
      awaitingCode:
        statusOf(error) === 403 && alertOf(error, '') === SERVER_MESSAGES.emailNotVerified
          ? context.values.username.trim()
          : null,
    })),
    /** Moves focus to the first field with a message. */
    focusFirstInvalid: () => {},
    /** Hands the tokens, role and profile to the session. */
    startSession: (_, _params: { reply: LoginResponse }) => {},
    /** The toast 'Successfully signed in'. */
    announceSignedIn: () => {},
    forgetCourseId: () => {},
    keepOtherRoleReply: assign({ otherRoleReply: (_, { reply }: { reply: LoginResponse }) => reply }),
    dropOtherRoleReply: assign({ otherRoleReply: null }),
    keepChallenge: assign((_, { reply }: { reply: LoginAnswer }) =>
      'second_factor' in reply
        ? { challenge: reply.second_factor.challenge, sentTo: reply.second_factor.sent_to, code: '' }
        : {},
    ),
    dropChallenge: assign({ challenge: null, sentTo: '', code: '' }),
    changeCode: assign(({ event }) => {
      assertEvent(event, 'secondFactor.change');
      return { code: normaliseCode(event.value), alert: null };
    }),
    clearCode: assign({ code: '' }),
    showCodeAlert: assign((_, { error }: Failure) => ({
      alert: isOtpRefusal(error)
        ? alertOf(error, SERVER_MESSAGES.invalidOtp)
        : alertOf(error, FAILURES.login),
    })),
    /** The toast 'OTP sent successfully'. */
    announceCodeSent: () => {},
    /** Ends, on the server, the session the login opened and the user did not take (best effort). */
    endUnusedSession: (_, _params: { reply: LoginResponse }) => {},
    /** Closes the dialog without signing in. */
    closeDialog: () => {},
    /** Swaps this dialog for the code step of the account that waits for its code. */
    openCodeStep: (_: { context: SignInContext }) => {},
    /** Closes the dialog and goes to /trainee/make-attendance/{course_id}. */
    goToAttendance: (_: { context: SignInContext }) => {},
    /** Closes the dialog and goes to `returnTo`: home, or the page that asked for the sign-in. */
    goOn: (_: { context: SignInContext }) => {},
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    audience: input.audience,
    courseId: input.storedCourseId,
    returnTo: input.returnTo ?? '/',
    values: { username: '', password: '' },
    errors: {},
    alert: null,
    kfuIdNotice: false,
    otherRoleReply: null,
    awaitingCode: null,
    challenge: null,
    sentTo: '',
    code: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'kfuId.select': { actions: 'showKfuIdNotice' },
        'form.submit': [
          { guard: 'formValid', target: 'submitting', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
        'dialog.close': { guard: not('hasCourseId'), target: 'closed', actions: 'closeDialog' },
        'code.open': { guard: 'awaitingCode', target: 'closed', actions: 'openCodeStep' },
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ ...context.values, username: context.values.username.trim() }),
        onDone: [
          {
            guard: { type: 'needsCode', params: ({ event }) => ({ reply: event.output }) },
            target: 'secondFactor',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            guard: { type: 'otherRole', params: ({ event }) => ({ reply: event.output }) },
            target: 'otherRole',
            actions: {
              type: 'keepOtherRoleReply',
              params: ({ event }) => ({ reply: sessionOf(event.output) }),
            },
          },
          {
            guard: 'hasCourseId',
            target: 'signedIn',
            actions: [
              { type: 'startSession', params: ({ event }) => ({ reply: sessionOf(event.output) }) },
              'announceSignedIn',
              'goToAttendance',
              'forgetCourseId',
            ],
          },
          {
            target: 'signedIn',
            actions: [
              { type: 'startSession', params: ({ event }) => ({ reply: sessionOf(event.output) }) },
              'announceSignedIn',
              'goOn',
            ],
          },
        ],
        onError: { target: 'editing', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /**
     * The password was right but the account is of the other role: the dialog says whose sign-in
     * this is and offers to go on with the account's own role. Nobody is signed in until they do.
     */
    otherRole: {
      on: {
        'otherRole.continue': [
          {
            guard: 'hasCourseId',
            target: 'signedIn',
            actions: [
              { type: 'startSession', params: ({ context }) => ({ reply: replyOf(context) }) },
              'announceSignedIn',
              'goToAttendance',
              'forgetCourseId',
            ],
          },
          {
            target: 'signedIn',
            actions: [
              { type: 'startSession', params: ({ context }) => ({ reply: replyOf(context) }) },
              'announceSignedIn',
              'goOn',
            ],
          },
        ],
        'otherRole.back': {
          target: 'editing',
          actions: [
            { type: 'endUnusedSession', params: ({ context }) => ({ reply: replyOf(context) }) },
            'dropOtherRoleReply',
          ],
        },
        'dialog.close': {
          guard: not('hasCourseId'),
          target: 'closed',
          actions: [
            { type: 'endUnusedSession', params: ({ context }) => ({ reply: replyOf(context) }) },
            'dropOtherRoleReply',
            'closeDialog',
          ],
        },
      },
    },
    /**
     * A staff account: the code mailed at sign-in completes it (the same length, lifetime and tries
     * as every code). A wrong code says so; an expired sign-in goes back to the password.
     */
    secondFactor: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'secondFactor.change': { actions: 'changeCode' },
            'secondFactor.submit': { guard: 'codeComplete', target: 'verifying', actions: 'clearAlert' },
            'secondFactor.resend': { target: 'resending', actions: 'clearAlert' },
            'secondFactor.back': { target: '#signIn.editing', actions: ['dropChallenge', 'clearAlert'] },
            'dialog.close': { guard: not('hasCourseId'), target: '#signIn.closed', actions: 'closeDialog' },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ challenge: context.challenge ?? '', code: context.code }),
            onDone: [
              {
                guard: 'hasCourseId',
                target: '#signIn.signedIn',
                actions: [
                  { type: 'startSession', params: ({ event }) => ({ reply: event.output }) },
                  'announceSignedIn',
                  'goToAttendance',
                  'forgetCourseId',
                ],
              },
              {
                target: '#signIn.signedIn',
                actions: [
                  { type: 'startSession', params: ({ event }) => ({ reply: event.output }) },
                  'announceSignedIn',
                  'goOn',
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'challengeExpired', params: failureOf },
                target: '#signIn.editing',
                actions: ['dropChallenge', { type: 'showAlert', params: failureOf }],
              },
              {
                guard: { type: 'codeRefused', params: failureOf },
                target: 'editing',
                actions: ['clearCode', { type: 'showCodeAlert', params: failureOf }],
              },
              { target: 'editing', actions: { type: 'showCodeAlert', params: failureOf } },
            ],
          },
        },
        resending: {
          invoke: {
            id: 'resendCode',
            src: 'resendCode',
            input: ({ context }) => ({ challenge: context.challenge ?? '' }),
            onDone: { target: 'editing', actions: ['clearCode', 'announceCodeSent'] },
            onError: [
              {
                guard: { type: 'challengeExpired', params: failureOf },
                target: '#signIn.editing',
                actions: ['dropChallenge', { type: 'showAlert', params: failureOf }],
              },
              { target: 'editing', actions: { type: 'showCodeAlert', params: failureOf } },
            ],
          },
        },
      },
    },
    signedIn: { type: 'final' },
    /** Dismissed without signing in. */
    closed: { type: 'final' },
  },
});
