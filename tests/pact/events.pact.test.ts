import { PUBLIC_MESSAGES } from '@contract/messages/public';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getEvent, getEventRegistration, listEvents, registerForEvent } from '../../src/api/events';
import { expectRefusal, interaction, signedIn } from './interactions';
import { INJECTED_EVENT_ID, PROVIDER_STATES } from './states';
import {
  apiPath,
  errorWithErrorField,
  failureOf,
  PROVIDERS,
  pactWith,
  pathWithId,
  signedInClient,
  signedOutClient,
} from './support';

const { like, eachLike, integer, regex, fromProviderState } = MatchersV3;

const pact = pactWith(PROVIDERS.api);
const ACCEPT = { Accept: 'application/json' };
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

const eventSummary = {
  id: integer(1),
  image: like('/media/events/innovation-forum.svg'),
  date_range: {
    start: regex(DATE_TIME, '2026-12-07T06:00:00Z'),
    end: regex(DATE_TIME, '2026-12-07T12:00:00Z'),
  },
  title: like('Al-Ahsa Innovation Forum'),
  title_ar: like('ملتقى الأحساء للابتكار'),
  event_access: like('Public'),
};

const injectedEventId = () => fromProviderState(`\${${INJECTED_EVENT_ID}}`, 1);

describe('Events contract: GET /event/ and /event/{id}/', () => {
  it('lists the events', async () => {
    await interaction(pact, PROVIDER_STATES.eventsPublished, 'a request for the events', ACCEPT)
      .sends('GET', apiPath('/event/'))
      .answers(200, {
        count: integer(6),
        page: 1,
        limit: 25,
        results: eachLike(eventSummary),
      })
      .executeTest(async (mockServer) => {
        const page = await listEvents(signedOutClient(mockServer));
        expect(page.results[0]?.date_range.start).toBe('2026-12-07T06:00:00Z');
      });
  });

  it('reads the details of an event', async () => {
    await interaction(pact, PROVIDER_STATES.eventsPublished, 'a request for the details of an event', ACCEPT)
      .sends(
        'GET',
        pathWithId((id) => `/event/${id}/`, INJECTED_EVENT_ID, 1),
      )
      .answers(200, {
        ...eventSummary,
        description: like('Start-up founders, researchers and investors share their stories.'),
        description_ar: like('يشارك رواد الأعمال والباحثون والمستثمرون قصصهم.'),
        location: like('University Conference Hall, Al-Ahsa'),
        location_ar: like('قاعة المؤتمرات بالجامعة، الأحساء'),
      })
      .executeTest(async (mockServer) => {
        const event = await getEvent(signedOutClient(mockServer), 1);
        expect(event.location_ar).toBe('قاعة المؤتمرات بالجامعة، الأحساء');
      });
  });

  it('answers 404 for an unknown event', async () => {
    await interaction(pact, PROVIDER_STATES.eventsPublished, 'a request for an unknown event', ACCEPT)
      .sends('GET', apiPath('/event/987654/'))
      .refuses(404, SERVER_MESSAGES.notFound)
      .executeTest(async (mockServer) => {
        await expectRefusal(getEvent(signedOutClient(mockServer), 987654), 404);
      });
  });
});

describe('Events contract: POST /event-registration/', () => {
  it('registers the signed-in trainee for an upcoming event', async () => {
    await signedIn(pact, PROVIDER_STATES.upcomingEventOpen, 'a registration for an upcoming event')
      .sends('POST', apiPath('/event-registration/'), { event: injectedEventId() })
      .answers(201, { success: true, message: PUBLIC_MESSAGES.eventRegistered })
      .executeTest(async (mockServer) => {
        const answer = await registerForEvent(signedInClient(mockServer), 1);
        expect(answer.success).toBe(true);
      });
  });

  it('refuses a second registration with 400 and an error', async () => {
    await signedIn(
      pact,
      PROVIDER_STATES.traineeRegisteredForEvent,
      'a second registration for the same event',
    )
      .sends('POST', apiPath('/event-registration/'), { event: injectedEventId() })
      .answers(400, errorWithErrorField(PUBLIC_MESSAGES.alreadyRegistered))
      .executeTest(async (mockServer) => {
        await expectRefusal(
          registerForEvent(signedInClient(mockServer), 1),
          400,
          'You are already registered for this event',
        );
      });
  });

  it('refuses a registration for an event that has ended with 400', async () => {
    await signedIn(pact, PROVIDER_STATES.eventEnded, 'a registration for an event that has ended')
      .sends('POST', apiPath('/event-registration/'), { event: injectedEventId() })
      .answers(400, errorWithErrorField(PUBLIC_MESSAGES.eventEnded))
      .executeTest(async (mockServer) => {
        const error = await failureOf(registerForEvent(signedInClient(mockServer), 1));
        expect(error.message).toBe('This event has ended');
      });
  });

  it('refuses a registration without a sign-in with 401', async () => {
    await interaction(
      pact,
      PROVIDER_STATES.eventsPublished,
      'a registration for an event without a sign-in',
      ACCEPT,
    )
      .sends('POST', apiPath('/event-registration/'), { event: injectedEventId() })
      .refuses(401, SERVER_MESSAGES.authenticationRequired)
      .executeTest(async (mockServer) => {
        await expectRefusal(registerForEvent(signedOutClient(mockServer), 1), 401);
      });
  });
});

// Not in the spec: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

describe('Events contract: GET /event/{id}/registration/', () => {
  it('tells a registered trainee they are registered', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.traineeRegisteredForEvent,
      "a request for the trainee's registration for an event they registered for",
    )
      .sends(
        'GET',
        pathWithId((id) => `/event/${id}/registration/`, INJECTED_EVENT_ID, 1),
      )
      .answers(200, { registered: true })
      .executeTest(async (mockServer) => {
        await expect(getEventRegistration(signedInClient(mockServer), 1)).resolves.toEqual({
          registered: true,
        });
      });
  });

  it('tells a trainee who has not registered that they are not', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.upcomingEventOpen,
      "a request for the trainee's registration for an event they have not registered for",
    )
      .sends(
        'GET',
        pathWithId((id) => `/event/${id}/registration/`, INJECTED_EVENT_ID, 1),
      )
      .answers(200, { registered: false })
      .executeTest(async (mockServer) => {
        await expect(getEventRegistration(signedInClient(mockServer), 1)).resolves.toEqual({
          registered: false,
        });
      });
  });
});
