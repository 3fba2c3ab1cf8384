/** Invitations (the calls: wire/invitations.ts). An invitation's link works this many days. */
export const INVITATION_DAYS = 14;
