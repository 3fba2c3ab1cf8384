/**
 * Provider states named by the consumer tests; the provider verification sets each one up.
 * Keep the wording stable: it is written into the pact files the backend team reads.
 */
export const PROVIDER_STATES = {
  centreDetailsPublished: 'the centre details are published',
  traineeExists: 'a trainee account exists',
  trainerAwaitingApproval: 'a trainer account is awaiting approval',
  refreshTokenIssued: 'a refresh token was issued to the trainee',
} as const;

export type ProviderStateName = (typeof PROVIDER_STATES)[keyof typeof PROVIDER_STATES];

/** Key of the value the state 'a refresh token was issued to the trainee' returns. */
export const INJECTED_REFRESH_TOKEN = 'refreshToken';
