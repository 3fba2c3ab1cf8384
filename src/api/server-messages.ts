/**
 * Every English sentence the reference server may put in an error body
 * (`details[0].message` or `detail`). The client translates them like its own texts.
 */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  trainerAwaitingApproval: 'Your trainer account is waiting for admin approval',
  credentialsRequired: 'Email and password are required',
  refreshTokenRequired: 'Refresh token is required',
  invalidRefreshToken: 'Your session has expired. Please log in again',
  authenticationRequired: 'Authentication credentials were not provided',
  invalidAccessToken: 'Your access token is invalid or has expired',
  malformedBody: 'The request body must be valid JSON',
  bodyTooLarge: 'The request body is too large',
  notFound: 'Not found',
  internalError: 'Something went wrong',
} as const;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;
export type ServerMessage = (typeof SERVER_MESSAGES)[ServerMessageKey];
