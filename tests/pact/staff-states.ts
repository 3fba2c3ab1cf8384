/**
 * Provider states of the back office's contracts (tests/pact/staff.pact.test.ts, provider
 * kfu-training-api-admin), set up by tests/provider/staff-states.ts. Keep the wording stable: it is
 * written into the pact file the backend team reads.
 */
export const STAFF_STATES = {
  queueOfEveryKind:
    'a member of staff is signed in and a trainer application, a course, a change of an approved course, a withdrawal and a cash payment wait for a decision',
  trainerApplicationWaiting:
    'a member of staff is signed in and a trainer application with a CV waits for a decision',
  trainerApplicationDecided: 'a member of staff is signed in and a trainer application was already rejected',
  courseWaiting: 'a member of staff is signed in and a course waits for approval',
  withdrawalWaiting: 'a member of staff is signed in and a trainee who paid in cash has asked to withdraw',
  cashPaymentWaiting: 'a member of staff is signed in and a cash payment waits to be confirmed',
  revisionWaiting: 'a member of staff is signed in and a change of an approved course waits for approval',
  personEnabled: 'a member of staff is signed in and a trainee who paid in cash has an account',
  personDisabled: "a member of staff is signed in and the centre disabled a trainee's account",
  accountDisabled: 'an account the centre disabled exists',
  staffSignedIn: 'a member of staff is signed in',
  cashPaymentPaid: 'a member of staff is signed in and a trainee paid in cash',
  cashPaymentRefunded: "a member of staff is signed in and a trainee's cash payment was refunded",
  certificateStanding: 'a member of staff is signed in and a trainee holds a certificate',
  certificateRevoked: "a member of staff is signed in and a trainee's certificate was revoked",
  auditHasDecisions: 'a member of staff is signed in and has rejected trainer applications',
  inviteeUnknown: 'a member of staff is signed in and no account uses the invited address',
  staffAccountExists: 'a staff account exists',
  signInCodeMailed: 'a staff sign-in waits for the code mailed to the member of staff',
  categoryNameFree: 'a member of staff is signed in and no course category is named Cyber Security',
  categoryEmpty: 'a member of staff is signed in and a course category holds no course',
  categoryHidden: 'a member of staff is signed in and the centre hid a course category that holds no course',
  categoryWithCourses: 'a member of staff is signed in and a course category holds courses',
  issueReported: 'a member of staff is signed in and a trainee reported an issue',
  issueResolved: "a member of staff is signed in and a trainee's issue report was resolved",
} as const;

/** Keys of the ids the states return (each also returns the staff member's access token). */
export const INJECTED_STAFF = {
  trainerId: 'staffTrainerId',
  courseId: 'staffCourseId',
  enrolmentId: 'staffEnrolmentId',
  paymentId: 'staffPaymentId',
  revisionId: 'staffRevisionId',
  /** The account of the people contracts (PERSON). */
  personId: 'staffPersonId',
  /** The signed-in member of staff's own account. */
  selfId: 'staffSelfId',
  certificateCode: 'staffCertificateCode',
  /** The challenge of the sign-in that waits for its code; the code is under INJECTED_OTP_CODE. */
  challenge: 'staffChallenge',
  /** The course category of the category states. */
  categoryId: 'staffCategoryId',
  /** The issue report of the issue states. */
  issueId: 'staffIssueId',
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

/** The trainee whose account the people contracts find, show, disable and enable. */
export const PERSON = {
  full_name: 'Reem Al-Dosari',
  email: 'staff.pact.person@example.com',
  password: 'Reem#Pact2026',
} as const;

/** The reason the account of 'personDisabled' was disabled with. */
export const DISABLE_REASON = 'The account was shared with people outside the centre';

/** What the trainer changes in 'revisionWaiting': the title and the price of the approved course. */
export const REVISION = {
  title: 'Data Analysis with Python and SQL',
  price: 99_900,
} as const;

/** What the certificates contract searches for: the demo trainee, who holds the seeded certificate. */
export const CERTIFICATE_HOLDER = 'Sara Al-Qahtani';

/** The reason the certificate of 'certificateRevoked' was revoked with. */
export const REVOKE_REASON = 'Issued to the wrong trainee';

/** The course category the categories contract adds ('categoryNameFree'). */
export const NEW_CATEGORY = { name: 'Cyber Security', name_ar: 'الأمن السيبراني' } as const;

/** The empty course category of 'categoryEmpty' and 'categoryHidden', and the names it is given. */
export const EMPTY_CATEGORY = {
  name: 'Robotics',
  name_ar: 'الروبوتات',
  renamed: { name: 'Robotics and Automation', name_ar: 'الروبوتات والأتمتة' },
} as const;

/** The issue report of 'issueReported' and 'issueResolved', and the reply it is resolved with. */
export const STAFF_ISSUE = {
  subject: 'The quiz does not open',
  description: 'Pressing Start quiz in week 3 does nothing.',
  reply: 'We fixed the quiz of week 3: reload the page and start it again.',
} as const;
