/**
 * Every English sentence the reference server may send: in an error body (`details[0].message` or
 * `detail`) or as a confirmation's `message`. The client translates them like its own texts.
 */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  trainerAwaitingApproval: 'Your trainer account is waiting for admin approval',
  credentialsRequired: 'Email and password are required',
  refreshTokenRequired: 'Refresh token is required',
  invalidRefreshToken: 'Your session has expired. Please log in again',
  signedOut: 'Successfully signed out',
  authenticationRequired: 'Authentication credentials were not provided',
  invalidAccessToken: 'Your access token is invalid or has expired',
  malformedBody: 'The request body must be valid JSON',
  jsonRequired: 'The request body must be sent as application/json',
  forbiddenCharacter: 'The request contains a character that is not allowed',
  malformedAddress: 'The address of the request is not valid',
  pageInvalid: 'page must be a whole number from 1 to 1000000',
  limitInvalid: 'limit must be a whole number from 1 to 100',
  categoryInvalid: 'category must be a comma-separated list of category ids',
  bodyTooLarge: 'The request body is too large',
  notFound: 'Not found',
  internalError: 'Something went wrong',
  emailNotVerified: 'Please verify your email address first',
  multipartRequired: 'The registration must be sent as multipart/form-data',
  roleInvalid: 'Role must be TRAINEE or TRAINER',
  cvType: 'The CV must be a PDF or Word document (.pdf, .doc or .docx)',
  cvTooLarge: 'The CV must not be larger than 5 MB',
  emailTaken: 'A user with this email already exists',
  govtIdTaken: 'A user with this govt id or iqama no already exists',
  codeSentRecently: 'A code was sent to this email a moment ago. Check your inbox, or try again in a minute',
  invalidOtp: 'Invalid OTP Code',
  tooManyOtpAttempts: 'Too many attempts. Request a new code',
  tooManyWrongCodes: 'Too many wrong codes. Please wait before trying again',
  tooManyRequests: 'Too many attempts. Please wait before trying again',
  otpSent: 'OTP sent successfully',
  resetTokenInvalid: 'Your reset link has expired. Request a new code',
  passwordReset: 'Password Reset successfully',
  adminTokenInvalid: 'A valid admin token is required',
  userNotFound: 'No account uses this email address',
  notATrainer: 'This account is not a trainer account',
  notificationInvalid:
    'A notification needs an e-mail address, a title, a text and, if any, a link to a page of this site',
  traineesOnly: 'Only trainees can do this',
  trainersOnly: 'Only trainers can do this',
} as const;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;
export type ServerMessage = (typeof SERVER_MESSAGES)[ServerMessageKey];
