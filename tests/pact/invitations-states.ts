/**
 * Provider states of the invitations contracts (tests/pact/invitations.pact.test.ts), set up by
 * tests/provider/invitations-states.ts. Keep the wording stable: it is written into the pact files.
 */
export const INVITATION_STATES = {
  traineeSignedIn: 'the demo trainee is signed in to invite friends',
  traineeHasSentInvitations: 'the demo trainee is signed in and has sent invitations, one of them accepted',
  pendingInvitation: 'a pending invitation of the demo trainee to a course, and another trainee signed in',
  expiredInvitation: 'an expired invitation of the demo trainee, and another trainee signed in',
  acceptedInvitation: 'an invitation of the demo trainee already accepted, and another trainee signed in',
} as const;

/** Keys of what the states return besides the access token. */
export const INJECTED_INVITATIONS = {
  token: 'invitationToken',
  courseId: 'invitedCourseId',
} as const;
