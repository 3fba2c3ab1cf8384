import { pagedSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

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
 * paged), `GET /invitations/{token}/` (public), `POST /invitations/{token}/accept/`. The addresses'
 * rule: forms/invitations.ts; the sentences: messages/invitations.ts.
 */

/** What the form sends: the addresses as typed, and the course when invited from its page. */
export const inviteRequestSchema = /* @__PURE__ */ z.object({
  emails: z.array(z.string()).check(z.maxLength(50)),
  course_id: z.optional(z.nullable(z.int().check(z.positive()))),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

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
