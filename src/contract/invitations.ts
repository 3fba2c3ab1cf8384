import * as z from 'zod/mini';
import { pagedSchema } from './common';
import { longerThan, looksLikeEmail } from './rules';

/**
 * Invitations (spec sections 1 and 9: a trainee "invites friends (at most 5 people per invitation;
 * invitees are notified by email and must accept)").
 *
 * - Who: a signed-in trainee, from a course page (an approved course: the invitation names it) or
 *   from the profile (no course: an invitation to the platform).
 * - At a time: 1 to 5 addresses after trimming, lower-casing and merging duplicates. One bad address
 *   refuses the whole request, `details[0].message` naming it ("… is not a valid e-mail address");
 *   more than 5 distinct ones are refused ('You can invite at most 5 people at a time'); so is the
 *   inviter's own address. Rate limits per inviter and per invited address (server/rate-limits.ts).
 * - Each address: a row in `invitations` (migration 020: only the SHA-256 of the token is kept) and
 *   a mail (the outbox), English then Arabic, with the link `{origin}/invitations/{token}`; the token
 *   is 32 random bytes in base64url; it expires after 14 days. An address that belongs to an account
 *   also gets an in-app notification linking to the invitation page.
 * - Accepting: any signed-in account but the inviter's, once, before expiry; the inviter is notified.
 *   Unknown token: 404; expired: 410; accepted already: 409.
 *
 * Calls (extensions pact): `POST /invitations/`, `GET /invitations/` (the inviter's, newest first,
 * paged), `GET /invitations/{token}/` (public), `POST /invitations/{token}/accept/`.
 */

/** At most this many people per invitation (spec section 9). */
export const MAX_INVITEES = 5;
/** An invitation's link works this many days. */
export const INVITATION_DAYS = 14;
const EMAIL_MAX = 254;

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

/** What the form sends: the addresses as typed, and the course when invited from its page. */
export const inviteRequestSchema = z.object({
  emails: z.array(z.string()).check(z.maxLength(50)),
  course_id: z.optional(z.nullable(z.int().check(z.positive()))),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** How the addresses of a request read: each trimmed and lower-cased, once, in the order typed. */
export type InviteeCheck =
  | { ok: true; emails: string[] }
  | { ok: false; reason: 'none' }
  | { ok: false; reason: 'invalid'; address: string; index: number }
  | { ok: false; reason: 'too_many' };

/**
 * The rule of a request's addresses, shared by the dialog and the server: empty entries are
 * skipped, the rest trimmed, lower-cased and merged; the first bad one refuses them all (`index`:
 * its place among the entries as typed); more than five distinct ones are refused.
 */
export function checkInvitees(entries: readonly string[]): InviteeCheck {
  const emails: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const address = entry.trim().toLowerCase();
    if (!address) continue;
    if (longerThan(address, EMAIL_MAX) || !looksLikeEmail(address)) {
      return { ok: false, reason: 'invalid', address: entry.trim(), index };
    }
    if (!emails.includes(address)) emails.push(address);
  }
  if (emails.length === 0) return { ok: false, reason: 'none' };
  if (emails.length > MAX_INVITEES) return { ok: false, reason: 'too_many' };
  return { ok: true, emails };
}

export const invitationsSentSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ sent: z.array(z.string()) }),
});
export type InvitationsSent = z.infer<typeof invitationsSentSchema>;

export const invitationStateSchema = z.enum(['pending', 'accepted', 'expired']);
export type InvitationState = z.infer<typeof invitationStateSchema>;

const invitedCourseSchema = z.object({ id: z.number(), title: z.string(), title_ar: z.string() });
export type InvitedCourse = z.infer<typeof invitedCourseSchema>;

/** One invitation the trainee sent, as the profile lists it. */
export const sentInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  course: z.nullable(invitedCourseSchema),
  state: invitationStateSchema,
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.nullable(z.string()),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;
export const sentInvitationsSchema = pagedSchema(sentInvitationSchema);
export type SentInvitations = z.infer<typeof sentInvitationsSchema>;

/** What the invitation page shows: who invited whom, to what, and the state. */
export const invitationSchema = z.object({
  inviter: z.object({ full_name: z.string() }),
  email: z.string(),
  course: z.nullable(invitedCourseSchema),
  state: invitationStateSchema,
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationAcceptedSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ course_id: z.nullable(z.number()) }),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
