/** Sentences the reference server sends for the public site's calls. */
export const PUBLIC_MESSAGES = {
  contactSent: 'Request Sent Successfully',
  courseRequested: 'Course Request is Successfully',
  eventRegistered: 'You have registered for this event successfully',
  alreadyRegistered: 'You are already registered for this event',
  eventEnded: 'This event has ended',
} as const;
export type PublicMessage = (typeof PUBLIC_MESSAGES)[keyof typeof PUBLIC_MESSAGES];
