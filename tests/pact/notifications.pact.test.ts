import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  newNotificationMessageSchema,
  notificationSeenMessageSchema,
  notificationSelectedMessageSchema,
  serverSocketMessageSchema,
} from '@contract/wire/notifications';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { listNotifications, markNotificationSeen } from '../../src/api/notifications';
import { INJECTED_NOTIFICATION_ID, MESSAGES, PROVIDER_STATES } from './states';
import {
  apiPath,
  bearerHeader,
  errorBody,
  failureOf,
  JSON_CONTENT,
  PROVIDERS,
  pactOfMessagesToApi,
  pactWith,
  pathWithId,
  receivedJson,
  signedInClient,
  signedOutClient,
} from './support';

const { like, eachLike, integer, boolean } = MatchersV3;

const pact = pactWith(PROVIDERS.api);
const ACCEPT = { Accept: 'application/json' };

/** A notification that leads somewhere (`link` may also be null; the states give every one a link). */
const notification = {
  id: integer(3),
  title: like('Event registration confirmed'),
  text: like('You are registered for Al-Ahsa Innovation Forum.'),
  seen: boolean(false),
  link: like('/event-details/1'),
  title_ar: like('تم تأكيد التسجيل في الفعالية'),
  text_ar: like('تم تسجيلك في ملتقى الأحساء للابتكار.'),
};

const markAsSeenPath = (example: number) =>
  pathWithId((id) => `/notification/mark-as-seen/${id}/`, INJECTED_NOTIFICATION_ID, example);

describe('Notifications contract: GET /notification/ and PATCH /notification/mark-as-seen/{id}/', () => {
  it("lists the signed-in user's notifications", async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.traineeHasNotifications)
      .uponReceiving("a request for the trainee's notifications")
      .withRequest('GET', apiPath('/notification/'), (b) => b.headers(bearerHeader()))
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(eachLike(notification)))
      .executeTest(async (mockServer) => {
        const items = await listNotifications(signedInClient(mockServer));
        expect(items).toEqual([
          {
            id: 3,
            title: 'Event registration confirmed',
            text: 'You are registered for Al-Ahsa Innovation Forum.',
            seen: false,
            link: '/event-details/1',
            title_ar: 'تم تأكيد التسجيل في الفعالية',
            text_ar: 'تم تسجيلك في ملتقى الأحساء للابتكار.',
          },
        ]);
      });
  });

  it('refuses the list without a sign-in with 401', async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.traineeHasNotifications)
      .uponReceiving('a request for the notifications without a sign-in')
      .withRequest('GET', apiPath('/notification/'), (b) => b.headers(ACCEPT))
      .willRespondWith(401, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody(SERVER_MESSAGES.authenticationRequired)),
      )
      .executeTest(async (mockServer) => {
        const error = await failureOf(listNotifications(signedOutClient(mockServer)));
        expect(error.status).toBe(401);
      });
  });

  it("marks one of the user's notifications seen", async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.traineeHasNotifications)
      .uponReceiving("a request to mark one of the trainee's notifications seen")
      .withRequest('PATCH', markAsSeenPath(3), (b) => b.headers(bearerHeader()))
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ ...notification, seen: true }))
      .executeTest(async (mockServer) => {
        const marked = await markNotificationSeen(signedInClient(mockServer), 3);
        expect(marked.id).toBe(3);
        expect(marked.seen).toBe(true);
      });
  });

  it("answers 404 for another user's notification", async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.otherUserHasNotification)
      .uponReceiving("a request to mark another user's notification seen")
      .withRequest('PATCH', markAsSeenPath(4), (b) => b.headers(bearerHeader()))
      .willRespondWith(404, (b) => b.headers(JSON_CONTENT).jsonBody(errorBody(SERVER_MESSAGES.notFound)))
      .executeTest(async (mockServer) => {
        const error = await failureOf(markNotificationSeen(signedInClient(mockServer), 4));
        expect(error.status).toBe(404);
        expect(error.message).toBe('Not found');
      });
  });
});

describe('Notifications contract: messages on /ws/notifications', () => {
  it('receives a message when a notification is created for the user', async () => {
    await pact
      .addAsynchronousInteraction()
      .given(PROVIDER_STATES.traineeSignedIn)
      .expectsToReceive(MESSAGES.newNotification, (b) =>
        b.withJSONContent({ type: 'new_notification', id: integer(7) }),
      )
      .executeTest(async (message) => {
        const received = receivedJson(message);
        // The web app reads the list again on any message; the reference server says what happened.
        expect(serverSocketMessageSchema.safeParse(received).success).toBe(true);
        expect(newNotificationMessageSchema.parse(received)).toEqual({ type: 'new_notification', id: 7 });
      });
  });

  it("receives a message when one of the user's notifications was marked seen elsewhere", async () => {
    await pact
      .addAsynchronousInteraction()
      .given(PROVIDER_STATES.traineeHasNotifications)
      .expectsToReceive(MESSAGES.notificationSeen, (b) =>
        b.withJSONContent({ type: 'notification_seen', id: integer(7) }),
      )
      .executeTest(async (message) => {
        const received = receivedJson(message);
        expect(serverSocketMessageSchema.safeParse(received).success).toBe(true);
        expect(notificationSeenMessageSchema.parse(received)).toEqual({ type: 'notification_seen', id: 7 });
      });
  });

  it('the API receives the message the web app sends after marking a notification seen', async () => {
    await pactOfMessagesToApi()
      .addAsynchronousInteraction()
      .expectsToReceive(MESSAGES.notificationSelected, (b) =>
        b.withJSONContent({ type: 'notification_selected', id: integer(7) }),
      )
      .executeTest(async (message) => {
        // The schema server/live.ts accepts `notification_selected` with.
        expect(notificationSelectedMessageSchema.parse(receivedJson(message))).toEqual({
          type: 'notification_selected',
          id: 7,
        });
      });
  });
});
