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
import { expectRefusal, interaction, signedIn } from './interactions';
import { INJECTED_NOTIFICATION_ID, MESSAGES, PROVIDER_STATES } from './states';
import {
  apiPath,
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
    await signedIn(pact, PROVIDER_STATES.traineeHasNotifications, "a request for the trainee's notifications")
      .sends('GET', apiPath('/notification/'))
      .answers(200, eachLike(notification))
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
    await interaction(
      pact,
      PROVIDER_STATES.traineeHasNotifications,
      'a request for the notifications without a sign-in',
      ACCEPT,
    )
      .sends('GET', apiPath('/notification/'))
      .refuses(401, SERVER_MESSAGES.authenticationRequired)
      .executeTest(async (mockServer) => {
        await expectRefusal(listNotifications(signedOutClient(mockServer)), 401);
      });
  });

  it("marks one of the user's notifications seen", async () => {
    await signedIn(
      pact,
      PROVIDER_STATES.traineeHasNotifications,
      "a request to mark one of the trainee's notifications seen",
    )
      .sends('PATCH', markAsSeenPath(3))
      .answers(200, { ...notification, seen: true })
      .executeTest(async (mockServer) => {
        const marked = await markNotificationSeen(signedInClient(mockServer), 3);
        expect(marked.id).toBe(3);
        expect(marked.seen).toBe(true);
      });
  });

  it("answers 404 for another user's notification", async () => {
    await signedIn(
      pact,
      PROVIDER_STATES.otherUserHasNotification,
      "a request to mark another user's notification seen",
    )
      .sends('PATCH', markAsSeenPath(4))
      .refuses(404, SERVER_MESSAGES.notFound)
      .executeTest(async (mockServer) => {
        await expectRefusal(markNotificationSeen(signedInClient(mockServer), 4), 404, 'Not found');
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
