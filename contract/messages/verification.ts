/** Sentences of the certificate check (the call: wire/verification.ts). */
export const VERIFICATION_MESSAGES = {
  unknown: 'No certificate has this code',
  /** The administrator's `revoke-certificate` without a usable reason. */
  revokeReasonInvalid: 'Give the reason for revoking (at most 500 characters)',
} as const;
export type VerificationMessage = (typeof VERIFICATION_MESSAGES)[keyof typeof VERIFICATION_MESSAGES];
