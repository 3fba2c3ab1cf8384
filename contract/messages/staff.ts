/** The back office's sentences (the calls: wire/staff.ts). Translated in the staff screens' catalogue. */
export const STAFF_MESSAGES = {
  trainerApproved: 'The trainer is approved and has been told',
  trainerRejected: 'The application is rejected and the applicant has been told',
  courseApproved: 'The course is approved and published',
  courseRejected: 'The course is rejected and its trainer has been told',
  revisionApproved: 'The changes are approved and published',
  revisionRejected: 'The changes are rejected and the trainer has been told',
  withdrawalApproved: 'The withdrawal is approved and the trainee has been told',
  withdrawalRejected: 'The withdrawal is refused and the trainee is enrolled again',
  cashConfirmed: 'The cash payment is confirmed: the trainee is enrolled and has the receipt',
  notWaiting: 'This is no longer waiting for a decision',
  reasonInvalid: 'Give the reason, at most 500 characters',
  noCv: 'This applicant sent no CV',
  kindInvalid: 'Choose one of: trainer, course, withdrawal, cash, revision',
  auditFilterInvalid: 'Choose an action of the list, and days written as YYYY-MM-DD',
  applicationRejected: 'Your trainer application was not approved',
  staffOnly: "Only the centre's staff can do this",
  /** The staff sign-in's challenge expired (10 minutes) or names no staff account. */
  signInExpired: 'This sign-in has expired. Please log in again',
  personDisabled: 'The account is disabled and signed out everywhere',
  personEnabled: 'The account is enabled again',
  alreadyDisabled: 'This account is already disabled',
  notDisabled: 'This account is not disabled',
  cannotDisableSelf: 'You cannot disable your own account',
  roleInvalid: 'Choose one of: TRAINEE, TRAINER, ADMIN',
  certificateRevoked: 'The certificate is revoked and its holder has been told',
  certificateAlreadyRevoked: 'This certificate is already revoked',
  searchTooLong: 'Search with at most 200 characters',
  tokenNameInvalid: 'Name the token in at most 100 characters',
  staffTokenInvalid: 'This staff token has expired or was revoked: sign in again with npm run admin -- login',
  /** A decision asked with the server's shared admin token, which names nobody. */
  personalTokenRequired:
    'Decisions are recorded under the name of who makes them: sign in with npm run admin -- login EMAIL',
} as const;
export type StaffMessage = (typeof STAFF_MESSAGES)[keyof typeof STAFF_MESSAGES];
