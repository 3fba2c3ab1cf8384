import { CHAT_MESSAGES } from '@contract/messages/chat';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { chatClientMessageSchema, chatServerMessageSchema } from '@contract/wire/chat';
import { MatchersV3, PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getConversation,
  getMessages,
  listChatContacts,
  listConversations,
  startConversation,
} from '../../src/api/chat';
import { CHAT_SOCKET_MESSAGES, CHAT_STATES, INJECTED_CHAT } from './chat-states';
import { expectRefusal, interaction, signedIn } from './interactions';
import {
  apiPath,
  bearerHeader,
  CONSUMER,
  errorBody,
  failureOf,
  JSON_CONTENT,
  PACT_DIR,
  PROVIDERS,
  pactWith,
  pathWithId,
  receivedJson,
  signedInClient,
  signedOutClient,
} from './support';

const { like, eachLike, integer, regex, uuid, fromProviderState, arrayContaining } = MatchersV3;

// The chat is the product's own: every call and socket message is in the extensions pact.
const pact = pactWith(PROVIDERS.extensions);

/** The messages the web app sends on /ws/chat: the API receives them (it is their consumer). */
const messagesToApi = new PactV4({
  consumer: PROVIDERS.extensions,
  provider: CONSUMER,
  dir: PACT_DIR,
  spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
  logLevel: 'warn',
});

const INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
const EXAMPLE_CONVERSATION = 41;
const EXAMPLE_TRAINER = 7;
const ACCEPT = { Accept: 'application/json' };

const injected = (key: string, example: number) => fromProviderState(`\${${key}}`, example);
const conversationPath = (template: (id: string) => string, key: string = INJECTED_CHAT.conversationId) =>
  pathWithId(template, key, EXAMPLE_CONVERSATION);

const course = {
  id: integer(12),
  title: like('Cloud Computing Fundamentals'),
  title_ar: like('أساسيات الحوسبة السحابية'),
};
const person = (name: string, role: 'TRAINEE' | 'TRAINER', image: string | null) => ({
  id: integer(EXAMPLE_TRAINER),
  name: like(name),
  role: regex('^(TRAINEE|TRAINER)$', role),
  // The profile photo's address (the demo trainer's), or null (a new trainer has none).
  image: image === null ? null : like(image),
});
const message = {
  conversation_id: integer(EXAMPLE_CONVERSATION),
  seq: integer(4),
  client_id: uuid('c4a70000-0000-4000-8000-000041000004'),
  sender_id: integer(EXAMPLE_TRAINER),
  sender_name: like('Dr. Ahmed Al-Mulla'),
  body: like('ممتاز! لا تنسي رفع الـ assignment قبل يوم الخميس.'),
  created_at: regex(INSTANT, '2026-11-24T09:40:00.000Z'),
};
const positions = {
  last_seq: integer(4),
  read_seq: integer(3),
  unread: integer(1),
  others_delivered_seq: integer(4),
  others_read_seq: integer(4),
};
const direct = {
  id: integer(EXAMPLE_CONVERSATION),
  kind: 'direct',
  course: null,
  peer: person('Dr. Ahmed Al-Mulla', 'TRAINER', '/media/avatars/person.svg'),
  members: integer(2),
  last_message: message,
  ...positions,
};
const channel = {
  id: integer(42),
  kind: 'course',
  course,
  peer: null,
  members: integer(7),
  last_message: { ...message, conversation_id: integer(42), sender_name: like('Fahad Al-Zahrani') },
  ...positions,
};

describe('Chat contract: conversations', () => {
  it("lists the trainee's conversations, her direct one and her course's channel, with the unread total", async () => {
    await signedIn(
      pact,
      CHAT_STATES.traineeTalksWithTrainer,
      "a request for the trainee's chat conversations",
    )
      .sends('GET', apiPath('/chat/conversations/'))
      .answers(200, { results: arrayContaining(direct, channel), unread_total: integer(2) })
      .executeTest(async (mockServer) => {
        const list = await listConversations(signedInClient(mockServer));
        expect(list.unread_total).toBe(2);
        expect(list.results.map((c) => c.kind)).toEqual(['direct', 'course']);
        expect(list.results[0]?.peer?.role).toBe('TRAINER');
        expect(list.results[1]?.course?.title).toBe('Cloud Computing Fundamentals');
      });
  });

  it('refuses the list without a sign-in with 401', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request for the chat conversations without a sign-in')
      .withRequest('GET', apiPath('/chat/conversations/'), (b) => b.headers(ACCEPT))
      .willRespondWith(401, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody(SERVER_MESSAGES.authenticationRequired)),
      )
      .executeTest(async (mockServer) => {
        expect((await failureOf(listConversations(signedOutClient(mockServer)))).status).toBe(401);
      });
  });

  it('answers one conversation to its member', async () => {
    await signedIn(
      pact,
      CHAT_STATES.traineeTalksWithTrainer,
      "a request for one of the trainee's conversations",
    )
      .sends(
        'GET',
        conversationPath((id) => `/chat/conversations/${id}/`),
      )
      .answers(200, { ...direct, id: injected(INJECTED_CHAT.conversationId, EXAMPLE_CONVERSATION) })
      .executeTest(async (mockServer) => {
        const conversation = await getConversation(signedInClient(mockServer), EXAMPLE_CONVERSATION);
        expect(conversation).toMatchObject({ id: EXAMPLE_CONVERSATION, kind: 'direct', unread: 1 });
      });
  });

  it('refuses a conversation the caller does not belong to with 403', async () => {
    await signedIn(pact, CHAT_STATES.traineeTalksWithTrainer, 'a request for a conversation of other people')
      .sends(
        'GET',
        conversationPath((id) => `/chat/conversations/${id}/`, INJECTED_CHAT.foreignConversationId),
      )
      .refuses(403, CHAT_MESSAGES.notMember)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          getConversation(signedInClient(mockServer), EXAMPLE_CONVERSATION),
          403,
          CHAT_MESSAGES.notMember,
        );
      });
  });

  it('starts a direct conversation with a trainer of her course (201)', async () => {
    await interaction(
      pact,
      CHAT_STATES.traineeMayStart,
      'a request to start a conversation with a trainer of her course',
      { ...bearerHeader(), ...JSON_CONTENT },
    )
      .sends('POST', apiPath('/chat/conversations/'), {
        user_id: injected(INJECTED_CHAT.trainerId, EXAMPLE_TRAINER),
      })
      .answers(201, {
        ...direct,
        peer: {
          ...person('Khalid Al-Otaibi', 'TRAINER', null),
          id: injected(INJECTED_CHAT.trainerId, EXAMPLE_TRAINER),
        },
        last_message: null,
        last_seq: integer(0),
        read_seq: integer(0),
        unread: integer(0),
        others_delivered_seq: integer(0),
        others_read_seq: integer(0),
      })
      .executeTest(async (mockServer) => {
        const started = await startConversation(signedInClient(mockServer), EXAMPLE_TRAINER);
        expect(started).toMatchObject({ kind: 'direct', last_message: null, peer: { id: EXAMPLE_TRAINER } });
      });
  });

  it('finds the direct conversation that exists (200)', async () => {
    await interaction(
      pact,
      CHAT_STATES.traineeTalksWithTrainer,
      'a request to start a conversation she already has',
      { ...bearerHeader(), ...JSON_CONTENT },
    )
      .sends('POST', apiPath('/chat/conversations/'), {
        user_id: injected(INJECTED_CHAT.trainerId, EXAMPLE_TRAINER),
      })
      .answers(200, { ...direct, id: injected(INJECTED_CHAT.conversationId, EXAMPLE_CONVERSATION) })
      .executeTest(async (mockServer) => {
        const found = await startConversation(signedInClient(mockServer), EXAMPLE_TRAINER);
        expect(found.id).toBe(EXAMPLE_CONVERSATION);
      });
  });

  it('refuses a conversation with a classmate with 403', async () => {
    await interaction(
      pact,
      CHAT_STATES.traineeTalksWithTrainer,
      'a request to start a conversation with another trainee',
      { ...bearerHeader(), ...JSON_CONTENT },
    )
      .sends('POST', apiPath('/chat/conversations/'), { user_id: injected(INJECTED_CHAT.classmateId, 9) })
      .refuses(403, CHAT_MESSAGES.cannotStart)
      .executeTest(async (mockServer) => {
        await expectRefusal(startConversation(signedInClient(mockServer), 9), 403, CHAT_MESSAGES.cannotStart);
      });
  });

  it('refuses a conversation with oneself with 400', async () => {
    await interaction(
      pact,
      CHAT_STATES.traineeTalksWithTrainer,
      'a request to start a conversation with oneself',
      { ...bearerHeader(), ...JSON_CONTENT },
    )
      .sends('POST', apiPath('/chat/conversations/'), { user_id: injected(INJECTED_CHAT.traineeId, 3) })
      .refuses(400, CHAT_MESSAGES.notYourself)
      .executeTest(async (mockServer) => {
        await expectRefusal(startConversation(signedInClient(mockServer), 3), 400, CHAT_MESSAGES.notYourself);
      });
  });
});

describe('Chat contract: history and contacts', () => {
  it('answers the newest page of a conversation, oldest first', async () => {
    await signedIn(
      pact,
      CHAT_STATES.traineeTalksWithTrainer,
      'a request for the newest messages of a conversation',
    )
      .sends(
        'GET',
        conversationPath((id) => `/chat/conversations/${id}/messages/`),
      )
      .answers(200, {
        results: eachLike({
          ...message,
          conversation_id: injected(INJECTED_CHAT.conversationId, EXAMPLE_CONVERSATION),
        }),
        has_more: false,
      })
      .executeTest(async (mockServer) => {
        const page = await getMessages(signedInClient(mockServer), EXAMPLE_CONVERSATION);
        expect(page.has_more).toBe(false);
        expect(page.results[0]?.seq).toBe(4);
      });
  });

  it('answers an older page before a sequence', async () => {
    await pact
      .addInteraction()
      .given(CHAT_STATES.traineeTalksWithTrainer)
      .uponReceiving('a request for the two messages before the fourth')
      .withRequest(
        'GET',
        conversationPath((id) => `/chat/conversations/${id}/messages/`),
        (b) => b.headers(bearerHeader()).query({ before: '4', limit: '2' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          results: [
            {
              ...message,
              seq: 2,
              conversation_id: injected(INJECTED_CHAT.conversationId, EXAMPLE_CONVERSATION),
            },
            {
              ...message,
              seq: 3,
              conversation_id: injected(INJECTED_CHAT.conversationId, EXAMPLE_CONVERSATION),
            },
          ],
          has_more: true,
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await getMessages(signedInClient(mockServer), EXAMPLE_CONVERSATION, {
          before: 4,
          limit: 2,
        });
        expect(page.results.map((m) => m.seq)).toEqual([2, 3]);
        expect(page.has_more).toBe(true);
      });
  });

  it("refuses the history of other people's conversation with 403", async () => {
    await signedIn(
      pact,
      CHAT_STATES.traineeTalksWithTrainer,
      "a request for the messages of other people's conversation",
    )
      .sends(
        'GET',
        conversationPath((id) => `/chat/conversations/${id}/messages/`, INJECTED_CHAT.foreignConversationId),
      )
      .refuses(403, CHAT_MESSAGES.notMember)
      .executeTest(async (mockServer) => {
        await expectRefusal(getMessages(signedInClient(mockServer), EXAMPLE_CONVERSATION), 403);
      });
  });

  it('lists the people the trainee may message, with the courses they share', async () => {
    await signedIn(pact, CHAT_STATES.traineeTalksWithTrainer, 'a request for the chat contacts')
      .sends('GET', apiPath('/chat/contacts/'))
      .answers(200, {
        results: arrayContaining({
          person: person('Dr. Ahmed Al-Mulla', 'TRAINER', '/media/avatars/person.svg'),
          courses: eachLike(course),
          conversation_id: integer(EXAMPLE_CONVERSATION),
        }),
      })
      .executeTest(async (mockServer) => {
        const contacts = await listChatContacts(signedInClient(mockServer));
        expect(contacts.results[0]?.person.role).toBe('TRAINER');
        expect(contacts.results[0]?.conversation_id).toBe(EXAMPLE_CONVERSATION);
      });
  });
});

/** A server → client message on /ws/chat, checked with the contract's schema. */
async function receives(
  description: string,
  content: Record<string, unknown>,
  expected: unknown,
): Promise<void> {
  await pact
    .addAsynchronousInteraction()
    .expectsToReceive(description, (b) => b.withJSONContent(content))
    .executeTest(async (received) => {
      expect(chatServerMessageSchema.parse(receivedJson(received))).toEqual(expected);
    });
}

describe('Chat contract: messages the API sends on /ws/chat', () => {
  it('acknowledges a stored message', () =>
    receives(
      CHAT_SOCKET_MESSAGES.ack,
      {
        type: 'chat_ack',
        client_id: uuid('c4a70000-0000-4000-8000-000041000004'),
        conversation_id: integer(41),
        seq: integer(4),
        created_at: regex(INSTANT, '2026-11-24T09:40:00.000Z'),
      },
      {
        type: 'chat_ack',
        client_id: 'c4a70000-0000-4000-8000-000041000004',
        conversation_id: 41,
        seq: 4,
        created_at: '2026-11-24T09:40:00.000Z',
      },
    ));

  it('pushes a message of a conversation', () =>
    receives(
      CHAT_SOCKET_MESSAGES.message,
      { type: 'chat_message', message },
      {
        type: 'chat_message',
        message: {
          conversation_id: 41,
          seq: 4,
          client_id: 'c4a70000-0000-4000-8000-000041000004',
          sender_id: 7,
          sender_name: 'Dr. Ahmed Al-Mulla',
          body: 'ممتاز! لا تنسي رفع الـ assignment قبل يوم الخميس.',
          created_at: '2026-11-24T09:40:00.000Z',
        },
      },
    ));

  it('ends the answer to a sync with the last sequence', () =>
    receives(
      CHAT_SOCKET_MESSAGES.synced,
      { type: 'chat_synced', conversation_id: integer(41), last_seq: integer(4) },
      { type: 'chat_synced', conversation_id: 41, last_seq: 4 },
    ));

  it("tells how far another member (or the user's other tab) got", () =>
    receives(
      CHAT_SOCKET_MESSAGES.receipt,
      {
        type: 'chat_receipt',
        conversation_id: integer(41),
        user_id: integer(7),
        delivered_seq: integer(4),
        read_seq: integer(3),
      },
      { type: 'chat_receipt', conversation_id: 41, user_id: 7, delivered_seq: 4, read_seq: 3 },
    ));

  it('tells that another member is typing', () =>
    receives(
      CHAT_SOCKET_MESSAGES.typing,
      {
        type: 'chat_typing',
        conversation_id: integer(41),
        user_id: integer(7),
        name: like('Dr. Ahmed Al-Mulla'),
      },
      { type: 'chat_typing', conversation_id: 41, user_id: 7, name: 'Dr. Ahmed Al-Mulla' },
    ));

  it('refuses a send with its client id and a sentence', () =>
    receives(
      CHAT_SOCKET_MESSAGES.error,
      {
        type: 'chat_error',
        client_id: uuid('c4a70000-0000-4000-8000-000041000005'),
        conversation_id: integer(41),
        code: regex('^(not_member|empty|too_long|too_fast|invalid)$', 'too_long'),
        message: like(CHAT_MESSAGES.tooLong),
      },
      {
        type: 'chat_error',
        client_id: 'c4a70000-0000-4000-8000-000041000005',
        conversation_id: 41,
        code: 'too_long',
        message: CHAT_MESSAGES.tooLong,
      },
    ));
});

/** A client → server message on /ws/chat, as the API reads it. */
async function apiReceives(description: string, content: Record<string, unknown>): Promise<void> {
  await messagesToApi
    .addAsynchronousInteraction()
    .expectsToReceive(description, (b) => b.withJSONContent(content))
    .executeTest(async (received) => {
      expect(chatClientMessageSchema.safeParse(receivedJson(received)).success).toBe(true);
    });
}

describe('Chat contract: messages the web app sends on /ws/chat', () => {
  it('sends a message with its client id', () =>
    apiReceives(CHAT_SOCKET_MESSAGES.send, {
      type: 'chat_send',
      conversation_id: integer(41),
      client_id: uuid('c4a70000-0000-4000-8000-000041000006'),
      body: like('Thank you, I will.'),
    }));

  it('asks for what came after the last message it saw', () =>
    apiReceives(CHAT_SOCKET_MESSAGES.sync, {
      type: 'chat_sync',
      positions: eachLike({ conversation_id: integer(41), after_seq: integer(3) }),
    }));

  it('says a device received messages', () =>
    apiReceives(CHAT_SOCKET_MESSAGES.received, {
      type: 'chat_received',
      conversation_id: integer(41),
      seq: integer(4),
    }));

  it('says the user read messages', () =>
    apiReceives(CHAT_SOCKET_MESSAGES.read, {
      type: 'chat_read',
      conversation_id: integer(41),
      seq: integer(4),
    }));

  it('says the user is typing', () =>
    apiReceives(CHAT_SOCKET_MESSAGES.typingSent, { type: 'chat_typing', conversation_id: integer(41) }));
});
