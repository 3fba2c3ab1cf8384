/**
 * Provider states of the chat contracts (tests/pact/chat.pact.test.ts), set up by
 * tests/provider/chat-states.ts. Keep the wording stable: it is written into the pact files.
 */
export const CHAT_STATES = {
  traineeTalksWithTrainer:
    "the trainee is signed in and talks with her course's trainer, directly and in the course's channel",
  traineeMayStart: 'the trainee is signed in and enrolled in a course of a trainer she has not talked to yet',
} as const;

/** Keys of what the chat states return besides the access token. */
export const INJECTED_CHAT = {
  /** The trainee's direct conversation with the trainer. */
  conversationId: 'chatConversationId',
  /** A direct conversation of two other people. */
  foreignConversationId: 'chatForeignConversationId',
  /** The trainer she talks with (traineeTalksWithTrainer) or may start with (traineeMayStart). */
  trainerId: 'chatTrainerId',
  /** A classmate of the same course: trainees do not start conversations with each other. */
  classmateId: 'chatClassmateId',
  /** The trainee herself. */
  traineeId: 'chatTraineeId',
} as const;

/** Descriptions of the messages on /ws/chat (the message pacts). */
export const CHAT_SOCKET_MESSAGES = {
  ack: 'a chat_ack: the sent message is stored with its sequence',
  message: 'a chat_message: a message of one of the conversations',
  synced: 'a chat_synced: the gap of a conversation is sent',
  receipt: 'a chat_receipt: a member received or read up to a message',
  typing: 'a chat_typing: another member is typing',
  error: 'a chat_error: a send was refused',
  send: 'a chat_send: the web app sends a message',
  sync: 'a chat_sync: the web app asks for what came after what it saw',
  received: 'a chat_received: a device of the user received messages',
  read: 'a chat_read: the user read messages',
  typingSent: 'a chat_typing: the user is typing',
} as const;
