/** Sentences the server sends about invitations (translated with the invitation screens). */
export const INVITATION_MESSAGES = {
  sent: 'Invitations sent',
  accepted: 'Invitation accepted',
  noAddress: 'Enter at least one e-mail address',
  tooMany: 'You can invite at most 5 people at a time',
  ownAddress: 'You cannot invite yourself: enter the addresses of the people you want to invite',
  requestInvalid: 'An invitation needs a list of e-mail addresses and, if any, the id of a course',
  courseUnavailable: 'This course cannot take invitations',
  notFound: 'This invitation link is not valid',
  expired: 'This invitation has expired',
  alreadyAccepted: 'This invitation has already been accepted',
  ownInvitation: 'You cannot accept your own invitation',
} as const;
export type InvitationMessage =
  | (typeof INVITATION_MESSAGES)[keyof typeof INVITATION_MESSAGES]
  | `${string} is not a valid e-mail address`;

/** The sentence that refuses one address (the server's; the form says it in the user's language). */
export function invalidAddressMessage(address: string): InvitationMessage {
  return `${address} is not a valid e-mail address`;
}
