import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Audience } from '@machines/signIn.machine';
import type { DialogName } from '@/stores/dialogs';

/**
 * What differs between the trainee's and the trainer's identity dialogs (spec section 2): their
 * titles, buttons and the dialogs they lead to. One table instead of a branch in every view.
 */
export interface AudienceTexts {
  signInTitle: MessageDescriptor;
  signInSubmit: MessageDescriptor;
  signUpTitle: MessageDescriptor;
  signUpSubmit: MessageDescriptor;
  login: DialogName;
  registration: DialogName;
  forgotPassword: DialogName;
  /** The code step of an account that waits for its sign-up code. */
  verification: DialogName;
  /** Trainees may also sign in with KFU ID; trainers attach a CV when applying. */
  kfuId: boolean;
  cv: boolean;
}

export const AUDIENCE: Record<Audience, AudienceTexts> = {
  trainee: {
    signInTitle: msg`Log In`,
    signInSubmit: msg`Log In`,
    signUpTitle: msg`Sign Up`,
    signUpSubmit: msg`Sign Up`,
    login: 'login',
    registration: 'registration',
    forgotPassword: 'forgotPassword',
    verification: 'verification',
    kfuId: true,
    cv: false,
  },
  trainer: {
    signInTitle: msg`Trainer Login`,
    signInSubmit: msg`Log In as Trainer`,
    signUpTitle: msg`Become a Trainer`,
    signUpSubmit: msg`Apply as Trainer`,
    login: 'trainerLogin',
    registration: 'trainerRegistration',
    forgotPassword: 'trainerForgotPassword',
    verification: 'trainerVerification',
    kfuId: false,
    cv: true,
  },
};
