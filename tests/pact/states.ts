/**
 * Provider states named by the consumer tests; the provider verification sets each one up.
 * Keep the wording stable: it is written into the pact files the backend team reads.
 */
export const PROVIDER_STATES = {
  centreDetailsPublished: 'the centre details are published',
  traineeExists: 'a trainee account exists',
  trainerAwaitingApproval: 'a trainer account is awaiting approval',
  refreshTokenIssued: 'a refresh token was issued to the trainee',
  newTraineeUnregistered: "no account uses the new trainee's e-mail address or id",
  newTrainerUnregistered: "no account uses the new trainer's e-mail address or id",
  registrationCodeSent: 'a registration code was sent to a new trainee',
  resetCodeSent: 'a password reset code was sent to the trainee',
  resetTokenIssued: 'a reset token was issued to the trainee',
  resetTokenExpired: "the trainee's reset token has expired",
  contentPublished: 'the public content blocks are published',
  coursesPublished: 'courses are published',
  courseAwaitingApproval: 'a course is awaiting approval',
  eventsPublished: 'events are published',
  traineeSignedIn: 'the trainee is signed in',
  traineeGetsEveryNoticeByMail: 'the trainee is signed in and gets every notice by mail',
  upcomingEventOpen: 'the trainee is signed in and an upcoming event is open for registration',
  traineeRegisteredForEvent: 'the trainee registered for an event',
  eventEnded: 'the trainee is signed in and an event has ended',
  traineeReportedIssue: 'the trainee reported an issue',
  otherUserReportedIssue: 'another user reported an issue',
  traineeIssueResolved: 'the trainee reported an issue the centre resolved with a reply',
  traineeHasNotifications: 'the trainee has notifications',
  otherUserHasNotification: 'another user has a notification',
  pricedCourseForTrainee: 'the trainee is signed in and a priced course is published',
  freeCourseForTrainee: 'the trainee is signed in and a free course is published',
  traineePaidForCourse: 'the trainee has paid for a course',
  walletPaymentAwaitingCode: 'the trainee has a wallet payment awaiting its code',
  cardPaymentAwaitingNotice: "a card payment awaits the gateway's notice",
  traineeAskedToWithdraw: 'the trainee has asked to withdraw from a paid course',
  traineeWithdrewFromCourse: 'the trainee has withdrawn from a paid course',
  emailChangeCodeSent: 'a signed-in trainee was sent a code to confirm a new e-mail address',
  accountToClose: 'a signed-in trainee may close their account',
  accountClosed: 'an account was closed',
  learningCourse: 'the trainee is enrolled in a course with lectures of every kind',
  learningWithdrawn: 'the trainee has withdrawn from a course with lectures',
  assignmentAwaitingGrade: "the trainee's assignment waits for a grade",
  assignmentReturned: "the trainee's assignment was returned and another reviewed",
  quizAttemptInProgress: 'the trainee has a quiz attempt in progress',
  quizAttemptTimedOut: "the trainee's quiz attempt has run out of time",
  quizAttemptSubmitted: 'the trainee has submitted the only attempt of a quiz',
} as const;

export type ProviderStateName = (typeof PROVIDER_STATES)[keyof typeof PROVIDER_STATES];

/**
 * The socket messages the pacts describe, by the description the provider verification looks
 * their producer up by. Keep the wording stable, as for the states.
 */
export const MESSAGES = {
  /** API → web app. */
  newNotification: 'a new notification message',
  notificationSeen: 'a notification seen message',
  /** Web app → API. */
  notificationSelected: 'a notification selected message',
} as const;

/** Key of the value the state 'a refresh token was issued to the trainee' returns. */
export const INJECTED_REFRESH_TOKEN = 'refreshToken';
/** Key of the plain one-time code the code states return. */
export const INJECTED_OTP_CODE = 'otpCode';
/** Key of the reset token the reset-token states return. */
export const INJECTED_RESET_TOKEN = 'resetToken';

/** Key of the access token the signed-in states return. */
export const INJECTED_ACCESS_TOKEN = 'accessToken';
/** Keys of the ids the catalogue, event and issue states return. */
export const INJECTED_COURSE_ID = 'courseId';
export const INJECTED_EVENT_ID = 'eventId';
export const INJECTED_ISSUE_ID = 'issueId';
/** The centre's reply of 'traineeIssueResolved'. */
export const ISSUE_REPLY = 'We fixed the video of week 2: reload the lecture to watch it.';
export const INJECTED_NOTIFICATION_ID = 'notificationId';
/**
 * Keys of what the learning states return: the course (INJECTED_COURSE_ID), a lecture of each
 * kind, the trainee's uploaded file's address, the quiz's first question (a single choice whose
 * options are 1, 2 and 3, 1 right), the attempt, and the survey's questions (a rating, a choice
 * whose options are 1 and 2, a text).
 */
export const INJECTED_LECTURES = {
  read: 'readLectureId',
  video: 'videoLectureId',
  pdf: 'pdfLectureId',
  assignment: 'assignmentLectureId',
  quiz: 'quizLectureId',
  survey: 'surveyLectureId',
} as const;
export const INJECTED_FILE_ADDRESS = 'fileAddress';
export const INJECTED_QUESTION_ID = 'questionId';
export const INJECTED_ATTEMPT_ID = 'attemptId';
export const INJECTED_SURVEY_QUESTION_IDS = {
  rating: 'ratingQuestionId',
  choice: 'choiceQuestionId',
  text: 'textQuestionId',
} as const;

/** Key of the payment id the payment states return. */
export const INJECTED_PAYMENT_ID = 'paymentId';
/** Key of the signature of EXAMPLE_NOTICE under the provider's notice secret. */
export const INJECTED_NOTICE_SIGNATURE = 'noticeSignature';

/**
 * The gateway's notice the contract pins: the provider state 'a card payment awaits the gateway's
 * notice' stores this payment (by card, initiated, with this total and gateway id) and returns the
 * signature of this body.
 */
export const EXAMPLE_NOTICE = {
  paymentId: '6f1c2a4e-8b7d-4e21-9a3c-5d2e7f8a9b01',
  gatewayId: 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e',
  total: 57385,
} as const;

/** Keys of the two category ids 'courses are published' returns: the course's own, and another. */
export const INJECTED_CATEGORY_IDS = ['categoryId', 'otherCategoryId'] as const;

/**
 * The course 'courses are published' guarantees: approved, starting in ten days, in the first
 * category, with surveys, facilitators and a routine; found by its English or Arabic title.
 */
export const PUBLISHED_COURSE = {
  search: 'TypeScript',
  searchAr: 'تطوير الويب',
} as const;

/** The code the consumer tests use in place of the one the provider state generates. */
export const EXAMPLE_OTP = '4821957';
/** A code the provider states never generate: always a wrong code. */
export const WRONG_OTP = '0000000';

/** People who sign up in the contracts (the provider states create or remove them). */
export const APPLICANTS = {
  trainee: {
    full_name: 'Noura Al-Harbi',
    email: 'new.trainee@example.com',
    phone_number: '0551112233',
    govt_id_or_iqama_no: '1077788899',
    password: 'Noura#Pass2026',
    role: 'TRAINEE',
  },
  trainer: {
    full_name: 'Dr. Faisal Al-Omair',
    email: 'new.trainer@example.com',
    phone_number: '0562223344',
    govt_id_or_iqama_no: '1066677788',
    password: 'Faisal#Pass2026',
    role: 'TRAINER',
  },
} as const;

/** The person whose e-mail changes and whose account closes in the profile contracts. */
export const PROFILE_PERSON = {
  full_name: 'Reem Al-Dosari',
  email: 'reem.profile@example.com',
  newEmail: 'reem.new@example.com',
  password: 'Reem#Pass2026',
  phone_number: '0567778899',
  govt_id_or_iqama_no: '1077788866',
} as const;

/** Who closed their account before the sign-in contract. */
export const CLOSED_ACCOUNT = {
  full_name: 'Fahad Al-Otaibi',
  email: 'fahad.closed@example.com',
  password: 'Fahad#Pass2026',
  phone_number: '0568889900',
  govt_id_or_iqama_no: '1077788877',
} as const;
