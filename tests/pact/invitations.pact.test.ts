import { INVITATION_MESSAGES, invalidAddressMessage } from '@contract/messages/invitations';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  getInvitation,
  getSentInvitations,
  sendInvitations,
} from '../../src/api/invitations';
import { expectRefusal, interaction, signedIn } from './interactions';
import { INJECTED_INVITATIONS, INVITATION_STATES } from './invitations-states';
import { apiPath, failureOf, PROVIDERS, pactWith, signedInClient, signedOutClient } from './support';

const { like, integer, regex, arrayContaining, fromProviderState } = MatchersV3;

// Invitations are the product's own calls: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const EXAMPLE_TOKEN = 'q5R1mJc0xWb8Kp2sT7vYz3nLh6dFg9aE4uOiC1bXkQw';
const EXAMPLE_COURSE = 12;

const tokenPath = (template: (token: string) => string) =>
  fromProviderState(apiPath(template(`\${${INJECTED_INVITATIONS.token}}`)), apiPath(template(EXAMPLE_TOKEN)));
const courseOfState = () => fromProviderState(`\${${INJECTED_INVITATIONS.courseId}}`, EXAMPLE_COURSE);

const invitedCourse = () => ({
  id: courseOfState(),
  title: like('Cloud Computing Fundamentals'),
  title_ar: like('أساسيات الحوسبة السحابية'),
});

/** An invitation as its page reads it, signed out: who invites whom to which course, and until when. */
const invitationAnswer = (state: 'pending' | 'expired', expiresAt: string) => ({
  inviter: { full_name: like('Sara Al-Qahtani') },
  email: like('friend@example.org'),
  course: invitedCourse(),
  state,
  expires_at: regex(INSTANT, expiresAt),
});

describe('Invitations contract: POST /invitations/', () => {
  it('invites the addresses typed, merged, to a course', async () => {
    await signedIn(
      extensions,
      INVITATION_STATES.traineeSignedIn,
      'an invitation of two addresses, one typed twice, to a course',
    )
      .sends('POST', apiPath('/invitations/'), {
        emails: ['Huda.Pact@example.org', 'huda.pact@example.org ', 'omar.pact@example.org'],
        course_id: courseOfState(),
      })
      .answers(201, {
        success: true,
        message: INVITATION_MESSAGES.sent,
        data: { sent: ['huda.pact@example.org', 'omar.pact@example.org'] },
      })
      .executeTest(async (mockServer) => {
        const answer = await sendInvitations(signedInClient(mockServer), {
          emails: ['Huda.Pact@example.org', 'huda.pact@example.org ', 'omar.pact@example.org'],
          course_id: EXAMPLE_COURSE,
        });
        expect(answer.data.sent).toHaveLength(2);
      });
  });

  it('refuses the whole request for one bad address, naming it', async () => {
    await signedIn(
      extensions,
      INVITATION_STATES.traineeSignedIn,
      'an invitation with one address that is not valid',
    )
      .sends('POST', apiPath('/invitations/'), { emails: ['huda@example.org', 'omar@example'] })
      .refusesField(400, 'emails', invalidAddressMessage('omar@example'))
      .executeTest(async (mockServer) => {
        const error = await failureOf(
          sendInvitations(signedInClient(mockServer), { emails: ['huda@example.org', 'omar@example'] }),
        );
        expect(error.message).toBe('omar@example is not a valid e-mail address');
      });
  });

  it('refuses more than five people at a time', async () => {
    const emails = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}.pact@example.org`);
    await signedIn(extensions, INVITATION_STATES.traineeSignedIn, 'an invitation of six addresses')
      .sends('POST', apiPath('/invitations/'), { emails })
      .refusesField(400, 'emails', INVITATION_MESSAGES.tooMany)
      .executeTest(async (mockServer) => {
        await expectRefusal(sendInvitations(signedInClient(mockServer), { emails }), 400);
      });
  });
});

/** One invitation the trainee sent, as the profile lists it. */
const sentInvitation = (state: 'pending' | 'accepted') => ({
  id: integer(4),
  email: like('huda@example.org'),
  course: {
    id: integer(EXAMPLE_COURSE),
    title: like('Cloud Computing Fundamentals'),
    title_ar: like('أساسيات الحوسبة السحابية'),
  },
  state,
  created_at: regex(INSTANT, '2026-11-23T08:00:00.000+00:00'),
  expires_at: regex(INSTANT, '2026-12-07T08:00:00.000+00:00'),
  accepted_at: state === 'accepted' ? regex(INSTANT, '2026-11-24T08:00:00.000+00:00') : null,
});

describe('Invitations contract: GET /invitations/', () => {
  it('lists the invitations the trainee sent, newest first, with their states', async () => {
    await signedIn(
      extensions,
      INVITATION_STATES.traineeHasSentInvitations,
      'a request for the invitations the trainee sent',
    )
      .sends('GET', apiPath('/invitations/'))
      .answers(200, {
        count: integer(2),
        page: 1,
        limit: integer(25),
        // Among them, one waiting and one accepted.
        results: arrayContaining(sentInvitation('pending'), sentInvitation('accepted')),
      })
      .executeTest(async (mockServer) => {
        const page = await getSentInvitations(signedInClient(mockServer));
        expect(page.results.map((row) => row.state)).toEqual(['pending', 'accepted']);
      });
  });
});

describe('Invitations contract: GET /invitations/{token}/', () => {
  it('shows who invited, to what, and that it waits', async () => {
    await interaction(
      extensions,
      INVITATION_STATES.pendingInvitation,
      'a request for a pending invitation, signed out',
    )
      .sends(
        'GET',
        tokenPath((token) => `/invitations/${token}/`),
      )
      .answers(200, invitationAnswer('pending', '2026-12-07T08:00:00.000+00:00'))
      .executeTest(async (mockServer) => {
        const invitation = await getInvitation(signedOutClient(mockServer), EXAMPLE_TOKEN);
        expect(invitation.state).toBe('pending');
      });
  });

  it('says an expired invitation has expired', async () => {
    await interaction(extensions, INVITATION_STATES.expiredInvitation, 'a request for an expired invitation')
      .sends(
        'GET',
        tokenPath((token) => `/invitations/${token}/`),
      )
      .answers(200, invitationAnswer('expired', '2026-11-10T08:00:00.000+00:00'))
      .executeTest(async (mockServer) => {
        expect((await getInvitation(signedOutClient(mockServer), EXAMPLE_TOKEN)).state).toBe('expired');
      });
  });

  it('knows no unknown token (404)', async () => {
    const unknown = 'A'.repeat(43);
    await interaction(
      extensions,
      INVITATION_STATES.pendingInvitation,
      'a request for an invitation of an unknown token',
    )
      .sends('GET', apiPath(`/invitations/${unknown}/`))
      .refuses(404, INVITATION_MESSAGES.notFound)
      .executeTest(async (mockServer) => {
        const error = await failureOf(getInvitation(signedOutClient(mockServer), unknown));
        expect(error.message).toBe(INVITATION_MESSAGES.notFound);
      });
  });
});

describe('Invitations contract: POST /invitations/{token}/accept/', () => {
  it('accepts a pending invitation and answers its course', async () => {
    await signedIn(extensions, INVITATION_STATES.pendingInvitation, 'the acceptance of a pending invitation')
      .sends(
        'POST',
        tokenPath((token) => `/invitations/${token}/accept/`),
      )
      .answers(200, {
        success: true,
        message: INVITATION_MESSAGES.accepted,
        data: { course_id: courseOfState() },
      })
      .executeTest(async (mockServer) => {
        const answer = await acceptInvitation(signedInClient(mockServer), EXAMPLE_TOKEN);
        expect(answer.data.course_id).toBe(EXAMPLE_COURSE);
      });
  });

  it('refuses an expired invitation (410)', async () => {
    await signedIn(extensions, INVITATION_STATES.expiredInvitation, 'the acceptance of an expired invitation')
      .sends(
        'POST',
        tokenPath((token) => `/invitations/${token}/accept/`),
      )
      .refuses(410, INVITATION_MESSAGES.expired)
      .executeTest(async (mockServer) => {
        await expectRefusal(acceptInvitation(signedInClient(mockServer), EXAMPLE_TOKEN), 410);
      });
  });

  it('refuses an invitation accepted already (409)', async () => {
    await signedIn(
      extensions,
      INVITATION_STATES.acceptedInvitation,
      'the acceptance of an invitation accepted already',
    )
      .sends(
        'POST',
        tokenPath((token) => `/invitations/${token}/accept/`),
      )
      .refuses(409, INVITATION_MESSAGES.alreadyAccepted)
      .executeTest(async (mockServer) => {
        await expectRefusal(acceptInvitation(signedInClient(mockServer), EXAMPLE_TOKEN), 409);
      });
  });
});
