import { normaliseCode, OTP_LENGTH } from '@contract/forms/auth';
import {
  type EmailChangeRequest,
  type ProfileEditForm,
  type ProfileRequest,
  profileEditFormSchema,
  profileRequestOf,
} from '@contract/forms/profile';
import { validate } from '@contract/forms/rules';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { FAILURES } from '@contract/messages/failures';
import type { ConfirmationResponse } from '@contract/wire/identity';
import type { EmailConfirmRequest, Profile } from '@contract/wire/profile';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Errors, type Failure, failureOf, withField } from './forms';

/**
 * The profile screen (spec section 3 "Profile edit"): the details are read and shown; Edit opens
 * the form with them; a valid form is saved and shown again, a refused one keeps every value and
 * says why. A new e-mail address is not saved with the rest: a code goes to it, and it becomes the
 * account's address once that code is confirmed. A new photo (its own machine) replaces the shown
 * profile with `profile.replaced`.
 */
export interface ProfileContext {
  /** The profile as the server last answered it; null until read. */
  profile: Profile | null;
  values: ProfileEditForm;
  errors: Errors<ProfileEditForm>;
  alert: string | null;
  /** The code typed for an e-mail change, written 0–9. */
  otp: string;
  /** Where the e-mail change's code was sent. */
  pendingEmail: string | null;
  /** Why the profile could not be read. */
  loadError: unknown;
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.edit' }
  | { type: 'profile.cancel' }
  | { type: 'field.change'; name: keyof ProfileEditForm; value: string }
  | { type: 'form.submit' }
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.back' }
  /** The server answered with a new profile elsewhere (the photo). */
  | { type: 'profile.replaced'; profile: Profile };

const EMPTY_FORM: ProfileEditForm = {
  full_name: '',
  email: '',
  phone_number: '',
  govt_id_or_iqama_no: '',
  user_type: '',
};

/** The form as it opens: the profile's details as they are. */
function formOf(profile: Profile | null): ProfileEditForm {
  if (!profile) return EMPTY_FORM;
  return {
    full_name: profile.full_name,
    email: profile.email,
    phone_number: profile.phone_number ?? '',
    govt_id_or_iqama_no: profile.govt_id_or_iqama_no ?? '',
    user_type: profile.user_type ?? '',
  };
}

/** An address as the server keeps it. */
const addressOf = (email: string) => email.trim().toLowerCase();

/** The params of what reads a call's answer. */
const answerOf = ({ event }: { event: { output: Profile } }) => ({ profile: event.output });

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    loadProfile: fromPromise<Profile>(async () => {
      throw new Error('loadProfile is supplied by the view');
    }),
    saveProfile: fromPromise<Profile, ProfileRequest>(async () => {
      throw new Error('saveProfile is supplied by the view');
    }),
    requestEmailChange: fromPromise<ConfirmationResponse, EmailChangeRequest>(async () => {
      throw new Error('requestEmailChange is supplied by the view');
    }),
    confirmEmailChange: fromPromise<Profile, EmailConfirmRequest>(async () => {
      throw new Error('confirmEmailChange is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(profileEditFormSchema, context.values)).length === 0,
    emailChanged: ({ context }) =>
      addressOf(context.values.email) !== addressOf(context.profile?.email ?? ''),
    otpComplete: ({ context }) => context.otp.length === OTP_LENGTH,
  },
  actions: {
    storeProfile: assign((_, { profile }: { profile: Profile }) => ({ profile })),
    keepLoadError: assign((_, { error }: Failure) => ({ loadError: error })),
    startEditing: assign(({ context }) => ({ values: formOf(context.profile), errors: {}, alert: null })),
    stopEditing: assign({ errors: {}, alert: null }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    showErrors: assign({ errors: ({ context }) => validate(profileEditFormSchema, context.values) }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, DEFAULT_FAILURE) }),
    showSendAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.sendOtp) }),
    showVerifyAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.verify) }),
    keepPendingEmail: assign(({ context }) => ({ pendingEmail: addressOf(context.values.email), otp: '' })),
    changeOtp: assign(({ event }) => {
      assertEvent(event, 'otp.change');
      return { otp: normaliseCode(event.value), alert: null };
    }),
    clearOtp: assign({ otp: '' }),
    forgetPendingEmail: assign({ pendingEmail: null, otp: '', alert: null }),
    focusFirstInvalid: () => {},
    /** Tells the session (header, other tabs) the name, e-mail address and photo as saved. */
    shareProfile: (_, _params: { profile: Profile }) => {},
    /** The toast 'Your profile has been saved'. */
    announceSaved: () => {},
    /** The toast 'OTP sent successfully'. */
    announceOtpSent: () => {},
    /** The toast 'Your e-mail address has been changed'. */
    announceEmailChanged: () => {},
  },
}).createMachine({
  id: 'profile',
  context: {
    profile: null,
    values: EMPTY_FORM,
    errors: {},
    alert: null,
    otp: '',
    pendingEmail: null,
    loadError: null,
  },
  initial: 'loading',
  on: {
    'profile.replaced': {
      actions: [
        { type: 'storeProfile', params: ({ event }) => ({ profile: event.profile }) },
        { type: 'shareProfile', params: ({ event }) => ({ profile: event.profile }) },
      ],
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        // The header shows the details as read: they may have changed on another device.
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'storeProfile', params: answerOf },
            { type: 'shareProfile', params: answerOf },
          ],
        },
        onError: { target: 'failed', actions: { type: 'keepLoadError', params: failureOf } },
      },
    },
    failed: {
      on: { 'profile.retry': 'loading' },
    },
    viewing: {
      on: { 'profile.edit': { target: 'editing', actions: 'startEditing' } },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'profile.cancel': { target: 'viewing', actions: 'stopEditing' },
        'form.submit': [
          { guard: 'formValid', target: 'saving', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => profileRequestOf(context.values),
        onDone: [
          {
            guard: 'emailChanged',
            target: 'sendingCode',
            actions: [
              { type: 'storeProfile', params: answerOf },
              { type: 'shareProfile', params: answerOf },
            ],
          },
          {
            target: 'viewing',
            actions: [
              { type: 'storeProfile', params: answerOf },
              { type: 'shareProfile', params: answerOf },
              'announceSaved',
            ],
          },
        ],
        onError: { target: 'editing', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /** The other details are saved; a code goes to the new address. */
    sendingCode: {
      invoke: {
        id: 'requestEmailChange',
        src: 'requestEmailChange',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: { target: 'emailCode', actions: ['keepPendingEmail', 'announceOtpSent'] },
        onError: { target: 'editing', actions: { type: 'showSendAlert', params: failureOf } },
      },
    },
    emailCode: {
      on: {
        'otp.change': { actions: 'changeOtp' },
        'otp.submit': { guard: 'otpComplete', target: 'confirmingEmail' },
        // Back to the form with every value, to correct the address or keep the old one.
        'otp.back': { target: 'editing', actions: 'forgetPendingEmail' },
      },
    },
    confirmingEmail: {
      invoke: {
        id: 'confirmEmailChange',
        src: 'confirmEmailChange',
        input: ({ context }) => ({ otp_code: context.otp }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'storeProfile', params: answerOf },
            { type: 'shareProfile', params: answerOf },
            'forgetPendingEmail',
            'announceEmailChanged',
          ],
        },
        onError: {
          target: 'emailCode',
          actions: ['clearOtp', { type: 'showVerifyAlert', params: failureOf }],
        },
      },
    },
  },
});
