import { DEFAULT_FAILURE } from '@contract/messages/errors';

/**
 * Spec section 8: the sentence each call shows when its failure carries no message of its own.
 * The API functions pass them as fallbacks and the machines show them; one place for both.
 */
export const FAILURES = {
  login: 'Could not logged in at this time. Try again',
  register: 'Could not Register at this time. Try again',
  verify: 'Could not verify in at this time. Try again',
  sendOtp: 'Could not send otp in at this time. Try again',
  resetPassword: DEFAULT_FAILURE,
  eventRegistration: DEFAULT_FAILURE,
  /** Spec section 8: upload failure. */
  upload: 'Error uploading file',
} as const;
