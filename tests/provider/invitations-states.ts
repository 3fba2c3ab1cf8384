import { startSession } from '../../server/auth/sessions';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { newInvitationToken, tokenHash } from '../../server/invitations/queries';
import { seed } from '../../server/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { signedInTrainee, type TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';
import { INJECTED_INVITATIONS, INVITATION_STATES } from '../pact/invitations-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/**
 * The provider states of the invitations contracts: the demo trainee signed in (as the inviter), or
 * an invitation of hers in a given state and another trainee signed in (as the invitee).
 */
export function invitationStateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;

  async function demoTrainee() {
    await seed(db);
    const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
    if (!user) throw new Error('The seed did not create the demo trainee');
    return user;
  }

  async function courseId(): Promise<number> {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [
      LEARNING_COURSES.cloud.slug,
    ]);
    return rows[0]?.id ?? 0;
  }

  /** An invitation of the demo trainee to the seeded course, made `daysAgo` days ago; its token. */
  async function invitation(state: 'pending' | 'expired' | 'accepted', acceptedBy?: number): Promise<string> {
    const inviter = await demoTrainee();
    const token = newInvitationToken();
    const daysAgo = state === 'expired' ? 20 : 1;
    await db.query(
      `INSERT INTO invitations (token_hash, inviter_id, course_id, email, created_at, expires_at, accepted_at, accepted_by)
       VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $5) + interval '14 days',
               CASE WHEN $6::int IS NULL THEN NULL ELSE now() END, $6)`,
      [
        tokenHash(token),
        inviter.id,
        await courseId(),
        `friend.${token.slice(0, 8).toLowerCase()}@example.org`,
        daysAgo,
        acceptedBy ?? null,
      ],
    );
    return token;
  }

  async function inviteeState(state: 'pending' | 'expired' | 'accepted') {
    const invitee = await signedInTrainee(server, 'invitee');
    const token = await invitation(state, state === 'accepted' ? invitee.user.id : undefined);
    return {
      [INJECTED_ACCESS_TOKEN]: invitee.token,
      [INJECTED_INVITATIONS.token]: token,
      [INJECTED_INVITATIONS.courseId]: await courseId(),
    };
  }

  return {
    [INVITATION_STATES.traineeSignedIn]: async () => {
      const user = await demoTrainee();
      return {
        [INJECTED_ACCESS_TOKEN]: (await startSession(db, tokens, user)).access_token,
        [INJECTED_INVITATIONS.courseId]: await courseId(),
      };
    },
    [INVITATION_STATES.traineeHasSentInvitations]: async () => {
      const user = await demoTrainee();
      const friend = await signedInTrainee(server, 'friend');
      await invitation('pending');
      await invitation('accepted', friend.user.id);
      return { [INJECTED_ACCESS_TOKEN]: (await startSession(db, tokens, user)).access_token };
    },
    [INVITATION_STATES.pendingInvitation]: () => inviteeState('pending'),
    [INVITATION_STATES.expiredInvitation]: () => inviteeState('expired'),
    [INVITATION_STATES.acceptedInvitation]: () => inviteeState('accepted'),
  };
}
