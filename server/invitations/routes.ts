import { checkInvitees } from '@contract/forms/invitations';
import { INVITATION_MESSAGES, invalidAddressMessage } from '@contract/messages/invitations';
import {
  type InvitationAccepted,
  type InvitationsSent,
  inviteRequestSchema,
} from '@contract/wire/invitations';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { pageQuery } from '../paging';
import { jsonBody } from '../validation';
import {
  acceptInvitation,
  createInvitations,
  invitableCourse,
  invitationOf,
  publicInvitation,
  sentInvitations,
} from './queries';

export interface InvitationDeps {
  /** The site's origin the mailed links start with (PUBLIC_ORIGIN), never the request's Host. */
  origin(): string;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of the path; one that cannot be a token is unknown (404) without a look-up. */
function tokenOf(c: Context): string {
  const token = c.req.param('token') ?? '';
  if (!TOKEN.test(token)) throw new HttpProblem(404, INVITATION_MESSAGES.notFound);
  return token;
}

/**
 * Invitations (contract/wire/invitations.ts has the rules): trainees invite up to five addresses at
 * a time and list what they sent; anyone reads an invitation by its token; a trainee or trainer but
 * the inviter accepts it once (not the centre's staff: nobody joined).
 */
export function invitationRoutes({ db, tokens, limiter, notifier }: Deps, deps: InvitationDeps): Mounts {
  const routes = new Hono<AppEnv>();
  const trainee = [requireAuth(db, tokens), requireRole('TRAINEE')] as const;

  routes.post(
    '/',
    ...trainee,
    jsonBody(inviteRequestSchema, INVITATION_MESSAGES.requestInvalid),
    async (c) => {
      const user = c.get('user');
      const body = c.req.valid('json');
      const checked = checkInvitees(body.emails);
      if (!checked.ok) {
        const message =
          checked.reason === 'invalid'
            ? invalidAddressMessage(checked.address)
            : checked.reason === 'too_many'
              ? INVITATION_MESSAGES.tooMany
              : INVITATION_MESSAGES.noAddress;
        throw new HttpProblem(400, { field: 'emails', message });
      }
      const { emails } = checked;
      if (emails.includes(user.email.toLowerCase())) {
        throw new HttpProblem(400, { field: 'emails', message: INVITATION_MESSAGES.ownAddress });
      }
      const course = body.course_id ? await invitableCourse(db, body.course_id) : null;
      const origin = deps.origin();
      const { announce } = await db.transaction(async (tx) => {
        // Counted in the transaction: invitations that are not sent are not counted either.
        for (const email of emails) {
          await limiter.consume('inviteAccount', `user:${user.id}`, tx);
          await limiter.consume('inviteRecipient', `email:${email}`, tx);
        }
        return createInvitations(tx, notifier, { inviter: user, course, emails, origin });
      });
      await announce();
      const answer: InvitationsSent = {
        success: true,
        message: INVITATION_MESSAGES.sent,
        data: { sent: emails },
      };
      return c.json(answer, 201);
    },
  );

  routes.get('/', ...trainee, pageQuery(), async (c) => {
    return c.json(await sentInvitations(db, c.get('user').id, c.req.valid('query')));
  });

  routes.get('/:token/', async (c) => {
    return c.json(publicInvitation(await invitationOf(db, tokenOf(c))));
  });

  routes.post('/:token/accept/', requireAuth(db, tokens), requireRole('TRAINEE', 'TRAINER'), async (c) => {
    const token = tokenOf(c);
    const user = c.get('user');
    const { courseId, announce } = await db.transaction((tx) =>
      acceptInvitation(tx, notifier, deps.origin(), token, user),
    );
    await announce();
    const answer: InvitationAccepted = {
      success: true,
      message: INVITATION_MESSAGES.accepted,
      data: { course_id: courseId },
    };
    return c.json(answer);
  });

  return [['/invitations/', routes]];
}
