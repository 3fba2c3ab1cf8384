import { INVITATION_MESSAGES, invalidAddressMessage } from '@contract/messages/invitations';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  getInvitation,
  getSentInvitations,
  sendInvitations,
} from '../../src/api/invitations';
import { INJECTED_INVITATIONS, INVITATION_STATES } from './invitations-states';
import {
  apiPath,
  bearerHeader,
  errorBody,
  failureOf,
  fieldErrorBody,
  JSON_CONTENT,
  PROVIDERS,
  pactWith,
  signedInClient,
  signedOutClient,
} from './support';

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

describe('Invitations contract: POST /invitations/', () => {
  it('invites the addresses typed, merged, to a course', async () => {
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.traineeSignedIn)
      .uponReceiving('an invitation of two addresses, one typed twice, to a course')
      .withRequest('POST', apiPath('/invitations/'), (b) =>
        b.headers(bearerHeader()).jsonBody({
          emails: ['Huda.Pact@example.org', 'huda.pact@example.org ', 'omar.pact@example.org'],
          course_id: courseOfState(),
        }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          message: INVITATION_MESSAGES.sent,
          data: { sent: ['huda.pact@example.org', 'omar.pact@example.org'] },
        }),
      )
      .executeTest(async (mockServer) => {
        const answer = await sendInvitations(signedInClient(mockServer), {
          emails: ['Huda.Pact@example.org', 'huda.pact@example.org ', 'omar.pact@example.org'],
          course_id: EXAMPLE_COURSE,
        });
        expect(answer.data.sent).toHaveLength(2);
      });
  });

  it('refuses the whole request for one bad address, naming it', async () => {
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.traineeSignedIn)
      .uponReceiving('an invitation with one address that is not valid')
      .withRequest('POST', apiPath('/invitations/'), (b) =>
        b.headers(bearerHeader()).jsonBody({ emails: ['huda@example.org', 'omar@example'] }),
      )
      .willRespondWith(400, (b) =>
        b.headers(JSON_CONTENT).jsonBody(fieldErrorBody('emails', invalidAddressMessage('omar@example'))),
      )
      .executeTest(async (mockServer) => {
        const error = await failureOf(
          sendInvitations(signedInClient(mockServer), { emails: ['huda@example.org', 'omar@example'] }),
        );
        expect(error.message).toBe('omar@example is not a valid e-mail address');
      });
  });

  it('refuses more than five people at a time', async () => {
    const emails = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}.pact@example.org`);
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.traineeSignedIn)
      .uponReceiving('an invitation of six addresses')
      .withRequest('POST', apiPath('/invitations/'), (b) => b.headers(bearerHeader()).jsonBody({ emails }))
      .willRespondWith(400, (b) =>
        b.headers(JSON_CONTENT).jsonBody(fieldErrorBody('emails', INVITATION_MESSAGES.tooMany)),
      )
      .executeTest(async (mockServer) => {
        const error = await failureOf(sendInvitations(signedInClient(mockServer), { emails }));
        expect(error.status).toBe(400);
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
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.traineeHasSentInvitations)
      .uponReceiving('a request for the invitations the trainee sent')
      .withRequest('GET', apiPath('/invitations/'), (b) => b.headers(bearerHeader()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          count: integer(2),
          page: 1,
          limit: integer(25),
          // Among them, one waiting and one accepted.
          results: arrayContaining(sentInvitation('pending'), sentInvitation('accepted')),
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await getSentInvitations(signedInClient(mockServer));
        expect(page.results.map((row) => row.state)).toEqual(['pending', 'accepted']);
      });
  });
});

describe('Invitations contract: GET /invitations/{token}/', () => {
  it('shows who invited, to what, and that it waits', async () => {
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.pendingInvitation)
      .uponReceiving('a request for a pending invitation, signed out')
      .withRequest(
        'GET',
        tokenPath((token) => `/invitations/${token}/`),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          inviter: { full_name: like('Sara Al-Qahtani') },
          email: like('friend@example.org'),
          course: invitedCourse(),
          state: 'pending',
          expires_at: regex(INSTANT, '2026-12-07T08:00:00.000+00:00'),
        }),
      )
      .executeTest(async (mockServer) => {
        const invitation = await getInvitation(signedOutClient(mockServer), EXAMPLE_TOKEN);
        expect(invitation.state).toBe('pending');
      });
  });

  it('says an expired invitation has expired', async () => {
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.expiredInvitation)
      .uponReceiving('a request for an expired invitation')
      .withRequest(
        'GET',
        tokenPath((token) => `/invitations/${token}/`),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          inviter: { full_name: like('Sara Al-Qahtani') },
          email: like('friend@example.org'),
          course: invitedCourse(),
          state: 'expired',
          expires_at: regex(INSTANT, '2026-11-10T08:00:00.000+00:00'),
        }),
      )
      .executeTest(async (mockServer) => {
        expect((await getInvitation(signedOutClient(mockServer), EXAMPLE_TOKEN)).state).toBe('expired');
      });
  });

  it('knows no unknown token (404)', async () => {
    const unknown = 'A'.repeat(43);
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.pendingInvitation)
      .uponReceiving('a request for an invitation of an unknown token')
      .withRequest('GET', apiPath(`/invitations/${unknown}/`))
      .willRespondWith(404, (b) => b.headers(JSON_CONTENT).jsonBody(errorBody(INVITATION_MESSAGES.notFound)))
      .executeTest(async (mockServer) => {
        const error = await failureOf(getInvitation(signedOutClient(mockServer), unknown));
        expect(error.message).toBe(INVITATION_MESSAGES.notFound);
      });
  });
});

describe('Invitations contract: POST /invitations/{token}/accept/', () => {
  it('accepts a pending invitation and answers its course', async () => {
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.pendingInvitation)
      .uponReceiving('the acceptance of a pending invitation')
      .withRequest(
        'POST',
        tokenPath((token) => `/invitations/${token}/accept/`),
        (b) => b.headers(bearerHeader()),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          message: INVITATION_MESSAGES.accepted,
          data: { course_id: courseOfState() },
        }),
      )
      .executeTest(async (mockServer) => {
        const answer = await acceptInvitation(signedInClient(mockServer), EXAMPLE_TOKEN);
        expect(answer.data.course_id).toBe(EXAMPLE_COURSE);
      });
  });

  it('refuses an expired invitation (410)', async () => {
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.expiredInvitation)
      .uponReceiving('the acceptance of an expired invitation')
      .withRequest(
        'POST',
        tokenPath((token) => `/invitations/${token}/accept/`),
        (b) => b.headers(bearerHeader()),
      )
      .willRespondWith(410, (b) => b.headers(JSON_CONTENT).jsonBody(errorBody(INVITATION_MESSAGES.expired)))
      .executeTest(async (mockServer) => {
        const error = await failureOf(acceptInvitation(signedInClient(mockServer), EXAMPLE_TOKEN));
        expect(error.status).toBe(410);
      });
  });

  it('refuses an invitation accepted already (409)', async () => {
    await extensions
      .addInteraction()
      .given(INVITATION_STATES.acceptedInvitation)
      .uponReceiving('the acceptance of an invitation accepted already')
      .withRequest(
        'POST',
        tokenPath((token) => `/invitations/${token}/accept/`),
        (b) => b.headers(bearerHeader()),
      )
      .willRespondWith(409, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody(INVITATION_MESSAGES.alreadyAccepted)),
      )
      .executeTest(async (mockServer) => {
        const error = await failureOf(acceptInvitation(signedInClient(mockServer), EXAMPLE_TOKEN));
        expect(error.status).toBe(409);
      });
  });
});
