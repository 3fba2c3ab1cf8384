/**
 * Provider states of the back office's contracts (tests/pact/staff.pact.test.ts, provider
 * kfu-training-api-admin), set up by tests/provider/staff-states.ts. Keep the wording stable: it is
 * written into the pact file the backend team reads.
 */
export const STAFF_STATES = {
  queueOfEveryKind:
    'a member of staff is signed in and a trainer application, a course, a withdrawal and a cash payment wait for a decision',
  trainerApplicationWaiting:
    'a member of staff is signed in and a trainer application with a CV waits for a decision',
  trainerApplicationDecided: 'a member of staff is signed in and a trainer application was already rejected',
  courseWaiting: 'a member of staff is signed in and a course waits for approval',
  withdrawalWaiting: 'a member of staff is signed in and a trainee who paid in cash has asked to withdraw',
  cashPaymentWaiting: 'a member of staff is signed in and a cash payment waits to be confirmed',
  auditHasDecisions: 'a member of staff is signed in and has rejected trainer applications',
  inviteeUnknown: 'a member of staff is signed in and no account uses the invited address',
  staffAccountExists: 'a staff account exists',
  signInCodeMailed: 'a staff sign-in waits for the code mailed to the member of staff',
} as const;

/** Keys of the ids the states return (each also returns the staff member's access token). */
export const INJECTED_STAFF = {
  trainerId: 'staffTrainerId',
  courseId: 'staffCourseId',
  enrolmentId: 'staffEnrolmentId',
  paymentId: 'staffPaymentId',
  /** The challenge of the sign-in that waits for its code; the code is under INJECTED_OTP_CODE. */
  challenge: 'staffChallenge',
} as const;

/** The member of staff of the contracts: signed in by the states, and who signs in in them. */
export const STAFF_MEMBER = {
  full_name: 'Huda Al-Qahtani',
  email: 'huda.staff@example.com',
  password: 'Huda#Staff2026',
  /** What the second factor says the code went to. */
  sentTo: 'h•••@example.com',
} as const;

/** Whom the invitation contract invites. */
export const INVITEE = { email: 'salman.staff@example.com', full_name: 'Salman Al-Harbi' } as const;

/** The reason the trainer applications of 'auditHasDecisions' were rejected with. */
export const REJECTION_REASON = 'No teaching experience yet';

/** The reason the trainee of 'withdrawalWaiting' gave. */
export const WITHDRAWAL_REASON = 'My working hours changed';
