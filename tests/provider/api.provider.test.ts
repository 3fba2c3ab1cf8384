import {
  chatReadMessage,
  chatReceivedMessage,
  chatSendMessage,
  chatSyncMessage,
  chatTypingMessage,
} from '@contract/wire/chat';
import { notificationSelectedMessage } from '@contract/wire/notifications';
import type { MessageProviders } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatAckMessage,
  chatErrorMessage,
  chatMessageEvent,
  chatReceiptMessage,
  chatSyncedMessage,
  chatTypingEvent,
} from '../../server/chat/socket';
import { attendanceMarkedMessage, newNotificationMessage, notificationSeenMessage } from '../../server/live';
import { startTestServer, type TestServer } from '../../server/testing';
import { ATTENDANCE_MESSAGE } from '../pact/attendance-states';
import { CHAT_SOCKET_MESSAGES } from '../pact/chat-states';
import { MESSAGES } from '../pact/states';
import { CONSUMER, PROVIDERS, SMS_PROVIDER_PACT } from '../pact/support';
import { type PactFile, readPactFiles, verifyAll } from './pact-files';
import { stateHandlers } from './states';

/**
 * What each side sends over the notifications socket, made by the code that sends it: the
 * reference server's pushes, and the web app's message after a notification was marked seen.
 */
const messageProviders: Record<string, MessageProviders> = {
  [PROVIDERS.api]: {
    [MESSAGES.newNotification]: () => newNotificationMessage(7),
    [MESSAGES.notificationSeen]: () => notificationSeenMessage(7),
  },
  // The live attendance count is the product's own: the extensions pact.
  [PROVIDERS.extensions]: {
    [ATTENDANCE_MESSAGE]: () => attendanceMarkedMessage(7, '2026-11-24', 12),
    // The chat's messages on /ws/chat (server/chat/socket.ts).
    [CHAT_SOCKET_MESSAGES.ack]: () =>
      chatAckMessage('c4a70000-0000-4000-8000-000041000004', 41, 4, '2026-11-24T09:40:00.000Z'),
    [CHAT_SOCKET_MESSAGES.message]: () =>
      chatMessageEvent({
        conversation_id: 41,
        seq: 4,
        client_id: 'c4a70000-0000-4000-8000-000041000004',
        sender_id: 7,
        sender_name: 'Dr. Ahmed Al-Mulla',
        body: 'ممتاز! لا تنسي رفع الـ assignment قبل يوم الخميس.',
        created_at: '2026-11-24T09:40:00.000Z',
      }),
    [CHAT_SOCKET_MESSAGES.synced]: () => chatSyncedMessage(41, 4),
    [CHAT_SOCKET_MESSAGES.receipt]: () => chatReceiptMessage(41, 7, 4, 3),
    [CHAT_SOCKET_MESSAGES.typing]: () => chatTypingEvent(41, 7, 'Dr. Ahmed Al-Mulla'),
    [CHAT_SOCKET_MESSAGES.error]: () =>
      chatErrorMessage('too_long', 'c4a70000-0000-4000-8000-000041000005', 41),
  },
  // The web app is the provider of the messages it sends.
  [CONSUMER]: {
    [MESSAGES.notificationSelected]: () => notificationSelectedMessage(7),
    // The chat's messages the web app sends on /ws/chat, made with the contract's builders.
    [CHAT_SOCKET_MESSAGES.send]: () =>
      chatSendMessage(41, 'c4a70000-0000-4000-8000-000041000006', 'Thank you, I will.'),
    [CHAT_SOCKET_MESSAGES.sync]: () => chatSyncMessage([{ conversation_id: 41, after_seq: 3 }]),
    [CHAT_SOCKET_MESSAGES.received]: () => chatReceivedMessage(41, 4),
    [CHAT_SOCKET_MESSAGES.read]: () => chatReadMessage(41, 4),
    [CHAT_SOCKET_MESSAGES.typingSent]: () => chatTypingMessage(41),
  },
};

describe('the reference server honours the pacts', () => {
  let server: TestServer;
  let pacts: PactFile[];

  beforeAll(async () => {
    // The server's own pact with the SMS provider is verified against the simulated provider.
    pacts = (await readPactFiles()).filter((pact) => pact.provider !== SMS_PROVIDER_PACT.provider);
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('has pact files to verify', () => {
    expect(pacts.map((pact) => pact.provider)).toEqual(expect.arrayContaining(Object.values(PROVIDERS)));
    // The card gateway's signed notices to the API are pinned by a pact of their own.
    expect(pacts.map((pact) => `${pact.consumer} → ${pact.provider}`)).toContain(
      'kfu-payment-gateway → kfu-training-api',
    );
  });

  it('can set up every provider state the pacts name', () => {
    const handled = new Set(Object.keys(stateHandlers(server)));
    const missing = pacts.flatMap((pact) => pact.states.filter((state) => !handled.has(state)));
    expect(missing).toEqual([]);
  });

  it('has a producer for every message the pacts name', () => {
    const missing = pacts.flatMap((pact) =>
      pact.messages
        .filter((description) => !messageProviders[pact.provider]?.[description])
        .map((description) => `${pact.provider}: ${description}`),
    );
    expect(missing).toEqual([]);
  });

  it('answers every interaction as the consumer expects', async () => {
    const failed = await verifyAll(pacts, {
      providerBaseUrl: server.url,
      stateHandlers: stateHandlers(server),
      messageProviders,
    });
    expect(failed).toEqual([]);
  });
});
