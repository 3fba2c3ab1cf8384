import type { PageQuery } from '@contract/wire/common';
import {
  type Invitation,
  type InvitationAccepted,
  type InvitationsSent,
  type InviteRequest,
  invitationAcceptedSchema,
  invitationSchema,
  invitationsSentSchema,
  type SentInvitations,
  sentInvitationsSchema,
} from '@contract/wire/invitations';
import type { ApiClient } from './client';

/** POST /invitations/: invites up to five addresses, to a course or (no course) to the platform. */
export function sendInvitations(api: ApiClient, request: InviteRequest): Promise<InvitationsSent> {
  return api.authed(invitationsSentSchema, '/invitations/', { method: 'POST', body: request });
}

/** GET /invitations/: the invitations the trainee sent, newest first, with their states. */
export function getSentInvitations(api: ApiClient, query: PageQuery = {}): Promise<SentInvitations> {
  return api.authed(sentInvitationsSchema, '/invitations/', { query: { ...query } });
}

/** GET /invitations/{token}/: who invited, to what, and the state (no sign-in needed). */
export function getInvitation(api: ApiClient, token: string): Promise<Invitation> {
  return api.public(invitationSchema, `/invitations/${encodeURIComponent(token)}/`);
}

/** POST /invitations/{token}/accept/: accepts it for the signed-in account; answers the course, if any. */
export function acceptInvitation(api: ApiClient, token: string): Promise<InvitationAccepted> {
  return api.authed(invitationAcceptedSchema, `/invitations/${encodeURIComponent(token)}/accept/`, {
    method: 'POST',
  });
}
